import type { AttributeRule } from './attributes';
import { codePath, codePosition, codeWhole, MAX_CODE_POSITION, type FlatPostings, type InvertedIndex } from './inverted-index';
import type { QueryOptions } from './options';
import { CodeFigures, type Figures } from './code-figures';
import type { WordPlan } from './match';

/**
 * The docs a query can match, with their figures when the postings settle them: the first
 * `settled` entries, their figures equal to what `evaluate` computes (one word, or several read
 * from their codes, see {@link CodeFigures}); the docs after them must go through `evaluate`
 * (a join, split or phrase alternative touches them, or their codes cannot tell). Order within
 * each part is the scan's (ranking and facets do not depend on it). The figure arrays may run
 * longer than `settled` (scratch room a match set can adopt).
 */
export interface PostingMatches {
  readonly ids: Int32Array;
  readonly settled: number;
  readonly typos: Int32Array;
  readonly words: Int32Array;
  readonly proximity: Int32Array;
  readonly firstMatchedWord: Int32Array;
  readonly exactWords: Int32Array;
  /** Filter scores, all 0 (filled by whoever filters), as long as the figure arrays. */
  readonly filters: Float64Array;
  /** The largest and smallest value of each figure among the settled entries (ranking packs them without a pass to find out). */
  readonly maxima: FigureValues;
  readonly minima: FigureValues;
  /** The buffer behind every column: give it back with {@link releaseColumns} once no column is read any more. */
  readonly buffer: ArrayBuffer;
}

/** A buffer the columns of a finished query gave back, for the next query's (see {@link releaseColumns}). */
let spare: ArrayBuffer | null = null;

/** A zeroed buffer of at least `bytes` bytes: the spare one when large enough (clearing it costs far less than a new one). */
function columnsBuffer(bytes: number): ArrayBuffer {
  if (spare !== null && spare.byteLength >= bytes) {
    const buffer = spare;
    spare = null;
    new Uint8Array(buffer, 0, bytes).fill(0);
    return buffer;
  }
  return new ArrayBuffer(bytes);
}

/**
 * Gives back the buffer of a query's columns ({@link PostingMatches.buffer}), which nothing may
 * read after: the next query clears it and writes its columns there instead of allocating one
 * (a backing store cost as much as filling it).
 */
export function releaseColumns(buffer: ArrayBuffer): void {
  if (spare === null || buffer.byteLength > spare.byteLength) spare = buffer;
}

/** One value per ranking figure of a set of matches: the largest or the smallest (every figure is at least 0). */
export interface FigureValues {
  typos: number;
  words: number;
  proximity: number;
  first: number;
  exact: number;
}

/** Bitmasks hold one bit per query word. */
const MAX_WORDS = 30;

/**
 * Scratch reused across queries. Per doc id: a bit saying whether the doc entered this round
 * (the bitmap stays in cache where an array per doc would not: docs come in no memory order),
 * and its slot, written when it enters and read back only when another term meets it again.
 * Per slot (docs in the order they entered, which for the first word is ascending doc id): the
 * doc, the mask of query words it holds, its best typo count with flags above it, and its first
 * matched word, read and written in order.
 */
let seen = new Int32Array(0);
let slotOfDoc = new Int32Array(0);
let slotDocs = new Int32Array(0);
let slotMasks = new Int32Array(0);
let slotTypoFlags = new Int32Array(0);
let slotFirst = new Int32Array(0);
let entered = 0;
/**
 * Queries of several words: each slot's occurrences, chained (newest first) from its head as the
 * scan files them, so code figures read a doc's occurrences without searching the postings.
 */
let slotHead = new Int32Array(0);
const chain = { codes: new Int32Array(4096), readers: new Int32Array(4096), next: new Int32Array(4096) };
let chained = 0;

/** Typo counts sit in the low bits of a slot's typo flags; flags from this bit on. */
const FLAG_SHIFT = 16;
const TYPO_BITS = (1 << FLAG_SHIFT) - 1;
/** Flags: exact, exact in a single-word string, entered by a join, split or phrase alternative (always evaluated). */
const EXACT = 1 << FLAG_SHIFT;
const WHOLE = 2 << FLAG_SHIFT;
const GROUP = 4 << FLAG_SHIFT;
const NONE = 0x7fffffff;

