import type { AttributeRule } from './attributes';
import type { InvertedIndex } from './inverted-index';
import type { QueryOptions } from './options';
import type { WordPlan } from './match';

/** The docs a query can match, in the order the scan met them (ranking and facets do not depend on it), with their figures when the postings settle them. */
export interface PostingMatches {
  readonly ids: Int32Array;
  /**
   * Per entry of `ids`: false when the doc must go through `evaluate` (two or more words matched,
   * for proximity; or a join, split or phrase alternative touches it). Otherwise the doc matches
   * with one word (so `words` 1, `proximity` 0) and these equal what `evaluate` computes.
   */
  readonly settled: Uint8Array;
  readonly typos: Int32Array;
  readonly firstMatchedWord: Int32Array;
  readonly exactWords: Int32Array;
}

/** Bitmasks hold one bit per query word. */
const MAX_WORDS = 30;

/**
 * Per doc id, reused across queries, {@link STRIDE} cells side by side (one cache line per doc
 * instead of one per field: the scan reads docs in no useful memory order): a generation stamp
 * saying whether the doc's cells are current, the mask of query words it holds, its best typo
 * count with flags above it, and its first matched word.
 */
let cells = new Int32Array(0);
const STRIDE = 4;
const STAMP = 0;
const MASK = 1;
const TYPO_FLAGS = 2;
const FIRST = 3;
/** Typo counts sit in the low bits of TYPO_FLAGS; flags from this bit on. */
const FLAG_SHIFT = 16;
const TYPO_BITS = (1 << FLAG_SHIFT) - 1;
let generation = 0;
/** Per doc id: how many of a group's terms it holds (see {@link holdingAll}). */
let held = new Int32Array(0);
let heldGeneration = new Int32Array(0);
let heldRound = 0;
/** Docs entered this round, in entry order. */
let touched = new Int32Array(0);

/** Flags: exact, exact in a single-word string, must go through `evaluate`. */
const EXACT = 1 << FLAG_SHIFT;
const WHOLE = 2 << FLAG_SHIFT;
const SPECIAL = 4 << FLAG_SHIFT;
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
 * the one-word figures (typos, attribute, exactness). Docs holding one word are settled here;
 * the rest are left to `evaluate`.
 *
 * Only the rarest required word (and the join, split and phrase groups) admits new docs: a doc
 * lacking it cannot match, so the other words' occurrences only update docs already admitted.
 */
