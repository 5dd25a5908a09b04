import type { AttributeRule } from './attributes';
import { codePath, codePosition, codeWhole, MAX_CODE_POSITION, type FlatPostings, type InvertedIndex } from './inverted-index';
import type { QueryOptions } from './options';
import { takeBuffer } from './buffers';
import { CodeFigures, type Figures } from './code-figures';
import type { Alternative, WordPlan } from './match';
import { releaseRequiredDocs, requiredDocs, type RequiredDocs } from './required-docs';

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
  /** The buffer behind every column (from {@link takeBuffer}): give it back once no column is read any more. */
  readonly buffer: ArrayBuffer;
  /** Docs that match and rank after every entry, counted but not listed (see `listed` of {@link matchPostings}). */
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

/** Bitmasks hold one bit per query word. */
const MAX_WORDS = 30;

/**
 * Scratch per doc id, reused across queries: a bit saying whether the doc entered this round
 * (the bitmap stays in cache where an array per doc would not: docs come in no memory order),
 * and its slot, written when it enters and read back only when another term meets it again
 * (unless slots are found by runs, see {@link RUNS_SEARCHED}).
 */
let seen = new Int32Array(0);
let slotOfDoc = new Int32Array(0);
/** Per doc id, a bit: counted unlisted this round (see {@link countUnlisted}); all clear between rounds. */
let counted = new Int32Array(0);
/** Whether bits may be left in {@link seen} (a query that threw before clearing them). */
let dirty = false;

/**
 * This round's slots (docs in the order they entered, which for the first word is ascending doc
 * id), in one buffer whose first columns become the answer's: the doc, its best typo count, its
 * first matched word and exactness as the scan files them, words, proximity and filter score
 * written when the answer is made; then the mask of query words it holds and the head of its
 * chained occurrences.
 * Answers compact the slots in place, so a one-word query's slots are its answer as they are.
 */
interface Slots {
  readonly buffer: ArrayBuffer;
  readonly ids: Int32Array;
  readonly typos: Int32Array;
  readonly words: Int32Array;
  readonly proximity: Int32Array;
  readonly first: Int32Array;
  readonly exact: Int32Array;
  readonly filters: Float64Array;
  readonly masks: Int32Array;
  readonly head: Int32Array;
}

/** Room for `capacity` slots (the answer's seven columns, 32 bytes, then masks and heads). */
function slotsFor(capacity: number): Slots {
  const c = Math.max(capacity, 1);
  const buffer = takeBuffer(c * 40);
  return {
    buffer,
    ids: new Int32Array(buffer, 0, c),
    typos: new Int32Array(buffer, c * 4, c),
    words: new Int32Array(buffer, c * 8, c),
    proximity: new Int32Array(buffer, c * 12, c),
    first: new Int32Array(buffer, c * 16, c),
    exact: new Int32Array(buffer, c * 20, c),
    filters: new Float64Array(buffer, c * 24, c),
    masks: new Int32Array(buffer, c * 32, c),
    head: new Int32Array(buffer, c * 36, c),
  };
}

let slots: Slots = slotsFor(0);
let entered = 0;
/**
 * Queries of several words: each slot's occurrences, chained (newest first) from its head as the
 * scan files them, so code figures read a doc's occurrences without searching the postings.
 */
const chain = { codes: new Int32Array(4096), readers: new Int32Array(4096), next: new Int32Array(4096) };
let chained = 0;
/** Docs the postings cannot settle, gathered while the settled ones are compacted. */
let unsettled = new Int32Array(256);

/**
 * Up to this many admitting alternatives, a doc's slot is found in the runs of slots they filled
 * (see {@link slotInRuns}) instead of {@link slotOfDoc}: one write to slotOfDoc per doc entered,
 * at addresses scattered over a table of every doc, cost more than finding the few docs looked
 * up again.
 */