/**
 * Whether the flat postings can answer: no quoted phrase (its words must follow each other, which
 * `evaluate` checks), at most {@link MAX_WORDS} words, at least one word not excluded.
 */
export function postingsApply(index: InvertedIndex, plans: readonly WordPlan[]): boolean {
  return index.flatUsable && plans.length <= MAX_WORDS && plans.some((p) => !p.word.excluded) && plans.every((p) => p.word.phrase < 0);
}

/**
 * One pass over the occurrences of every query term (doc ids and small integer codes, no doc
 * objects): which words each doc holds in a searchable attribute under the attribute rules, and
 * the one-word figures (typos, attribute, exactness). Docs holding one word are settled here,
 * docs holding several when their codes can tell (see {@link CodeFigures}); the rest are left to
 * `evaluate`.
 *
 * Only the rarest required word (and the join, split and phrase groups) admits new docs: a doc
 * lacking it cannot match, so the other words' occurrences only update docs already admitted.
 */
export function matchPostings(index: InvertedIndex, plans: readonly WordPlan[], rules: readonly AttributeRule[], options: QueryOptions, attributeOn: boolean): PostingMatches {
  const limit = index.docCount;
  if (slotDocs.length < limit) {
    const size = Math.max(limit, slotDocs.length * 2);
    seen = new Int32Array((size >>> 5) + 1);
    slotOfDoc = new Int32Array(size);
    slotDocs = new Int32Array(size);
    slotMasks = new Int32Array(size);
    slotTypoFlags = new Int32Array(size);
    slotFirst = new Int32Array(size);
    slotHead = new Int32Array(size);
  } else {
    // Clears the previous round's bits: a few thousand words, or the docs it entered when fewer.
    if (entered * 4 < seen.length) for (let slot = 0; slot < entered; slot++) seen[slotDocs[slot] >>> 5] = 0;
    else seen.fill(0);
  }
  entered = 0;
  chained = 0;
  let excluded = 0;
  let required = 0;
  let active = 0;
  let longWord = false;
  for (let i = 0; i < plans.length; i++) {
    const plan = plans[i];
    const bit = 1 << i;
    if (plan.word.excluded) excluded |= bit;
    else {
      active |= bit;
      if (!plan.word.optional) required |= bit;
      if (plan.word.term.length >= 3) longWord = true;
    }
    // Joins, splits and phrase alternatives need the doc's own occurrence lists: only docs holding all their words can match them.
    const groups = [...plan.concat.map((term) => [term]), ...plan.splits, ...plan.phrases.map((phrase) => phrase.words)];
    for (const group of groups) {
      for (const doc of holdingInOrder(index, group)) {
        slotTypoFlags[(seen[doc >>> 5] & (1 << (doc & 31))) === 0 ? enter(doc) : slotOfDoc[doc]] |= GROUP;
      }
    }
  }
  const opener = required !== 0 ? rarestRequired(index, plans) : -1;
  const singleWordQuery = (active & (active - 1)) === 0;
  // Readers numbered as code figures number them: active words in query order, their alternatives in the index.
  const firstReader = plans.map(() => -1);
  if (!singleWordQuery) {
    let readers = 0;
    plans.forEach((plan, i) => {
      if (plan.word.excluded) return;
      firstReader[i] = readers;
      for (const term of plan.alts.keys()) if (index.termId(term) >= 0) readers++;
    });
  }
  // The opener first, excluded words last: words that do not admit docs must find them all entered.
  const rank = (i: number) => (i === opener ? 0 : plans[i].word.excluded ? 2 : 1);
  const order = plans.map((_, i) => i).sort((a, b) => rank(a) - rank(b) || a - b);
  for (const i of order) {
    // Without a required word, every active word admits docs; excluded words never do.
    const admits = !plans[i].word.excluded && (opener < 0 || i === opener);
    scanWord(index, plans[i], 1 << i, admits, rules, attributeOn, firstReader[i]);
  }
  const mode = options.exactOnSingleWordQuery;
  const exactMode = !singleWordQuery ? EXACT_ANY : mode === 'none' ? EXACT_NEVER : mode === 'attribute' ? EXACT_WHOLE : longWord ? EXACT_ANY : EXACT_NEVER;
  const several = singleWordQuery ? null : new CodeFigures(index, plans, rules, attributeOn, options.minProximity);
  return collect(slotDocs, slotMasks, slotTypoFlags, slotFirst, entered, { excluded, required, active, exactMode, several });
}

