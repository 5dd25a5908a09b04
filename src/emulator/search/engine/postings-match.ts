/**
 * Matching from the flat postings: which docs a query matches and, where the postings can tell,
 * their ranking figures, without reading doc objects. The phases live in files of their own:
 *
 * ```
 * postings-match.ts   the answer's shape; which words admit docs; the phases in order
 * group-docs.ts       docs that may hold a join, split or phrase (entered first, evaluated)
 * required-docs.ts    docs holding every required word (several required words)
 * scan-one-word.ts    the usual query: one word, its slots are its answer
 * scan-words.ts       several words: masks and chained occurrences, then collect
 * code-figures.ts     a several-word doc's figures from its chained codes
 * postings-scratch.ts the scratch all of them share (slots, bitmaps, runs, per-path rules)
 * ```
 */
import { CodeFigures } from './code-figures';
import { holdingInOrder } from './group-docs';
import type { InvertedIndex } from './inverted-index';
import type { WordPlan } from './match';
import type { QueryOptions } from './options';
import { EXACT_ANY, EXACT_NEVER, EXACT_WHOLE, GROUP, MAX_WORDS, RUNS_SEARCHED, scratch } from './postings-scratch';
import { releaseRequiredDocs, requiredDocs } from './required-docs';
import { scanSingle, settledSlots } from './scan-one-word';
import { collect, replayWord, scanWord, type RulesInUse, type WordMasks } from './scan-words';

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
  /** Bounds of each figure among the settled entries: every value lies within [minima, maxima] (ranking packs them without a pass to find out). */
  readonly maxima: FigureValues;
  readonly minima: FigureValues;
  /** The buffer behind every column (from `takeBuffer`): give it back once no column is read any more. */
  readonly buffer: ArrayBuffer;
  /** Docs that match and rank after every entry, counted but not listed (see {@link PostingsQuery.listed}). */
  readonly unlisted: number;
}

/** One value per ranking figure of a set of matches: an upper or a lower bound of it (every figure is at least 0). */
export interface FigureValues {
  typos: number;
  words: number;
  proximity: number;
  first: number;
  exact: number;
}

/** What a query asks of the postings besides its words. */
export interface PostingsQuery extends RulesInUse {
  readonly options: QueryOptions;
  /**
   * How many of the best entries the caller reads, when it reads no other (and ranks typo
   * first). A one-word query whose better typo tiers already hold that many docs only counts the
   * docs of the worse tiers, as `unlisted`: they rank after every listed one. Default: all.
   */
  readonly listed?: number;
}

/**
 * Whether the flat postings can answer: no quoted phrase (its words must follow each other, which
 * `evaluate` checks), at most {@link MAX_WORDS} words, at least one word not excluded.
 */
