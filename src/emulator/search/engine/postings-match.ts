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
 * Per doc id, reused across queries: a generation stamp says whether a doc's entries are current.
 * Typed arrays by doc id, not lists grown per touched doc, so the scan writes numbers in place.
 */
let stamp = new Int32Array(0);
let masks = new Int32Array(0);
let typos = new Int32Array(0);
let first = new Int32Array(0);
/** Bits: 1 exact, 2 exact in a single-word string, 4 must go through `evaluate`. */
let flags = new Uint8Array(0);
let generation = 0;
/** Per doc id: how many of a group's terms it holds (see {@link holdingAll}). */
let held = new Int32Array(0);
let heldGeneration = new Int32Array(0);
let heldRound = 0;
/** Docs entered this round, in entry order. */
let touched = new Int32Array(0);

const EXACT = 1;
const WHOLE = 2;
const SPECIAL = 4;
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
  if (stamp.length < limit) {
    const size = Math.max(limit, stamp.length * 2);
    stamp = new Int32Array(size);
    masks = new Int32Array(size);
    typos = new Int32Array(size);
    first = new Int32Array(size);
    flags = new Uint8Array(size);
    held = new Int32Array(size);
    heldGeneration = new Int32Array(size);
    touched = new Int32Array(size);
    generation = 0;
    heldRound = 0;
  }
  const gen = ++generation;
  let count = 0;
  const enter = (doc: number): void => {
    if (stamp[doc] === gen) return;
    stamp[doc] = gen;
    touched[count++] = doc;
    masks[doc] = 0;
    typos[doc] = NONE;
    first[doc] = NONE;
    flags[doc] = 0;
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
        flags[doc] |= SPECIAL;
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
    if ((flags[doc] & SPECIAL) === 0) {
      const mask = masks[doc];
      if ((mask & excluded) !== 0 || (mask & required) !== required || (mask & active) === 0) continue;
      // Two words or more: proximity needs the positions, `evaluate` has them.
      if ((mask & active & ((mask & active) - 1)) !== 0) flags[doc] |= SPECIAL;
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
    const doc = ids[k];
    const flag = flags[doc];
    if ((flag & SPECIAL) !== 0) continue;
    settled[k] = 1;
    typosOut[k] = typos[doc];
    firstOut[k] = first[doc] === NONE ? 0 : first[doc];
    const exact = (flag & EXACT) !== 0 ? 1 : 0;
    exactOut[k] = !singleWordQuery ? exact : mode === 'none' ? 0 : mode === 'attribute' ? ((flag & WHOLE) !== 0 ? 1 : 0) : exact > 0 && longWord ? 1 : 0;
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
      if (stamp[doc] !== gen) {
        if (!admits) continue;
        if (!live && index.doc(doc) === undefined) continue;
      }
      const code = codes[k];
      const path = code >>> 11;
      const from = base[path];
      if (from < 0) continue;
      if (stamp[doc] !== gen) enter(doc);
      masks[doc] |= bit;
      if (typo < typos[doc]) typos[doc] = typo;
      if (exactHere[path] === 1) flags[doc] |= (code & 1) === 1 ? EXACT | WHOLE : EXACT;
      const value = ordered[path] === 1 ? from + ((code >>> 1) & 1023) : from;
      if (value < first[doc]) first[doc] = value;
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