const RUNS_SEARCHED = 6;
/**
 * When slots are found by runs: alternative r's slots are `runStarts[r]` to `runStarts[r + 1]`
 * (doc ids ascending: its postings' order), for the `runCount` runs filled so far; each run's
 * cursor is where the last search in it stopped. -1 runs: slots are found by slotOfDoc.
 */
const runStarts = new Int32Array(RUNS_SEARCHED + 1);
const runCursors = new Int32Array(RUNS_SEARCHED);
let runCount = -1;

/** A slot's mask bit: entered by a join, split or phrase alternative (always evaluated). */
const GROUP = 1 << MAX_WORDS;
/** Above any figure: a slot's typos and first matched word before an occurrence sets them. */
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
 * With several required words it admits only the docs {@link requiredDocs} found holding them all.
 *
 * `listed`: how many of the best entries the caller reads, when it reads no other (and ranks typo
 * first). A one-word query whose better typo tiers already hold that many docs only counts the
 * docs of the worse tiers, as `unlisted`: they rank after every listed one.
 */
export function matchPostings(index: InvertedIndex, plans: readonly WordPlan[], rules: readonly AttributeRule[], options: QueryOptions, attributeOn: boolean, listed = Infinity): PostingMatches {
  const limit = index.docCount;
  if (slotOfDoc.length < limit) {
    const size = Math.max(limit, slotOfDoc.length * 2);
    seen = new Int32Array((size >>> 5) + 1);
    counted = new Int32Array((size >>> 5) + 1);
    slotOfDoc = new Int32Array(size);
    dirty = false;
  } else if (dirty) {
    seen.fill(0);
    counted.fill(0);
  }
  chained = 0;
  let excluded = 0;
  let required = 0;
  let active = 0;
  let longWord = false;
  // Joins, splits and phrase alternatives need the doc's own occurrence lists: only docs holding all their words can match them.
  const grouped: number[] = [];
  for (let i = 0; i < plans.length; i++) {
    const plan = plans[i];
    const bit = 1 << i;
    if (plan.word.excluded) excluded |= bit;
    else {
      active |= bit;
      if (!plan.word.optional) required |= bit;
      if (plan.word.term.length >= 3) longWord = true;
    }
    const groups = [...plan.concat.map((term) => [term]), ...plan.splits, ...plan.phrases.map((phrase) => phrase.words)];
    for (const group of groups) for (const doc of holdingInOrder(index, group)) grouped.push(doc);
  }
  const opener = required !== 0 ? rarestRequired(index, plans) : -1;
  // Without a required word, every active word admits docs; excluded words never do.
  const admits = (i: number) => !plans[i].word.excluded && (opener < 0 || i === opener);
  // With two required words or more, only docs holding them all can match: the opener enters no other.
  const severalRequired = (required & (required - 1)) !== 0;
  const holding = severalRequired ? requiredDocs(index, plans, opener, required) : null;
  // Room for every doc that can enter: the group docs and the admitting words' occurrences.
  let capacity = grouped.length + (holding !== null ? holding.count : 0);
  plans.forEach((plan, i) => {
    if (!admits(i) || holding !== null) return;
    for (const term of plan.alts.keys()) {
      const termId = index.termId(term);
      if (termId >= 0) capacity += index.flat(termId).docs.length;
    }
  });
  // No more than the docs there are.
  slots = slotsFor(Math.min(capacity, limit));
  entered = 0;
  dirty = true;
  for (const doc of grouped) slots.masks[(seen[doc >>> 5] & (1 << (doc & 31))) === 0 ? enter(doc) : slotOfDoc[doc]] |= GROUP;
  const singleWordQuery = (active & (active - 1)) === 0;
  const mode = options.exactOnSingleWordQuery;
  const exactMode = !singleWordQuery ? EXACT_ANY : mode === 'none' ? EXACT_NEVER : mode === 'attribute' ? EXACT_WHOLE : longWord ? EXACT_ANY : EXACT_NEVER;
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
  // One word, nothing excluded, no group: every doc holding the word matches, settled as the scan files it.
  if (singleWordQuery && excluded === 0 && grouped.length === 0) {
    runCount = postingLists(index, plans[0]) <= RUNS_SEARCHED ? 0 : -1;
    try {
      const scanned = scanSingle(index, plans[0], rules, attributeOn, exactMode, listed);
      clearSeen(scanned.unlisted > 0);
      return settledSlots(slots, entered, scanned);
    } finally {
      runCount = -1;
    }
  }
  const order = plans.map((_, i) => i).sort((a, b) => rank(a) - rank(b) || a - b);
  // Runs need every entered doc to come from one admitting word's alternatives, in order.
  runCount = grouped.length === 0 && opener >= 0 && postingLists(index, plans[opener]) <= RUNS_SEARCHED ? 0 : -1;
  try {
    // The other required words read back the occurrences requiredDocs picked. With two required
    // words or more, a doc holding one word never matches: no slot's one-word figures are read.
    for (const i of order) {
      if (holding !== null && i !== opener && (required & (1 << i)) !== 0) replayWord(index, plans[i], 1 << i, holding, i, rules, attributeOn, firstReader[i]);
      else scanWord(index, plans[i], 1 << i, admits(i), holding !== null && i === opener ? holding.bits : null, rules, attributeOn, firstReader[i], exactMode, !severalRequired);
    }
  } finally {
    runCount = -1;
  }
  if (holding !== null) releaseRequiredDocs(holding);
  clearSeen(false);
  const several = singleWordQuery ? null : new CodeFigures(index, plans, rules, attributeOn, options.minProximity);
  return collect(slots, entered, { excluded, required, active, several });
}