export function postingsApply(index: InvertedIndex, plans: readonly WordPlan[]): boolean {
  return (
    index.flatUsable &&
    plans.length <= MAX_WORDS &&
    plans.some((p) => !p.word.excluded) &&
    plans.every((p) => p.word.phrase < 0)
  );
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
 * With several required words it admits only the docs {@link requiredDocs} found holding them all.
 */
export function matchPostings(index: InvertedIndex, plans: readonly WordPlan[], query: PostingsQuery): PostingMatches {
  const { options, listed = Infinity } = query;
  const masks = wordMasks(plans);
  const { excluded, required, active } = masks;
  // Joins, splits and phrase alternatives need the doc's own occurrence lists: only docs holding all their words can match them.
  const grouped = groupDocs(index, plans);
  const opener = required !== 0 ? rarestRequired(index, plans) : -1;
  // Without a required word, every active word admits docs; excluded words never do.
  const admits = (i: number) => !plans[i].word.excluded && (opener < 0 || i === opener);
  // With two required words or more, only docs holding them all can match: the opener enters no other.
  const severalRequired = (required & (required - 1)) !== 0;
  const holding = severalRequired ? requiredDocs(index, plans, opener, required) : null;
  // Room for every doc that can enter: the group docs and the admitting words' occurrences (no more than the docs there are).
  let capacity = grouped.length + (holding !== null ? holding.count : 0);
  if (holding === null)
    for (let i = 0; i < plans.length; i++) if (admits(i)) capacity += occurrencesOf(index, plans[i]);
  const s = scratch;
  s.start(index.docCount, capacity);
  for (const doc of grouped) s.slots.masks[s.holds(doc) ? s.slotOfDoc[doc] : s.enter(doc)] |= GROUP;
  const singleWordQuery = (active & (active - 1)) === 0;
  const exactMode = exactModeOf(options, singleWordQuery, plans);
  // One word, nothing excluded, no group: every doc holding the word matches, settled as the scan files it.
  if (singleWordQuery && excluded === 0 && grouped.length === 0) {
    s.runCount = postingLists(index, plans[0]) <= RUNS_SEARCHED ? 0 : -1;
    try {
      const scanned = scanSingle(index, plans[0], query.rules, query.attributeOn, exactMode, listed);
      s.finish(scanned.unlisted > 0);
      return settledSlots(s.slots, s.entered, scanned);
    } finally {
      s.runCount = -1;
    }
  }
  const firstReader = singleWordQuery ? plans.map(() => -1) : readerNumbers(index, plans);
  // The opener first, excluded words last: words that do not admit docs must find them all entered.
  const rank = (i: number) => (i === opener ? 0 : plans[i].word.excluded ? 2 : 1);
  const order = plans.map((_, i) => i).sort((a, b) => rank(a) - rank(b) || a - b);
  // Runs need every entered doc to come from one admitting word's alternatives, in order.
  s.runCount = grouped.length === 0 && opener >= 0 && postingLists(index, plans[opener]) <= RUNS_SEARCHED ? 0 : -1;
  try {
    // The other required words read back the occurrences requiredDocs picked. With two required
    // words or more, a doc holding one word never matches: no slot's one-word figures are read.
    for (const i of order) {
      if (holding !== null && i !== opener && (required & (1 << i)) !== 0) {
        replayWord(index, plans[i], i, holding, firstReader[i], query);
        continue;
      }
      const only = holding !== null && i === opener ? holding.bits : null;
      scanWord(
        index,
        plans[i],
        { bit: 1 << i, admits: admits(i), only, firstReader: firstReader[i], exactMode, figures: !severalRequired },
        query,
      );
    }
  } finally {
    s.runCount = -1;
  }
  if (holding !== null) releaseRequiredDocs(holding);
  s.finish(false);
  const several = singleWordQuery
    ? null
    : new CodeFigures(index, plans, query.rules, query.attributeOn, options.minProximity);
  return collect(s.slots, s.entered, masks, several);
}

/** The query words' bits: excluded, required (not optional), active (not excluded). */
function wordMasks(plans: readonly WordPlan[]): WordMasks {
  let excluded = 0;
  let required = 0;
  let active = 0;
  plans.forEach((plan, i) => {
    const bit = 1 << i;
    if (plan.word.excluded) excluded |= bit;
    else {
      active |= bit;
      if (!plan.word.optional) required |= bit;
    }
  });
  return { excluded, required, active };
}

/** The docs that may match a join, split or phrase alternative of some word (a doc may come several times). */
function groupDocs(index: InvertedIndex, plans: readonly WordPlan[]): number[] {
  const grouped: number[] = [];
  for (const plan of plans) {
    const groups = [
      ...plan.concat.map((term) => [term]),
      ...plan.splits,
      ...plan.phrases.map((phrase) => phrase.words),
    ];
    for (const group of groups) for (const doc of holdingInOrder(index, group)) grouped.push(doc);
  }
  return grouped;
}

/** How exactness counts: several words count it everywhere; one word as `exactOnSingleWordQuery` says. */
function exactModeOf(options: QueryOptions, singleWordQuery: boolean, plans: readonly WordPlan[]): number {
  if (!singleWordQuery) return EXACT_ANY;
  const mode = options.exactOnSingleWordQuery;
  if (mode === 'none') return EXACT_NEVER;
  if (mode === 'attribute') return EXACT_WHOLE;
  const longWord = plans.some((plan) => !plan.word.excluded && plan.word.term.length >= 3);
  return longWord ? EXACT_ANY : EXACT_NEVER;
}

/** Each word's first reader number, as code figures number them: active words in query order, their alternatives in the index. */
function readerNumbers(index: InvertedIndex, plans: readonly WordPlan[]): number[] {
  let readers = 0;
  return plans.map((plan) => {
    if (plan.word.excluded) return -1;
    const first = readers;
    readers += postingLists(index, plan);
    return first;
  });
}

/** The required word whose alternatives have the fewest occurrences. */
function rarestRequired(index: InvertedIndex, plans: readonly WordPlan[]): number {
  let best = -1;
  let bestSize = Infinity;
  plans.forEach((plan, i) => {
    if (plan.word.excluded || plan.word.optional) return;
    const size = occurrencesOf(index, plan);
    if (size < bestSize) {
      best = i;
      bestSize = size;
    }
  });
  return best;
}

/** How many occurrences a word's alternatives have. */
function occurrencesOf(index: InvertedIndex, plan: WordPlan): number {
  let size = 0;
  for (const term of plan.alts.keys()) {
    const termId = index.termId(term);
    if (termId >= 0) size += index.flat(termId).docs.length;
  }
  return size;
}

/** How many of a word's alternatives have postings. */
function postingLists(index: InvertedIndex, plan: WordPlan): number {
  let lists = 0;
  for (const term of plan.alts.keys()) if (index.termId(term) >= 0) lists++;
  return lists;
}