export function matchPostings(index: InvertedIndex, plans: readonly WordPlan[], rules: readonly AttributeRule[], options: QueryOptions, attributeOn: boolean): PostingMatches {
  const limit = index.docCount;
  if (touched.length < limit) {
    const size = Math.max(limit, touched.length * 2);
    cells = new Int32Array(size * STRIDE);
    held = new Int32Array(size);
    heldGeneration = new Int32Array(size);
    touched = new Int32Array(size);
    generation = 0;
    heldRound = 0;
  }
  const gen = ++generation;
  let count = 0;
  const enter = (doc: number): void => {
    const at = doc * STRIDE;
    if (cells[at + STAMP] === gen) return;
    cells[at + STAMP] = gen;
    touched[count++] = doc;
    cells[at + MASK] = 0;
    cells[at + TYPO_FLAGS] = TYPO_BITS;
    cells[at + FIRST] = NONE;
  };
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
      for (const doc of holdingAll(index, group)) {
        enter(doc);
        cells[doc * STRIDE + TYPO_FLAGS] |= SPECIAL;
      }
    }
  }
  const opener = required !== 0 ? rarestRequired(index, plans) : -1;
  // The opener first, excluded words last: words that do not admit docs must find them all entered.
  const rank = (i: number) => (i === opener ? 0 : plans[i].word.excluded ? 2 : 1);
  const order = plans.map((_, i) => i).sort((a, b) => rank(a) - rank(b) || a - b);
  const rounds = { gen, enter, rules, attributeOn };
  for (const i of order) {
    // Without a required word, every active word admits docs; excluded words never do.
    const admits = !plans[i].word.excluded && (opener < 0 || i === opener);
    scanWord(index, plans[i], 1 << i, admits, rounds);
  }
  const kept = touched;
  let n = 0;
  for (let t = 0; t < count; t++) {
    const doc = touched[t];
    const at = doc * STRIDE;
    if ((cells[at + TYPO_FLAGS] & SPECIAL) === 0) {
      const mask = cells[at + MASK];
      if ((mask & excluded) !== 0 || (mask & required) !== required || (mask & active) === 0) continue;
      // Two words or more: proximity needs the positions, `evaluate` has them.
      if ((mask & active & ((mask & active) - 1)) !== 0) cells[at + TYPO_FLAGS] |= SPECIAL;
    }
    kept[n++] = doc;
  }
  const ids = kept.slice(0, n);
  const settled = new Uint8Array(n);
  const typosOut = new Int32Array(n);
  const firstOut = new Int32Array(n);
  const exactOut = new Int32Array(n);
  const singleWordQuery = (active & (active - 1)) === 0;
  const mode = options.exactOnSingleWordQuery;
  for (let k = 0; k < n; k++) {
    const at = ids[k] * STRIDE;
    const typoFlags = cells[at + TYPO_FLAGS];
    if ((typoFlags & SPECIAL) !== 0) continue;
    settled[k] = 1;
    typosOut[k] = typoFlags & TYPO_BITS;
    firstOut[k] = cells[at + FIRST] === NONE ? 0 : cells[at + FIRST];
    const exact = (typoFlags & EXACT) !== 0 ? 1 : 0;
    exactOut[k] = !singleWordQuery ? exact : mode === 'none' ? 0 : mode === 'attribute' ? ((typoFlags & WHOLE) !== 0 ? 1 : 0) : exact > 0 && longWord ? 1 : 0;
  }
  return { ids, settled, typos: typosOut, firstMatchedWord: firstOut, exactWords: exactOut };
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

interface Round {
  readonly gen: number;
  readonly enter: (doc: number) => void;
  readonly rules: readonly AttributeRule[];
  readonly attributeOn: boolean;
}

/** The attribute rules as an alternative meets them, per path id, so the scan reads numbers only. */
let base = new Int32Array(16);
let ordered = new Uint8Array(16);
let exactHere = new Uint8Array(16);

/** Files one word's occurrences: its bit, best typo count, first matched word and exactness per doc. */
function scanWord(index: InvertedIndex, plan: WordPlan, bit: number, admits: boolean, { gen, enter, rules, attributeOn }: Round): void {
  if (base.length < rules.length) {
    base = new Int32Array(rules.length * 2);
    ordered = new Uint8Array(rules.length * 2);
    exactHere = new Uint8Array(rules.length * 2);
  }
  const live = !index.hasTombstones;
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
    const typo = alt.typos;
    for (let k = 0; k < docs.length; k++) {
      const doc = docs[k];
      const at = doc * STRIDE;
      if (cells[at + STAMP] !== gen) {
        if (!admits) continue;
        if (!live && index.doc(doc) === undefined) continue;
      }
      const code = codes[k];
      const path = code >>> 11;
      const from = base[path];
      if (from < 0) continue;
      if (cells[at + STAMP] !== gen) enter(doc);
      cells[at + MASK] |= bit;
      let typoFlags = cells[at + TYPO_FLAGS];
      if (typo < (typoFlags & TYPO_BITS)) typoFlags = (typoFlags & ~TYPO_BITS) | typo;
      if (exactHere[path] === 1) typoFlags |= (code & 1) === 1 ? EXACT | WHOLE : EXACT;
      cells[at + TYPO_FLAGS] = typoFlags;
      const value = ordered[path] === 1 ? from + ((code >>> 1) & 1023) : from;
      if (value < cells[at + FIRST]) cells[at + FIRST] = value;
    }
  }
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
