/**
 * The emulator as its users load it: the package's built entry (`dist/`, made by `npm run build`,
 * which `npm run bench` runs first), not the TypeScript sources. tsx compiles the sources with
 * `keepNames`, which sets a name on every closure a query makes; bench:ab measured those sources
 * 2-5% slower than the built package.
 */
export function loadPackage(): Promise<typeof import('../src')> {
  return import(new URL('../dist/index.js', import.meta.url).href);
}
