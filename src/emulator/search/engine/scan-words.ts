/**
 * The scan of a query of several words (or one with excluded words or groups): each word's
 * occurrences set its bit in the slots of the docs they meet and chain there for the code
 * figures; then {@link collect} keeps the slots that match and settles what their codes can tell.
 */
import type { AttributeRule } from './attributes';
import { CodeFigures, type Figures } from './code-figures';
import { codePath, codePosition, codeWhole } from './flat-postings';
import type { InvertedIndex } from './inverted-index';
import type { WordPlan } from './match';
import type { PostingMatches } from './postings-match';
import { EXACT_NEVER, EXACT_WHOLE, GROUP, NONE, PENDING, scratch, type Slots } from './postings-scratch';
import type { RequiredDocs } from './required-docs';

/** How {@link scanWord} files one word. */
export interface WordScan {
  /** The word's bit in the slots' masks. */
  readonly bit: number;
  /** Whether the word enters the docs it meets (else it only updates docs already entered). */
  readonly admits: boolean;
  /** When given, the only docs it may enter (one bit per doc id). */
  readonly only: Int32Array | null;
  /** The reader number of its first alternative when occurrences are chained (several words), else -1. */
  readonly firstReader: number;
  /** How exactness counts (`EXACT_*`). */
  readonly exactMode: number;
  /** Whether it files one-word figures (typos, first matched word, exactness): only a doc holding one word reads them. */
  readonly figures: boolean;
}

/** The attribute rules of a query, as every word reads them. */
export interface RulesInUse {
  readonly rules: readonly AttributeRule[];
  readonly attributeOn: boolean;
}

/**
 * Files one word's occurrences: its bit and, with `figures`, the doc's best typo count, first
 * matched word and exactness. A word that `admits` docs enters those it meets, only those set in
 * `only` when given.
 */
export function scanWord(
  index: InvertedIndex,
  plan: WordPlan,
  scan: WordScan,
  { rules, attributeOn }: RulesInUse,
): void {
  const { bit, admits, only, firstReader, exactMode, figures } = scan;
  const tombstoned = index.hasTombstones ? index : null;
  const exactValue = exactMode === EXACT_NEVER ? 0 : exactMode === EXACT_WHOLE ? 2 : 1;
  const s = scratch;
  // The alternative's reader number when occurrences are chained (queries of several words), else -1.
  let reader = firstReader - 1;
  for (const [term, alt] of plan.alts) {
    const termId = index.termId(term);
    if (termId < 0) continue;
    if (firstReader >= 0) reader++;
    s.rulesFor(alt, rules, attributeOn, exactValue);
    const { docs, codes } = index.flat(termId);
    const byRuns = s.runCount >= 0;
    if (byRuns) s.startLookups(admits);
    // Locals, not the scratch's fields: the loop then keeps them in registers.
    const bitmap = s.seen;
    const slotOf = s.slotOfDoc;
    const { masks: slotMask, typos: slotTypos, first: slotFirstWord, exact: slotExact } = s.slots;
    const bases = s.base;
    const orderedHere = s.ordered;
    const exactAt = s.exactHere;
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
        slot = held ? (byRuns ? s.slotInRuns(doc) : slotOf[doc]) : PENDING;
      }
      if (slot === -1) continue;
      const code = codes[k];
      const path = codePath(code);
      const from = bases[path];
      if (from < 0) continue;
      if (slot === PENDING) {
        if (tombstoned !== null && tombstoned.recordAt(doc) === undefined) {
          slot = -1;
          continue;
        }
        slot = s.enter(doc);
      }
      slotMask[slot] |= bit;
      if (figures) {
        if (typos < slotTypos[slot]) slotTypos[slot] = typos;
        const exact = exactAt[path];
        if (exact !== 0 && (exact === 1 || codeWhole(code))) slotExact[slot] = 1;
        const value = orderedHere[path] === 1 ? from + codePosition(code) : from;
        if (value < slotFirstWord[slot]) slotFirstWord[slot] = value;
      }
      if (reader >= 0) s.chainOccurrence(slot, code, reader);
    }
    if (byRuns && admits) s.endRun();
  }
}

/**
 * {@link scanWord} for required word `word` when it does not admit docs and {@link RequiredDocs}
 * read it: only its occurrences picked there, which include every one in a doc entered since.
 */
export function replayWord(
  index: InvertedIndex,
  plan: WordPlan,
  word: number,
  holding: RequiredDocs,
  firstReader: number,
  { rules, attributeOn }: RulesInUse,
): void {
  const bit = 1 << word;
  const starts = holding.from[word];
  const picked = holding.picked;
  const s = scratch;
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
    s.rulesFor(alt, rules, attributeOn, 0);
    const { docs, codes } = index.flat(termId);
    const byRuns = s.runCount >= 0;
    if (byRuns) s.startLookups(false);
    const bitmap = s.seen;
    const bases = s.base;
    const slotMask = s.slots.masks;
    let lastDoc = -1;
    let slot = -1;
    for (; at < end; at++) {
      const k = picked[at];
      const doc = docs[k];
      if ((bitmap[doc >>> 5] & (1 << (doc & 31))) === 0) continue;
      if (doc !== lastDoc) {
        lastDoc = doc;
        slot = byRuns ? s.slotInRuns(doc) : s.slotOfDoc[doc];
      }
      const code = codes[k];
      if (bases[codePath(code)] < 0) continue;
      slotMask[slot] |= bit;
      s.chainOccurrence(slot, code, reader);
    }
  }
}

/** Which query words each bit of a slot's mask stands for. */
export interface WordMasks {
  readonly excluded: number;
  readonly required: number;
  readonly active: number;
}

/**
 * The slots the query matches, compacted in place (an answer's entry is never after its slot):
 * settled ones from the front with their figures, those to evaluate after them. `several`
 * computes a doc's figures from its chained codes (queries of several words).
 */
export function collect(
  columns: Slots,
  count: number,
  { excluded, required, active }: WordMasks,
  several: CodeFigures | null,
): PostingMatches {
  const s = scratch;
  const { ids, typos, words, proximity, first, exact, filters, masks, head } = columns;
  if (s.unsettled.length < count) s.unsettled = new Int32Array(Math.max(count, s.unsettled.length * 2));
  const left = s.unsettled;
  const chain = s.chain;
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
  return {
    ids: ids.subarray(0, n),
    settled,
    typos,
    words,
    proximity,
    firstMatchedWord: first,
    exactWords: exact,
    filters,
    maxima,
    minima,
    buffer: columns.buffer,
    unlisted: 0,
  };
}
