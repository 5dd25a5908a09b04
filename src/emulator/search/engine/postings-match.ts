import type { AttributeRule } from './attributes';
import { codePath, codePosition, codeWhole, type InvertedIndex } from './inverted-index';
import type { QueryOptions } from './options';
import type { WordPlan } from './match';

/** The docs a query can match, ascending, with their figures when the postings settle them. */
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

/** Per doc id, reused across queries: a generation stamp says whether `local` is current. */
let stamp = new Int32Array(0);
let local = new Int32Array(0);
let generation = 0;
/** Per doc id: how many of a group's terms it holds (see {@link holdingAll}). */
let held = new Int32Array(0);
let heldGeneration = new Int32Array(0);
let heldRound = 0;

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
 */
export function matchPostings(index: InvertedIndex, plans: readonly WordPlan[], rules: readonly AttributeRule[], options: QueryOptions, attributeOn: boolean): PostingMatches {
  const limit = index.docCount;
  if (stamp.length < limit) {
    stamp = new Int32Array(Math.max(limit, stamp.length * 2));
    local = new Int32Array(stamp.length);
    held = new Int32Array(stamp.length);
    heldGeneration = new Int32Array(stamp.length);
    generation = 0;
    heldRound = 0;
  }
  generation++;
  const gen = generation;
  // The scratch arrays may be replaced by a later, larger query: keep this query's.
  const at = local;
  const touched: number[] = [];
  const masks: number[] = [];
  const typos: number[] = [];
  const exact: number[] = [];
  const whole: number[] = [];
  const first: number[] = [];
  const special: number[] = [];
  const enter = (doc: number): number => {
    if (stamp[doc] === gen) return at[doc];
    stamp[doc] = gen;
    const j = touched.length;
    at[doc] = j;
    touched.push(doc);
    masks.push(0);
    typos.push(Infinity);
    exact.push(0);
    whole.push(0);
    first.push(Infinity);
    special.push(0);
    return j;
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
    for (const [term, alt] of plan.alts) {
      const termId = index.termId(term);
      if (termId < 0) continue;
      const { docs, codes } = index.flat(termId);
      for (let k = 0; k < docs.length; k++) {
        const doc = docs[k];
        if (index.doc(doc) === undefined) continue;
        const code = codes[k];
        const rule = rules[codePath(code)];
        if (rule.index < 0 || (alt.typos > 0 && rule.noTypo) || (alt.prefixOnly && rule.noPrefix)) continue;
        const j = enter(doc);
        masks[j] |= bit;
        if (alt.typos < typos[j]) typos[j] = alt.typos;
        if (alt.exact && !rule.noExact) {
          exact[j] = 1;
          if (codeWhole(code)) whole[j] = 1;
        }
        const value = attributeOn ? rule.index * 1000 + (rule.unordered ? 0 : codePosition(code)) : 0;
        if (value < first[j]) first[j] = value;
      }
    }
    // Joins, splits and phrase alternatives need the doc's own occurrence lists: only docs holding all their words can match them.
    const groups = [...plan.concat.map((term) => [term]), ...plan.splits, ...plan.phrases.map((phrase) => phrase.words)];
    for (const group of groups) for (const doc of holdingAll(index, group)) special[enter(doc)] = 1;
  }
  const kept: number[] = [];
  for (let j = 0; j < touched.length; j++) {
    if (special[j] === 1) {
      kept.push(touched[j]);
      continue;
    }
    const mask = masks[j];
    if ((mask & excluded) !== 0 || (mask & required) !== required || (mask & active) === 0) continue;
    // Two words or more: proximity needs the positions, `evaluate` has them.
    if ((mask & active & ((mask & active) - 1)) !== 0) special[j] = 1;
    kept.push(touched[j]);
  }
  const ids = Int32Array.from(kept).sort();
  const n = ids.length;
  const settled = new Uint8Array(n);
  const typosOut = new Int32Array(n);
  const firstOut = new Int32Array(n);
  const exactOut = new Int32Array(n);
  const singleWordQuery = (active & (active - 1)) === 0;
  const mode = options.exactOnSingleWordQuery;
  for (let k = 0; k < n; k++) {
    const j = at[ids[k]];
    if (special[j] === 1) continue;
    settled[k] = 1;
    typosOut[k] = typos[j];
    firstOut[k] = first[j] === Infinity ? 0 : first[j];
    exactOut[k] = !singleWordQuery ? exact[j] : mode === 'none' ? 0 : mode === 'attribute' ? whole[j] : exact[j] > 0 && longWord ? 1 : 0;
  }
  return { ids, settled, typos: typosOut, firstMatchedWord: firstOut, exactWords: exactOut };
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
