declare module 'seedrandom/lib/alea.js' {
  interface AleaPrng {
    (): number;
    state(): object;
  }
  function alea(seed: string, options: { state: boolean | object }): AleaPrng;
  export default alea;
}