/** How a settled doc's exactness counts (see `exactOnSingleWordQuery`). */
const EXACT_ANY = 0;
const EXACT_NEVER = 1;
const EXACT_WHOLE = 2;

/** Gives doc `doc` the next slot of this round; answers the slot. */
function enter(doc: number): number {
  const slot = entered++;
  seen[doc >>> 5] |= 1 << (doc & 31);
  slotOfDoc[doc] = slot;
  slotDocs[slot] = doc;
  slotMasks[slot] = 0;
  slotTypoFlags[slot] = TYPO_BITS;
  slotFirst[slot] = NONE;
  slotHead[slot] = -1;
  return slot;
}

/** Chains an occurrence (its code, the alternative that met it) to slot `slot`'s. */
function chainOccurrence(slot: number, code: number, reader: number): void {
  if (chained === chain.codes.length) {
    const grow = (list: Int32Array) => {
      const out = new Int32Array(list.length * 2);
      out.set(list);
      return out;
    };
    chain.codes = grow(chain.codes);
    chain.readers = grow(chain.readers);
    chain.next = grow(chain.next);
  }
  const at = chained++;
  chain.codes[at] = code;
  chain.readers[at] = reader;
  chain.next[at] = slotHead[slot];
  slotHead[slot] = at;
}

/**
 * The slots the query matches: settled ones from the front with their figures, those to
 * evaluate from the back. Takes its arrays as arguments so the loop runs on locals.
 */
function collect(
  docs: Int32Array,
  masks: Int32Array,
  typoFlags: Int32Array,
  first: Int32Array,
  count: number,
  query: { readonly excluded: number; readonly required: number; readonly active: number; readonly exactMode: number; readonly several: CodeFigures | null },
): PostingMatches {
  const { excluded, required, active, exactMode, several } = query;
  // One buffer for the seven columns, reused across queries: a backing store costs far more than a view.
  const buffer = columnsBuffer(count * 32);
  const ids = new Int32Array(buffer, 0, count);
  const typos = new Int32Array(buffer, count * 4, count);
  const words = new Int32Array(buffer, count * 8, count);
  const proximity = new Int32Array(buffer, count * 12, count);
  const firstOut = new Int32Array(buffer, count * 16, count);
  const exact = new Int32Array(buffer, count * 20, count);
  const filters = new Float64Array(buffer, count * 24, count);
  const figures: Figures = { typos: 0, words: 0, proximity: 0, first: 0, exact: 0 };
  let maxTypos = 0;
  let maxWords = 0;
  let maxProximity = 0;
  let maxFirst = 0;
  let maxExact = 0;
  let minTypos = NONE;
  let minWords = NONE;
  let minProximity = NONE;
  let minFirst = NONE;
  let minExact = NONE;
  let settled = 0;
  let back = count;
  for (let slot = 0; slot < count; slot++) {
    const flags = typoFlags[slot];
    if ((flags & GROUP) === 0) {
      const mask = masks[slot];
      if ((mask & excluded) !== 0 || (mask & required) !== required || (mask & active) === 0) continue;
      // One word: settled here, proximity 0.
      if ((mask & active & ((mask & active) - 1)) === 0) {
        const typoCount = flags & TYPO_BITS;
        const firstWord = first[slot] === NONE ? 0 : first[slot];
        const exactWord = exactMode === EXACT_NEVER ? 0 : (flags & (exactMode === EXACT_WHOLE ? WHOLE : EXACT)) !== 0 ? 1 : 0;
        ids[settled] = docs[slot];
        typos[settled] = typoCount;
        words[settled] = 1;
        firstOut[settled] = firstWord;
        exact[settled] = exactWord;
        settled++;
        if (typoCount > maxTypos) maxTypos = typoCount;
        if (firstWord > maxFirst) maxFirst = firstWord;
        if (exactWord > maxExact) maxExact = exactWord;
        if (typoCount < minTypos) minTypos = typoCount;
        if (firstWord < minFirst) minFirst = firstWord;
        if (exactWord < minExact) minExact = exactWord;
        maxWords = maxWords > 1 ? maxWords : 1;
        minWords = minWords < 1 ? minWords : 1;
        minProximity = 0;
        continue;
      }
      // Several words: proximity needs positions, read from the codes when they can tell.
      if (several !== null && several.figures(docs[slot], slotHead[slot], chain, figures)) {
        ids[settled] = docs[slot];
        typos[settled] = figures.typos;
        words[settled] = figures.words;
        proximity[settled] = figures.proximity;
        firstOut[settled] = figures.first;
        exact[settled] = figures.exact;
        settled++;
        if (figures.typos > maxTypos) maxTypos = figures.typos;
        if (figures.words > maxWords) maxWords = figures.words;
        if (figures.proximity > maxProximity) maxProximity = figures.proximity;
        if (figures.first > maxFirst) maxFirst = figures.first;
        if (figures.exact > maxExact) maxExact = figures.exact;
        if (figures.typos < minTypos) minTypos = figures.typos;
        if (figures.words < minWords) minWords = figures.words;
        if (figures.proximity < minProximity) minProximity = figures.proximity;
        if (figures.first < minFirst) minFirst = figures.first;
        if (figures.exact < minExact) minExact = figures.exact;
        continue;
      }
    }
    ids[--back] = docs[slot];
  }
  // Close the gap between the two parts.
  ids.copyWithin(settled, back, count);
  const n = settled + count - back;
  const maxima = { typos: maxTypos, words: maxWords, proximity: maxProximity, first: maxFirst, exact: maxExact };
  const minima = { typos: minTypos, words: minWords, proximity: minProximity, first: minFirst, exact: minExact };
  return { ids: ids.subarray(0, n), settled, typos, words, proximity, firstMatchedWord: firstOut, exactWords: exact, filters, maxima, minima, buffer };
}

