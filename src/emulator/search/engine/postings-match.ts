import type { AttributeRule } from './attributes';
import { codePath, codePosition, codeWhole, MAX_CODE_POSITION, type InvertedIndex } from './inverted-index';
import type { QueryOptions } from './options';
import { CodeFigures, lowerBound, type Figures } from './code-figures';
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
/** Per doc id: how many of a group's terms it holds (see {@link holdingAll}). */
let held = new Int32Array(0);
let heldGeneration = new Int32Array(0);
let heldRound = 0;

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
    held = new Int32Array(size);
    heldGeneration = new Int32Array(size);
    heldRound = 0;
  } else {
    // Clears the previous round's bits: a few thousand words, or the docs it entered when fewer.
    if (entered * 4 < seen.length) for (let slot = 0; slot < entered; slot++) seen[slotDocs[slot] >>> 5] = 0;
    else seen.fill(0);
  }
  entered = 0;
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
  // The opener first, excluded words last: words that do not admit docs must find them all entered.
  const rank = (i: number) => (i === opener ? 0 : plans[i].word.excluded ? 2 : 1);
  const order = plans.map((_, i) => i).sort((a, b) => rank(a) - rank(b) || a - b);
  for (const i of order) {
    // Without a required word, every active word admits docs; excluded words never do.
    const admits = !plans[i].word.excluded && (opener < 0 || i === opener);
    scanWord(index, plans[i], 1 << i, admits, rules, attributeOn);
  }
  const singleWordQuery = (active & (active - 1)) === 0;
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
  return slot;
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
  const ids = new Int32Array(count);
  const typos = new Int32Array(count);
  const words = new Int32Array(count);
  const proximity = new Int32Array(count);
  const firstOut = new Int32Array(count);
  const exact = new Int32Array(count);
  const figures: Figures = { typos: 0, words: 0, proximity: 0, first: 0, exact: 0 };
  let settled = 0;
  let back = count;
  for (let slot = 0; slot < count; slot++) {
    const flags = typoFlags[slot];
    if ((flags & GROUP) === 0) {
      const mask = masks[slot];
      if ((mask & excluded) !== 0 || (mask & required) !== required || (mask & active) === 0) continue;
      // One word: settled here, proximity 0.
      if ((mask & active & ((mask & active) - 1)) === 0) {
        ids[settled] = docs[slot];
        typos[settled] = flags & TYPO_BITS;
        words[settled] = 1;
        firstOut[settled] = first[slot] === NONE ? 0 : first[slot];
        exact[settled] = exactMode === EXACT_NEVER ? 0 : (flags & (exactMode === EXACT_WHOLE ? WHOLE : EXACT)) !== 0 ? 1 : 0;
        settled++;
        continue;
      }
      // Several words: proximity needs positions, read from the codes when they can tell.
      if (several !== null && several.figures(docs[slot], figures)) {
        ids[settled] = docs[slot];
        typos[settled] = figures.typos;
        words[settled] = figures.words;
        proximity[settled] = figures.proximity;
        firstOut[settled] = figures.first;
        exact[settled] = figures.exact;
        settled++;
        continue;
      }
    }
    ids[--back] = docs[slot];
  }
  // Close the gap between the two parts.
  ids.copyWithin(settled, back, count);
  const n = settled + count - back;
  return { ids: ids.subarray(0, n), settled, typos, words, proximity, firstMatchedWord: firstOut, exactWords: exact };
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

