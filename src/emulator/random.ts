import alea from 'seedrandom/lib/alea.js';

/** The emulator's only source of randomness: a seeded generator whose state goes into snapshots. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** `length` characters drawn from `alphabet`. */
  chars(length: number, alphabet?: string): string;
  /** Opaque generator state, for snapshots. */
  save(): RandomState;
  restore(state: RandomState): void;
}

export type RandomState = object;

const HEX = '0123456789abcdef';

export function createRandom(seed: string | number): Random {
  let prng = alea(String(seed), { state: true });
  const next = () => prng();
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chars(length, alphabet = HEX) {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
    save: () => prng.state(),
    restore(state) {
      prng = alea('', { state });
    },
  };
}
