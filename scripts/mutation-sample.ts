/**
 * A seeded sample of a module's source for `npm run mutation -- <module> --sample <fraction>`:
 * a module too large to mutate whole on two cores (engine: about 9,000 lines, five hours) gets
 * its score estimated from the mutants of randomly drawn blocks of lines, the same blocks for
 * the same seed, so two runs compare.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Lines per drawn block: a few statements, so a block's mutants share a context. */
const BLOCK = 8;

/** The `.ts` files a module glob (`<dir>/**\/*.ts`) names. */
function filesOf(glob: string): string[] {
  const dir = glob.replace(/\/\*\*\/\*\.ts$/, '');
  if (dir === glob) return [glob];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .map((file) => join(dir, file));
}

/** mulberry32: a small seeded generator, so a sample is the same on every machine. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Stryker `mutate` entries (`file:from-to`) for each block drawn with probability `fraction`. */
export function sampleRanges(globs: readonly string[], fraction: number, seed: number): string[] {
  const draw = generator(seed);
  const ranges: string[] = [];
  for (const file of globs.flatMap(filesOf)) {
    const lines = readFileSync(file, 'utf8').split('\n').length;
    for (let from = 1; from <= lines; from += BLOCK) {
      if (draw() < fraction) ranges.push(`${file}:${from}-${Math.min(lines, from + BLOCK - 1)}`);
    }
  }
  return ranges;
}

/** The score and its 95% interval (normal approximation; blocks cluster mutants, so it is a floor). */
export function estimate(detected: number, valid: number): string {
  const p = detected / Math.max(1, valid);
  const half = 1.96 * Math.sqrt((p * (1 - p)) / Math.max(1, valid));
  return `${(100 * p).toFixed(1)}% ± ${(100 * half).toFixed(1)} (95%, ${valid} sampled mutants)`;
}