/** Files one word's occurrences: its bit, best typo count, first matched word and exactness per doc. */
function scanWord(index: InvertedIndex, plan: WordPlan, bit: number, admits: boolean, rules: readonly AttributeRule[], attributeOn: boolean): void {
  if (base.length < rules.length) {
    base = new Int32Array(rules.length * 2);
    ordered = new Uint8Array(rules.length * 2);
    exactHere = new Uint8Array(rules.length * 2);
  }
  const tombstoned = index.hasTombstones ? index : null;
  for (const [term, alt] of plan.alts) {
    const termId = index.termId(term);
    if (termId < 0) continue;
    for (let p = 0; p < rules.length; p++) {
      const rule = rules[p];
      const counts = rule.index >= 0 && !(alt.typos > 0 && rule.noTypo) && !(alt.prefixOnly && rule.noPrefix);
      base[p] = !counts ? -1 : attributeOn ? rule.index * 1000 : 0;
      ordered[p] = attributeOn && !rule.unordered ? 1 : 0;
      exactHere[p] = alt.exact && !rule.noExact ? 1 : 0;
    }
    const { docs, codes } = index.flat(termId);
    // A doc's occurrences of a term are adjacent: its slot is looked up once per run of them.
    let lastDoc = -1;
    let slot = -1;
    for (let k = 0; k < docs.length; k++) {
      const doc = docs[k];
      const code = codes[k];
      const path = codePath(code);
      const from = base[path];
      if (from < 0) continue;
      if (doc !== lastDoc) {
        if ((seen[doc >>> 5] & (1 << (doc & 31))) !== 0) slot = slotOfDoc[doc];
        else if (admits && (tombstoned === null || tombstoned.doc(doc) !== undefined)) slot = enter(doc);
        else slot = -1;
        lastDoc = doc;
      }
      if (slot < 0) continue;
      slotMasks[slot] |= bit;
      let flags = slotTypoFlags[slot];
      if (alt.typos < (flags & TYPO_BITS)) flags = (flags & ~TYPO_BITS) | alt.typos;
      if (exactHere[path] === 1) flags |= codeWhole(code) ? EXACT | WHOLE : EXACT;
      slotTypoFlags[slot] = flags;
      const value = ordered[path] === 1 ? from + codePosition(code) : from;
      if (value < slotFirst[slot]) slotFirst[slot] = value;
    }
  }
}

/**
 * Live docs that may hold `terms` one after the other in one attribute: those holding them all
 * whose flat codes place them at consecutive positions of one path (array elements share a path,
 * so some docs kept here still fail `evaluate`, which decides).
 */
function holdingInOrder(index: InvertedIndex, terms: readonly string[]): number[] {
  const docs = holdingAll(index, terms);
  if (terms.length < 2) return docs;
  const lists = terms.map((term) => index.flat(index.termId(term)));
  return docs.filter((doc) => {
    const codes = lists.map((list) => codesOf(list, doc));
    return codes[0].some((start) => codes.every((list, k) => k === 0 || list.some((code) => follows(start, code, k))));
  });
}

/** Whether occurrence `code` sits `k` words after occurrence `start` in the same path (kept past the capped positions, where order cannot be told). */
function follows(start: number, code: number, k: number): boolean {
  if (codePath(code) !== codePath(start)) return false;
  const from = codePosition(start);
  return codePosition(code) === from + k || from + k >= MAX_CODE_POSITION;
}

/** A doc's codes in a term's flat postings (doc ids ascending). */
function codesOf(list: { readonly docs: readonly number[]; readonly codes: readonly number[] }, doc: number): number[] {
  const out: number[] = [];
  for (let k = lowerBound(list.docs, doc); k < list.docs.length && list.docs[k] === doc; k++) out.push(list.codes[k]);
  return out;
}

/** Live docs holding every term of `terms` (postings intersected by counting). */
function holdingAll(index: InvertedIndex, terms: readonly string[]): number[] {
  const distinct = [...new Set(terms)];
  const round = ++heldRound;
  let out: number[] = [];
  distinct.forEach((term, k) => {
    const next: number[] = [];
    for (const doc of index.postings.get(term) ?? []) {
      if (index.doc(doc) === undefined) continue;
      if (k === 0) {
        heldGeneration[doc] = round;
        held[doc] = 1;
        next.push(doc);
      } else if (heldGeneration[doc] === round && held[doc] === k) {
        held[doc] = k + 1;
        next.push(doc);
      }
    }
    out = next;
  });
  return out;
}
