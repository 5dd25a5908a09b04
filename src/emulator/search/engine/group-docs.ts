/**
 * The docs that may match a join, split or phrase alternative: those holding its words one after
 * the other in one attribute, found from the words' flat postings (doc ids and codes) before the
 * scan, which enters them to go through `evaluate`.
 */
import { codePath, codePosition, MAX_CODE_POSITION, type FlatPostings } from './flat-postings';
import type { InvertedIndex } from './inverted-index';

/**
 * Live docs that may hold `terms` one after the other in one attribute: those holding them all
 * whose flat codes place them at consecutive positions of one path (array elements share a path,
 * so some docs kept here still fail `evaluate`, which decides). The docs tried are the shortest
 * list's, or those two lists of like length share (see {@link sharedDocs}); each list is searched
 * forward for them from where the previous doc was found, by galloping.
 */
export function holdingInOrder(index: InvertedIndex, terms: readonly string[]): number[] {
  const lists: FlatPostings[] = [];
  for (const term of terms) {
    const termId = index.termId(term);
    if (termId < 0) return [];
    lists.push(index.flat(termId));
  }
  let driver = 0;
  for (let k = 1; k < lists.length; k++) if (lists[k].docs.length < lists[driver].docs.length) driver = k;
  const longer = lists.length === 2 ? lists[1 - driver].docs : null;
  const tried =
    longer !== null && longer.length <= SHARED_RATIO * lists[driver].docs.length
      ? sharedDocs(index, lists[driver].docs, longer)
      : lists[driver].docs;
  const cursors = new Array<number>(lists.length).fill(0);
  const ends = new Array<number>(lists.length).fill(0);
  const tombstoned = index.hasTombstones ? index : null;
  const out: number[] = [];
  let last = -1;
  for (let at = 0; at < tried.length; at++) {
    const doc = tried[at];
    if (doc === last) continue;
    last = doc;
    let all = true;
    for (let k = 0; k < lists.length && all; k++) {
      const docs = lists[k].docs;
      const from = seekDoc(docs, doc, cursors[k]);
      cursors[k] = from;
      if (from >= docs.length || docs[from] !== doc) all = false;
      else {
        let to = from + 1;
        while (to < docs.length && docs[to] === doc) to++;
        ends[k] = to;
      }
    }
    if (!all || (tombstoned !== null && tombstoned.recordAt(doc) === undefined)) continue;
    if (lists.length === 1 || inOrder(lists, cursors, ends)) out.push(doc);
  }
  return out;
}

/**
 * Up to this ratio of their lengths, two lists' shared docs are found by marking the shorter's in
 * a bitmap and reading the longer's, not by galloping: few docs hold both words in a row, and a
 * bitmap check costs a fraction of a galloping search.
 */
const SHARED_RATIO = 16;

/** This file's scratch: per doc id, a bit held by the shorter list ({@link sharedDocs}); all clear between calls. */
const scratch = { marked: new Int32Array(0) };

/** The docs both lists hold, ascending (each list's docs ascending). */
function sharedDocs(index: InvertedIndex, shorter: Int32Array, longer: Int32Array): number[] {
  const words = (index.docCount >>> 5) + 1;
  if (scratch.marked.length < words) scratch.marked = new Int32Array(words * 2);
  const bits = scratch.marked;
  for (let k = 0; k < shorter.length; k++) bits[shorter[k] >>> 5] |= 1 << (shorter[k] & 31);
  const out: number[] = [];
  let last = -1;
  for (let k = 0; k < longer.length; k++) {
    const doc = longer[k];
    if ((bits[doc >>> 5] & (1 << (doc & 31))) === 0 || doc === last) continue;
    out.push(doc);
    last = doc;
  }
  for (let k = 0; k < shorter.length; k++) bits[shorter[k] >>> 5] = 0;
  return out;
}

/** Whether some occurrence of the first list starts a run with the k-th list's occurrence k words after it (each list's codes of one doc: `[cursors[k], ends[k])`). */
function inOrder(lists: readonly FlatPostings[], cursors: readonly number[], ends: readonly number[]): boolean {
  const first = lists[0].codes;
  for (let a = cursors[0]; a < ends[0]; a++) {
    const start = first[a];
    let run = true;
    for (let k = 1; k < lists.length && run; k++) {
      const codes = lists[k].codes;
      run = false;
      for (let b = cursors[k]; b < ends[k] && !run; b++) run = follows(start, codes[b], k);
    }
    if (run) return true;
  }
  return false;
}

/** Whether occurrence `code` sits `k` words after occurrence `start` in the same path (kept past the capped positions, where order cannot be told). */
function follows(start: number, code: number, k: number): boolean {
  if (codePath(code) !== codePath(start)) return false;
  const from = codePosition(start);
  return codePosition(code) === from + k || from + k >= MAX_CODE_POSITION;
}

/** Where a doc's entries start in flat postings (or `docs[from, to)`), searching forward from `from` (docs ascending, `doc` not before `from`'s): galloping, then a binary search. */
export function seekDoc(docs: ArrayLike<number>, doc: number, from: number, to = docs.length): number {
  let step = 1;
  let lo = from;
  let hi = from;
  while (hi < to && docs[hi] < doc) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > to) hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid] < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
