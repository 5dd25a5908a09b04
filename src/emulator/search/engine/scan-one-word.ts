/**
 * The scan of the usual query: one word, nothing excluded, no join or split. Every doc holding
 * the word in a searchable attribute matches, so its slot is the answer's entry, filed with its
 * figures on its first occurrence (no mask, no chain).
 */
import type { AttributeRule } from './attributes';
import { codePath, codePosition, codeWhole, type FlatPostings } from './flat-postings';
import type { InvertedIndex } from './inverted-index';
import type { Alternative, WordPlan } from './match';
import type { FigureValues, PostingMatches } from './postings-match';
import { EXACT_NEVER, EXACT_WHOLE, NONE, PENDING, scratch, type Slots } from './postings-scratch';

/** What {@link scanSingle} found besides the slots it filed. */
export interface SingleScan {
  readonly minima: FigureValues;
  readonly maxima: FigureValues;
  /** Docs of worse typo tiers counted, not filed (see {@link countUnlisted}). */
  readonly unlisted: number;
}

/**
 * Files the docs holding the word of `plan`. Docs are looked up only when an earlier alternative
 * may have filed them, and marked only when a later one may meet them.
 *
 * Alternatives are read by typo count, fewest first (a doc's entry then holds its best count from
 * the start); once the tiers read hold `listed` docs, the worse tiers' docs are only counted.
 */
export function scanSingle(
  index: InvertedIndex,
  plan: WordPlan,
  rules: readonly AttributeRule[],
  attributeOn: boolean,
  exactMode: number,
  listed: number,
): SingleScan {
  const tombstoned = index.hasTombstones ? index : null;
  const exactValue = exactMode === EXACT_NEVER ? 0 : exactMode === EXACT_WHOLE ? 2 : 1;
  const found: [FlatPostings, Alternative][] = [];
  for (const [term, alt] of plan.alts) {
    const termId = index.termId(term);
    if (termId >= 0) found.push([index.flat(termId), alt]);
  }
  // Stable: ranking never depends on the order docs enter in (ties go by record order). A prefix's
  // hundreds of alternatives are one tier: checked, not sorted.
  if (found.some((entry, a) => a > 0 && entry[1].typos < found[a - 1][1].typos))
    found.sort((x, y) => x[1].typos - y[1].typos);
  const s = scratch;
  let unlisted = 0;
  const { ids, typos: slotTypos, first: slotFirst, exact: slotExact } = s.slots;
  const bitmap = s.seen;
  const slotOf = s.slotOfDoc;
  // Bounds of the figures of every occurrence filed.
  let minTypos = NONE;
  let maxTypos = 0;
  let minFirst = NONE;
  let maxFirst = 0;
  let minExact = NONE;
  let maxExact = 0;
  for (let a = 0; a < found.length; a++) {
    const [{ docs, codes }, alt] = found[a];
    if (
      a > 0 &&
      alt.typos > found[a - 1][1].typos &&
      s.entered > 0 &&
      s.entered >= listed &&
      !found.slice(a).some(([, later]) => later.exact)
    ) {
      const rest = countUnlisted(index, found, a, rules, attributeOn);
      unlisted = rest.count;
      if (rest.first < minFirst) minFirst = rest.first;
      break;
    }
    s.rulesFor(alt, rules, attributeOn, exactValue);
    const bases = s.base;
    const orderedHere = s.ordered;
    const exactAt = s.exactHere;
    const typos = alt.typos;
    const lookUp = s.entered > 0;
    const mark = a < found.length - 1;
    const total = docs.length;
    const byRuns = s.runCount >= 0;
    if (byRuns) s.startLookups(true);
    // A local while the loop runs (the slots lookups do not read it), stored back after.
    let entered = s.entered;
    let lastDoc = -1;
    let slot = -1;
    let filed = false;
    for (let k = 0; k < total; k++) {
      const doc = docs[k];
      if (doc !== lastDoc) {
        lastDoc = doc;
        slot =
          lookUp && (bitmap[doc >>> 5] & (1 << (doc & 31))) !== 0
            ? byRuns
              ? s.slotInRuns(doc)
              : slotOf[doc]
            : PENDING;
      }
      if (slot === -1) continue;
      const code = codes[k];
      const path = codePath(code);
      const from = bases[path];
      if (from < 0) continue;
      const exactCode = exactAt[path];
      const exact = exactCode !== 0 && (exactCode === 1 || codeWhole(code)) ? 1 : 0;
      const value = orderedHere[path] === 1 ? from + codePosition(code) : from;
      if (value < minFirst) minFirst = value;
      if (value > maxFirst) maxFirst = value;
      if (exact < minExact) minExact = exact;
      if (exact > maxExact) maxExact = exact;
      filed = true;
      if (slot === PENDING) {
        if (tombstoned !== null && tombstoned.recordAt(doc) === undefined) {
          slot = -1;
          continue;
        }
        slot = entered++;
        ids[slot] = doc;
        slotTypos[slot] = typos;
        slotFirst[slot] = value;
        slotExact[slot] = exact;
        if (mark) {
          bitmap[doc >>> 5] |= 1 << (doc & 31);
          if (!byRuns) slotOf[doc] = slot;
        }
        continue;
      }
      if (typos < slotTypos[slot]) slotTypos[slot] = typos;
      if (exact > slotExact[slot]) slotExact[slot] = exact;
      if (value < slotFirst[slot]) slotFirst[slot] = value;
    }
    s.entered = entered;
    if (byRuns) s.endRun();
    if (filed) {
      if (typos < minTypos) minTypos = typos;
      if (typos > maxTypos) maxTypos = typos;
    }
  }
  const some = s.entered > 0;
  return {
    minima: { typos: minTypos, words: some ? 1 : NONE, proximity: some ? 0 : NONE, first: minFirst, exact: minExact },
    maxima: { typos: maxTypos, words: some ? 1 : 0, proximity: 0, first: maxFirst, exact: maxExact },
    unlisted,
  };
}