/** How a doc's exactness counts (see `exactOnSingleWordQuery`). */
const EXACT_ANY = 0;
const EXACT_NEVER = 1;
const EXACT_WHOLE = 2;

/** Gives doc `doc` the next slot of this round; answers the slot. */
function enter(doc: number): number {
  const slot = entered++;
  const { ids, masks, typos, first, exact, head } = slots;
  seen[doc >>> 5] |= 1 << (doc & 31);
  if (runCount < 0) slotOfDoc[doc] = slot;
  ids[slot] = doc;
  masks[slot] = 0;
  typos[slot] = NONE;
  first[slot] = NONE;
  exact[slot] = 0;
  head[slot] = -1;
  return slot;
}

/** Clears this round's bits once the scan is done: a few thousand words, or the docs it entered when fewer. */
function clearSeen(unlisted: boolean): void {
  if (unlisted) counted.fill(0);
  const ids = slots.ids;
  if (entered * 4 < seen.length) for (let slot = 0; slot < entered; slot++) seen[ids[slot] >>> 5] = 0;
  else seen.fill(0);
  dirty = false;
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
  chain.next[at] = slots.head[slot];
  slots.head[slot] = at;
}

/**
 * The answer of a one-word query: its `count` slots as they are, with one word each and
 * proximity 0. Its bounds are the scan's over every occurrence it filed: each entry's figures lie
 * within them (a slot keeps the best of its occurrences), which is all ranking needs of them.
 */
function settledSlots(columns: Slots, count: number, scanned: { readonly minima: FigureValues; readonly maxima: FigureValues; readonly unlisted: number }): PostingMatches {
  const { ids, typos, words, proximity, first, exact, filters } = columns;
  words.fill(1, 0, count);
  proximity.fill(0, 0, count);
  filters.fill(0, 0, count);
  const { maxima, minima, unlisted } = scanned;
  return { ids: ids.subarray(0, count), settled: count, typos, words, proximity, firstMatchedWord: first, exactWords: exact, filters, maxima, minima, buffer: columns.buffer, unlisted };
}

/**
 * The slots the query matches, compacted in place (an answer's entry is never after its slot):
 * settled ones from the front with their figures, those to evaluate after them.
 */
