import type { WordPlan } from './match';
import { termHash } from './tokenize';

/**
 * Past this many terms (a prefix of one or two letters in a large vocabulary), hashing them all
 * costs more than looking up each word of a page of hits: the filter lets every word pass.
 */
const FILTER_LIMIT = 2_048;
const NO_FILTER = new Uint32Array(0);

/** Spreads a {@link termHash} (FNV-1a, weak in its low bits) over all bits. */
function mix(hash: number): number {
  const h = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  return h ^ (h >>> 16);
}

/**
 * A Bloom filter (two bits a term, by {@link termHash}) of the terms some plan can match: its
 * alternatives, joined words and split parts.
 */
export function termFilter(plans: readonly WordPlan[]): Uint32Array {
  let terms = 0;
  for (const plan of plans) terms += plan.alts.size + plan.aside.size + plan.concat.length + 2 * plan.splits.length;
  if (terms > FILTER_LIMIT) return NO_FILTER;
  // About 16 bits a term: a word that matches nothing passes in some 1.5% of cases (and is then looked up).
  let words = 8;
  while (words * 32 < terms * 16) words *= 2;
  const bits = new Uint32Array(words);
  for (const plan of plans) {
    for (const term of plan.alts.keys()) add(bits, term);
    for (const term of plan.aside.keys()) add(bits, term);
    for (const term of plan.concat) add(bits, term);
    for (const [a, b] of plan.splits) {
      add(bits, a);
      add(bits, b);
    }
  }
  return bits;
}

function add(bits: Uint32Array, term: string): void {
  const mixed = mix(termHash(term));
  const size = (bits.length << 5) - 1;
  const a = mixed & size;
  const b = (mixed >>> 16) & size;
  bits[a >>> 5] |= 1 << (a & 31);
  bits[b >>> 5] |= 1 << (b & 31);
}

/** Whether a term whose {@link termHash} is `hash` may be in the filter (false: it is not). */
export function mayHold(bits: Uint32Array, hash: number): boolean {
  if (bits.length === 0) return true;
  const mixed = mix(hash);
  const size = (bits.length << 5) - 1;
  const a = mixed & size;
  const b = (mixed >>> 16) & size;
  return (bits[a >>> 5] & (1 << (a & 31))) !== 0 && (bits[b >>> 5] & (1 << (b & 31))) !== 0;
}