/**
 * The docs alternatives `start` onwards of `found` (worse typo tiers) add to those entered:
 * counted once each (a bit in the scratch's `counted`), never given a slot. An occurrence counts
 * where it would be filed: in a path the alternative's rules keep, of a doc not deleted. A worse
 * tier still meets entered docs, whose attribute is the best of every occurrence: it files those
 * (not their exactness: no alternative it reads is exact); answers the lowest first matched word
 * it filed.
 */
function countUnlisted(
  index: InvertedIndex,
  found: readonly [FlatPostings, Alternative][],
  start: number,
  rules: readonly AttributeRule[],
  attributeOn: boolean,
): { count: number; first: number } {
  const tombstoned = index.hasTombstones ? index : null;
  const s = scratch;
  const entries = s.seen;
  const others = s.counted;
  const slotOf = s.slotOfDoc;
  const slotFirst = s.slots.first;
  let count = 0;
  let lowestFirst = NONE;
  for (let a = start; a < found.length; a++) {
    const [{ docs, codes }, alt] = found[a];
    s.rulesFor(alt, rules, attributeOn, 0);
    const bases = s.base;
    const orderedHere = s.ordered;
    const byRuns = s.runCount >= 0;
    if (byRuns) s.startLookups(false);
    let lastDoc = -1;
    // The doc's slot, PENDING when it is neither entered nor counted yet, -1 when there is nothing to file.
    let slot = -1;
    for (let k = 0; k < docs.length; k++) {
      const doc = docs[k];
      if (doc !== lastDoc) {
        lastDoc = doc;
        const word = doc >>> 5;
        const bit = 1 << (doc & 31);
        slot =
          (entries[word] & bit) !== 0
            ? byRuns
              ? s.slotInRuns(doc)
              : slotOf[doc]
            : (others[word] & bit) !== 0
              ? -1
              : PENDING;
      }
      if (slot === -1) continue;
      const code = codes[k];
      const path = codePath(code);
      const from = bases[path];
      if (from < 0) continue;
      if (slot === PENDING) {
        slot = -1;
        if (tombstoned !== null && tombstoned.recordAt(doc) === undefined) continue;
        others[doc >>> 5] |= 1 << (doc & 31);
        count++;
        continue;
      }
      const value = orderedHere[path] === 1 ? from + codePosition(code) : from;
      if (value < slotFirst[slot]) {
        slotFirst[slot] = value;
        if (value < lowestFirst) lowestFirst = value;
      }
    }
  }
  return { count, first: lowestFirst };
}

/**
 * The answer of a one-word query: its `count` slots as they are, with one word each and
 * proximity 0. Its bounds are the scan's over every occurrence it filed: each entry's figures lie
 * within them (a slot keeps the best of its occurrences), which is all ranking needs of them.
 */
export function settledSlots(columns: Slots, count: number, scanned: SingleScan): PostingMatches {
  const { ids, typos, words, proximity, first, exact, filters } = columns;
  words.fill(1, 0, count);
  proximity.fill(0, 0, count);
  filters.fill(0, 0, count);
  const { maxima, minima, unlisted } = scanned;
  return {
    ids: ids.subarray(0, count),
    settled: count,
    typos,
    words,
    proximity,
    firstMatchedWord: first,
    exactWords: exact,
    filters,
    maxima,
    minima,
    buffer: columns.buffer,
    unlisted,
  };
}
