import type { InvertedIndex } from './inverted-index';
import type { WordPlan } from './match';

/**
 * The docs that may hold every required word of a query, found before the scan from doc ids
 * alone: the opener's docs, kept when each other required word has an occurrence there. Paths
 * and deletions are not read, so it is a superset of the docs that match (the scan decides).
 *
 * The opener's scan then enters only these docs, not every doc holding the rarest word, and the
 * other required words' scans read back only the occurrences met here (`picked`), not their
 * lists again: a two-word query's rarer word is held by hundreds of docs, the few that also
 * hold the other word match.
 */
export interface RequiredDocs {
  /** One bit per doc id; cleared by {@link releaseRequiredDocs}. */
  readonly bits: Int32Array;
  /** How many bits are set. */
  readonly count: number;
  /**
   * Per query word (empty for the opener and words not required): per alternative with postings,
   * in the plan's order, where its entries of `picked` start (entries `from[t]` to `from[t + 1]`,
   * exclusive): the indices, ascending, of its occurrences whose doc was still kept when the word
   * was read.
   */
  readonly from: readonly (readonly number[])[];
  readonly picked: Int32Array;
}

/** This file's scratch, reused across queries. */
const scratch = {
  /** Two bitmaps: the docs kept so far and those the word being read keeps. */
  kept: new Int32Array(0),
  next: new Int32Array(0),
  picked: new Int32Array(1024),
  /** Whether bits may be left set (a query that threw before releasing them). */
  dirty: false,
  /** The bitmaps' words the last call used. */
  used: 0,
};

/**
 * The docs holding the opener (word `opener`) and every other word whose bit is in `required`,
 * read in query order.
 */
export function requiredDocs(
  index: InvertedIndex,
  plans: readonly WordPlan[],
  opener: number,
  required: number,
): RequiredDocs {
  const s = scratch;
  const words = (index.docCount >>> 5) + 1;
  if (s.kept.length < words) {
    s.kept = new Int32Array(words * 2);
    s.next = new Int32Array(words * 2);
  } else if (s.dirty) {
    s.kept.fill(0);
    s.next.fill(0);
  }
  s.dirty = true;
  s.used = words;
  let bits = s.kept;
  let fresh = s.next;
  let count = 0;
  for (const term of plans[opener].alts.keys()) {
    const termId = index.termId(term);
    if (termId < 0) continue;
    const docs = index.flat(termId).docs;
    for (let k = 0; k < docs.length; k++) bits[docs[k] >>> 5] |= 1 << (docs[k] & 31);
  }
  let total = 0;
  const from: number[][] = plans.map(() => []);
  for (let i = 0; i < plans.length; i++) {
    if (i === opener || (required & (1 << i)) === 0) continue;
    count = 0;
    const starts = from[i];
    for (const term of plans[i].alts.keys()) {
      const termId = index.termId(term);
      if (termId < 0) continue;
      starts.push(total);
      const docs = index.flat(termId).docs;
      if (s.picked.length < total + docs.length) s.picked = grown(s.picked, total + docs.length);
      const out = s.picked;
      const have = bits;
      const add = fresh;
      for (let k = 0; k < docs.length; k++) {
        const doc = docs[k];
        const bit = 1 << (doc & 31);
        if ((have[doc >>> 5] & bit) === 0) continue;
        out[total++] = k;
        if ((add[doc >>> 5] & bit) === 0) {
          add[doc >>> 5] |= bit;
          count++;
        }
      }
    }
    starts.push(total);
    bits.fill(0, 0, words);
    [bits, fresh] = [fresh, bits];
  }
  s.kept = bits;
  s.next = fresh;
  return { bits, count, from, picked: s.picked };
}

/** Clears the bits of the last {@link requiredDocs} (the other bitmap is already clear). */
export function releaseRequiredDocs(docs: RequiredDocs): void {
  docs.bits.fill(0, 0, scratch.used);
  scratch.dirty = false;
}

function grown(list: Int32Array, size: number) {
  const out = new Int32Array(Math.max(size, list.length * 2));
  out.set(list);
  return out;
}