/** The required word whose alternatives have the fewest occurrences. */
function rarestRequired(index: InvertedIndex, plans: readonly WordPlan[]): number {
  let best = -1;
  let bestSize = Infinity;
  plans.forEach((plan, i) => {
    if (plan.word.excluded || plan.word.optional) return;
    let size = 0;
    for (const term of plan.alts.keys()) {
      const termId = index.termId(term);
      if (termId >= 0) size += index.flat(termId).docs.length;
    }
    if (size < bestSize) {
      best = i;
      bestSize = size;
    }
  });
  return best;
}

/** The attribute rules as an alternative meets them, per path id, so the scan reads numbers only. */
let base = new Int32Array(16);
let ordered = new Uint8Array(16);
let exactHere = new Uint8Array(16);

/** A scanned doc not entered yet, which enters on its first occurrence that counts. */
const PENDING = -2;

/** Files one word's occurrences: its bit, best typo count, first matched word and exactness per doc. */
function scanWord(index: InvertedIndex, plan: WordPlan, bit: number, admits: boolean, rules: readonly AttributeRule[], attributeOn: boolean, firstReader: number): void {
  if (base.length < rules.length) {
    base = new Int32Array(rules.length * 2);
    ordered = new Uint8Array(rules.length * 2);
    exactHere = new Uint8Array(rules.length * 2);
  }
  const tombstoned = index.hasTombstones ? index : null;
  // The alternative's reader number when occurrences are chained (queries of several words), else -1.
  let reader = firstReader - 1;
  for (const [term, alt] of plan.alts) {
    const termId = index.termId(term);
    if (termId < 0) continue;
    if (firstReader >= 0) reader++;
    for (let p = 0; p < rules.length; p++) {
      const rule = rules[p];
      const counts = rule.index >= 0 && !(alt.typos > 0 && rule.noTypo) && !(alt.prefixOnly && rule.noPrefix);
      base[p] = !counts ? -1 : attributeOn ? rule.index * 1000 : 0;
      ordered[p] = attributeOn && !rule.unordered ? 1 : 0;
      exactHere[p] = alt.exact && !rule.noExact ? 1 : 0;
    }
    const { docs, codes } = index.flat(termId);
    // Locals, not the module's arrays: the loop then keeps them in registers.
    const bitmap = seen;
    const slotOf = slotOfDoc;
    const slotMask = slotMasks;
    const slotFlags = slotTypoFlags;
    const slotFirstWord = slotFirst;
    const bases = base;
    const orderedHere = ordered;
    const exactAt = exactHere;
    const typos = alt.typos;
    // A doc's occurrences of a term are adjacent: its slot is looked up once per run of them.
    let lastDoc = -1;
    let slot = -1;
    for (let k = 0; k < docs.length; k++) {
      const doc = docs[k];
      if (doc !== lastDoc) {
        lastDoc = doc;
        // Not entered yet: skipped at once by a word that does not admit docs (most of its occurrences), else entered on its first occurrence that counts.
        slot = (bitmap[doc >>> 5] & (1 << (doc & 31))) !== 0 ? slotOf[doc] : admits ? PENDING : -1;
      }
      if (slot === -1) continue;
      const code = codes[k];
      const path = codePath(code);
      const from = bases[path];
      if (from < 0) continue;
      if (slot === PENDING) {
        if (tombstoned !== null && tombstoned.doc(doc) === undefined) {
          slot = -1;
          continue;
        }
        slot = enter(doc);
      }
      slotMask[slot] |= bit;
      let flags = slotFlags[slot];
      if (typos < (flags & TYPO_BITS)) flags = (flags & ~TYPO_BITS) | typos;
      if (exactAt[path] === 1) flags |= codeWhole(code) ? EXACT | WHOLE : EXACT;
      slotFlags[slot] = flags;
      const value = orderedHere[path] === 1 ? from + codePosition(code) : from;
      if (value < slotFirstWord[slot]) slotFirstWord[slot] = value;
      if (reader >= 0) chainOccurrence(slot, code, reader);
    }
  }
}