function collect(columns: Slots, count: number, query: { readonly excluded: number; readonly required: number; readonly active: number; readonly several: CodeFigures | null }): PostingMatches {
  const { excluded, required, active, several } = query;
  const { ids, typos, words, proximity, first, exact, filters, masks, head } = columns;
  if (unsettled.length < count) unsettled = new Int32Array(Math.max(count, unsettled.length * 2));
  const left = unsettled;
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
  let leftCount = 0;
  for (let slot = 0; slot < count; slot++) {
    const doc = ids[slot];
    const mask = masks[slot];
    if ((mask & GROUP) !== 0) {
      left[leftCount++] = doc;
      continue;
    }
    if ((mask & excluded) !== 0 || (mask & required) !== required || (mask & active) === 0) continue;
    // One word: settled here, proximity 0.
    if ((mask & active & ((mask & active) - 1)) === 0) {
      const typoCount = typos[slot];
      const firstWord = first[slot] === NONE ? 0 : first[slot];
      const exactWord = exact[slot];
      ids[settled] = doc;
      typos[settled] = typoCount;
      words[settled] = 1;
      proximity[settled] = 0;
      first[settled] = firstWord;
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
    if (several !== null && several.figures(doc, head[slot], chain, figures)) {
      ids[settled] = doc;
      typos[settled] = figures.typos;
      words[settled] = figures.words;
      proximity[settled] = figures.proximity;
      first[settled] = figures.first;
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
    left[leftCount++] = doc;
  }
  ids.set(left.subarray(0, leftCount), settled);
  const n = settled + leftCount;
  filters.fill(0, 0, n);
  const maxima = { typos: maxTypos, words: maxWords, proximity: maxProximity, first: maxFirst, exact: maxExact };
  const minima = { typos: minTypos, words: minWords, proximity: minProximity, first: minFirst, exact: minExact };
  return { ids: ids.subarray(0, n), settled, typos, words, proximity, firstMatchedWord: first, exactWords: exact, filters, maxima, minima, buffer: columns.buffer, unlisted: 0 };
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
/** Per path id: 0 when a match there is not exact (or exactness never counts), 1 when it is, 2 when it is if the whole string is the word. */
let exactHere = new Uint8Array(16);

/** A scanned doc not entered yet, which enters on its first occurrence that counts. */
const PENDING = -2;

/**
 * Files one word's occurrences: its bit and, when `figures`, the doc's best typo count, first
 * matched word and exactness (a doc holding one word only gets them from there). A word that
 * `admits` docs enters those it meets, only those set in `only` when given.
 */
function scanWord(index: InvertedIndex, plan: WordPlan, bit: number, admits: boolean, only: Int32Array | null, rules: readonly AttributeRule[], attributeOn: boolean, firstReader: number, exactMode: number, figures: boolean): void {
  const tombstoned = index.hasTombstones ? index : null;
  const exactValue = exactMode === EXACT_NEVER ? 0 : exactMode === EXACT_WHOLE ? 2 : 1;
  // The alternative's reader number when occurrences are chained (queries of several words), else -1.
  let reader = firstReader - 1;
  for (const [term, alt] of plan.alts) {
    const termId = index.termId(term);
    if (termId < 0) continue;
    if (firstReader >= 0) reader++;
    rulesFor(alt, rules, attributeOn, exactValue);
    const { docs, codes } = index.flat(termId);
    const byRuns = runCount >= 0;
    if (byRuns) startLookups(admits);
    // Locals, not the module's arrays: the loop then keeps them in registers.
    const bitmap = seen;
    const slotOf = slotOfDoc;
    const { masks: slotMask, typos: slotTypos, first: slotFirstWord, exact: slotExact } = slots;
    const bases = base;
    const orderedHere = ordered;
    const exactAt = exactHere;
    const typos = alt.typos;
    const total = docs.length;
    // A doc's occurrences of a term are adjacent: its slot is looked up once per run of them.
    let lastDoc = -1;
    let slot = -1;
    for (let k = 0; k < total; k++) {
      const doc = docs[k];
      // Not entered yet: skipped at once by a word that does not admit docs (most of its occurrences), else entered on its first occurrence that counts.
      const held = (bitmap[doc >>> 5] & (1 << (doc & 31))) !== 0;
      if (!held && (!admits || (only !== null && (only[doc >>> 5] & (1 << (doc & 31))) === 0))) continue;
      if (doc !== lastDoc) {
        lastDoc = doc;
        slot = held ? (byRuns ? slotInRuns(doc) : slotOf[doc]) : PENDING;
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
      if (figures) {
        if (typos < slotTypos[slot]) slotTypos[slot] = typos;
        const exact = exactAt[path];
        if (exact !== 0 && (exact === 1 || codeWhole(code))) slotExact[slot] = 1;
        const value = orderedHere[path] === 1 ? from + codePosition(code) : from;
        if (value < slotFirstWord[slot]) slotFirstWord[slot] = value;
      }
      if (reader >= 0) chainOccurrence(slot, code, reader);
    }
    if (byRuns && admits) endRun();
  }
}

/**
 * {@link scanWord} for a required word that does not admit docs, when {@link requiredDocs} read
 * it: only its occurrences picked there, which include every one in a doc entered since.
 */
function replayWord(index: InvertedIndex, plan: WordPlan, bit: number, holding: RequiredDocs, word: number, rules: readonly AttributeRule[], attributeOn: boolean, firstReader: number): void {
  const starts = holding.from[word];
  const picked = holding.picked;
  let reader = firstReader - 1;
  let list = 0;
  for (const [term, alt] of plan.alts) {
    const termId = index.termId(term);
    if (termId < 0) continue;
    reader++;
    const end = starts[list + 1];
    let at = starts[list];
    list++;
    if (at === end) continue;
    rulesFor(alt, rules, attributeOn, 0);
    const { docs, codes } = index.flat(termId);
    const byRuns = runCount >= 0;
    if (byRuns) startLookups(false);
    const bitmap = seen;
    const bases = base;
    const slotMask = slots.masks;
    let lastDoc = -1;
    let slot = -1;
    for (; at < end; at++) {
      const k = picked[at];
      const doc = docs[k];
      if ((bitmap[doc >>> 5] & (1 << (doc & 31))) === 0) continue;
      if (doc !== lastDoc) {
        lastDoc = doc;
        slot = byRuns ? slotInRuns(doc) : slotOfDoc[doc];
      }
      const code = codes[k];
      if (bases[codePath(code)] < 0) continue;
      slotMask[slot] |= bit;
      chainOccurrence(slot, code, reader);
    }
  }
}

/** How many of a word's alternatives have postings. */
function postingLists(index: InvertedIndex, plan: WordPlan): number {
  let lists = 0;
  for (const term of plan.alts.keys()) if (index.termId(term) >= 0) lists++;
  return lists;
}

/**
 * Before an alternative's occurrences are read (doc ids ascending): its lookups start at each
 * run's beginning; an admitting one's new slots start a run after the others.
 */
function startLookups(admits: boolean): void {
  if (admits) runStarts[runCount] = entered;
  for (let r = 0; r < runCount; r++) runCursors[r] = runStarts[r];
}

/** An admitting alternative's occurrences are read: its slots are a run. */
function endRun(): void {
  runCount++;
  runStarts[runCount] = entered;
}

/**
 * The slot of `doc`, whose bit says a finished run holds it: each run is searched forward from
 * its cursor (an alternative asks for its docs in ascending order), by galloping.
 */
function slotInRuns(doc: number): number {
  const ids = slots.ids;
  for (let r = 0; r < runCount; r++) {
    const end = runStarts[r + 1];
    const at = seekDoc(ids, doc, runCursors[r], end);
    runCursors[r] = at;
    if (at < end && ids[at] === doc) return at;
  }
  throw new Error(`doc ${doc} is marked as entered but no run of slots holds it`);
}

/** Sets the per-path rules of alternative `alt` (see {@link base}). */
function rulesFor(alt: Alternative, rules: readonly AttributeRule[], attributeOn: boolean, exactValue: number): void {
  if (base.length < rules.length) {
    base = new Int32Array(rules.length * 2);
    ordered = new Uint8Array(rules.length * 2);
    exactHere = new Uint8Array(rules.length * 2);
  }
  for (let p = 0; p < rules.length; p++) {
    const rule = rules[p];
    const counts = rule.index >= 0 && !(alt.typos > 0 && rule.noTypo) && !(alt.prefixOnly && rule.noPrefix);
    base[p] = !counts ? -1 : attributeOn ? rule.index * 1000 : 0;
    ordered[p] = attributeOn && !rule.unordered ? 1 : 0;
    exactHere[p] = alt.exact && !rule.noExact ? exactValue : 0;
  }
}

/**
 * {@link scanWord} for a query of one word and no group, the usual query: every doc holding
 * the word in a searchable attribute matches, so its slot is the answer's entry, filed with its
 * figures on its first occurrence. Docs are looked up only when an earlier alternative may have
 * filed them, and marked only when a later one may meet them.
 *
 * Alternatives are read by typo count, fewest first (a doc's entry then holds its best count from
 * the start); once the tiers read hold `listed` docs, the worse tiers' docs are only counted.
 */
function scanSingle(index: InvertedIndex, plan: WordPlan, rules: readonly AttributeRule[], attributeOn: boolean, exactMode: number, listed: number): { minima: FigureValues; maxima: FigureValues; unlisted: number } {
  const tombstoned = index.hasTombstones ? index : null;
  const exactValue = exactMode === EXACT_NEVER ? 0 : exactMode === EXACT_WHOLE ? 2 : 1;
  const found: [FlatPostings, Alternative][] = [];
  for (const [term, alt] of plan.alts) {
    const termId = index.termId(term);
    if (termId >= 0) found.push([index.flat(termId), alt]);
  }
  // Stable: ranking never depends on the order docs enter in (ties go by record order). A prefix's
  // hundreds of alternatives are one tier: checked, not sorted.
  if (found.some((entry, a) => a > 0 && entry[1].typos < found[a - 1][1].typos)) found.sort((x, y) => x[1].typos - y[1].typos);
  let unlisted = 0;
  const { ids, typos: slotTypos, first: slotFirst, exact: slotExact } = slots;
  const bitmap = seen;
  const slotOf = slotOfDoc;
  // Bounds of the figures of every occurrence filed.
  let minTypos = NONE;
  let maxTypos = 0;
  let minFirst = NONE;
  let maxFirst = 0;
  let minExact = NONE;
  let maxExact = 0;
  for (let a = 0; a < found.length; a++) {
    const [{ docs, codes }, alt] = found[a];
    if (a > 0 && alt.typos > found[a - 1][1].typos && entered > 0 && entered >= listed && !found.slice(a).some(([, later]) => later.exact)) {
      const rest = countUnlisted(index, found, a, rules, attributeOn);
      unlisted = rest.count;
      if (rest.first < minFirst) minFirst = rest.first;
      break;
    }
    rulesFor(alt, rules, attributeOn, exactValue);
    const bases = base;
    const orderedHere = ordered;
    const exactAt = exactHere;
    const typos = alt.typos;
    const lookUp = entered > 0;
    const mark = a < found.length - 1;
    const total = docs.length;
    const byRuns = runCount >= 0;
    if (byRuns) startLookups(true);
    let lastDoc = -1;
    let slot = -1;
    let filed = false;
    for (let k = 0; k < total; k++) {
      const doc = docs[k];
      if (doc !== lastDoc) {
        lastDoc = doc;
        slot = lookUp && (bitmap[doc >>> 5] & (1 << (doc & 31))) !== 0 ? (byRuns ? slotInRuns(doc) : slotOf[doc]) : PENDING;
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
        if (tombstoned !== null && tombstoned.doc(doc) === undefined) {
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
    if (byRuns) endRun();
    if (filed) {
      if (typos < minTypos) minTypos = typos;
      if (typos > maxTypos) maxTypos = typos;
    }
  }
  const some = entered > 0;
  return {
    minima: { typos: minTypos, words: some ? 1 : NONE, proximity: some ? 0 : NONE, first: minFirst, exact: minExact },
    maxima: { typos: maxTypos, words: some ? 1 : 0, proximity: 0, first: maxFirst, exact: maxExact },
    unlisted,
  };
}

/**
 * The docs alternatives `start` onwards of `found` (worse typo tiers) add to those entered:
 * counted once each (a bit in {@link counted}), never given a slot. An occurrence counts where it
 * would be filed: in a path the alternative's rules keep, of a doc not deleted. A worse tier still
 * meets entered docs, whose attribute is the best of every occurrence: it files those (not their
 * exactness: no alternative it reads is exact); answers the lowest first matched word it filed.
 */
function countUnlisted(index: InvertedIndex, found: readonly [FlatPostings, Alternative][], start: number, rules: readonly AttributeRule[], attributeOn: boolean): { count: number; first: number } {
  const tombstoned = index.hasTombstones ? index : null;
  const entries = seen;
  const others = counted;
  const slotOf = slotOfDoc;
  const slotFirst = slots.first;
  let count = 0;
  let lowestFirst = NONE;
  for (let a = start; a < found.length; a++) {
    const [{ docs, codes }, alt] = found[a];
    rulesFor(alt, rules, attributeOn, 0);
    const bases = base;
    const orderedHere = ordered;
    const byRuns = runCount >= 0;
    if (byRuns) startLookups(false);
    let lastDoc = -1;
    // The doc's slot, PENDING when it is neither entered nor counted yet, -1 when there is nothing to file.
    let slot = -1;
    for (let k = 0; k < docs.length; k++) {
      const doc = docs[k];
      if (doc !== lastDoc) {
        lastDoc = doc;
        const word = doc >>> 5;
        const bit = 1 << (doc & 31);
        slot = (entries[word] & bit) !== 0 ? (byRuns ? slotInRuns(doc) : slotOf[doc]) : (others[word] & bit) !== 0 ? -1 : PENDING;
      }
      if (slot === -1) continue;
      const code = codes[k];
      const path = codePath(code);
      const from = bases[path];
      if (from < 0) continue;
      if (slot === PENDING) {
        slot = -1;
        if (tombstoned !== null && tombstoned.doc(doc) === undefined) continue;
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
 * Live docs that may hold `terms` one after the other in one attribute: those holding them all
 * whose flat codes place them at consecutive positions of one path (array elements share a path,
 * so some docs kept here still fail `evaluate`, which decides). The docs tried are the shortest
 * list's, or those two lists of like length share (see {@link sharedDocs}); each list is searched
 * forward for them from where the previous doc was found, by galloping.
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
  const longer = lists.length === 2 ? lists[1 - driver].docs : null;
  const tried = longer !== null && longer.length <= SHARED_RATIO * lists[driver].docs.length ? sharedDocs(index, lists[driver].docs, longer) : lists[driver].docs;
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
    if (!all || (tombstoned !== null && tombstoned.doc(doc) === undefined)) continue;
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
/** Per doc id, a bit: held by the shorter list ({@link sharedDocs}); all clear between calls. */
let marked = new Int32Array(0);

/** The docs both lists hold, ascending (each list's docs ascending). */
function sharedDocs(index: InvertedIndex, shorter: Int32Array, longer: Int32Array): number[] {
  const words = (index.docCount >>> 5) + 1;
  if (marked.length < words) marked = new Int32Array(words * 2);
  const bits = marked;
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
function seekDoc(docs: ArrayLike<number>, doc: number, from: number, to = docs.length): number {
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
