/**
 * A seeded sample of a module's source for `npm run mutation -- <module> --sample <fraction>`:
 * a module too large to mutate whole on two cores (engine: about 9,000 lines, five hours) gets
 * its score estimated from the mutants of randomly drawn blocks of lines, the same blocks for
 * the same seed, so two runs compare.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRandom } from '../src/emulator/random';

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

/** Stryker `mutate` entries (`file:from-to`) for each block drawn with probability `fraction`. */
export function sampleRanges(globs: readonly string[], fraction: number, seed: number): string[] {
  // The emulator's own seeded generator: the same blocks for the same seed on every machine.
  const { next: draw } = createRandom(seed);
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