/**
 * Live docs that may hold `terms` one after the other in one attribute: those holding them all
 * whose flat codes place them at consecutive positions of one path (array elements share a path,
 * so some docs kept here still fail `evaluate`, which decides). The shortest list drives; the
 * others are searched forward from where the previous doc was found, by galloping.
 */
function holdingInOrder(index: InvertedIndex, terms: readonly string[]): number[] {
  const lists: FlatPostings[] = [];
  for (const term of terms) {
    const termId = index.termId(term);
    if (termId < 0) return [];
    lists.push(index.flat(termId));
  }
  let driver = 0;
  for (let k = 1; k < lists.length; k++) if (lists[k].docs.length < lists[driver].docs.length) driver = k;
  const cursors = new Array<number>(lists.length).fill(0);
  const ends = new Array<number>(lists.length).fill(0);
  const tombstoned = index.hasTombstones ? index : null;
  const out: number[] = [];
  const docs = lists[driver].docs;
  for (let at = 0; at < docs.length; ) {
    const doc = docs[at];
    let end = at + 1;
    while (end < docs.length && docs[end] === doc) end++;
    cursors[driver] = at;
    ends[driver] = end;
    at = end;
    let all = true;
    for (let k = 0; k < lists.length && all; k++) {
      if (k === driver) continue;
      const other = lists[k].docs;
      const from = seekDoc(other, doc, cursors[k]);
      cursors[k] = from;
      if (from >= other.length || other[from] !== doc) all = false;
      else {
        let to = from + 1;
        while (to < other.length && other[to] === doc) to++;
        ends[k] = to;
      }
    }
    if (!all || (tombstoned !== null && tombstoned.doc(doc) === undefined)) continue;
    if (lists.length === 1 || inOrder(lists, cursors, ends)) out.push(doc);
  }
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

/** Where a doc's entries start in flat postings, searching forward from `from` (docs ascending, `doc` not before `from`'s): galloping, then a binary search. */
function seekDoc(docs: ArrayLike<number>, doc: number, from: number): number {
  let step = 1;
  let lo = from;
  let hi = from;
  while (hi < docs.length && docs[hi] < doc) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > docs.length) hi = docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid] < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
