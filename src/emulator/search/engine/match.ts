import type { AttributeRule } from './attributes';
import type { WordAlternative } from './hooks';
import { occurrencesOf, posOf, slotOf, type Doc, type InvertedIndex } from './inverted-index';
import type { QueryOptions } from './options';
import type { QueryWord } from './query';
import { allowedTypos, fuzzyVocabulary, reportedTypos } from './typo';
import { isDigits } from './vocabulary';

/** How a vocabulary term matches one query word. */
export interface Alternative {
  readonly typos: number;
  /** The term is the query word itself. */
  readonly exact: boolean;
  /** Matched only as a prefix of the term (highlight covers the word's length only). */
  readonly prefixOnly: boolean;
  /** A synonym whose match the highlight shows as the query word (`replaceSynonymsInHighlight`). */
  readonly replace?: boolean;
}

/** An alternative of several query words, or matching several record words in a row. */
export interface PhraseAlternative {
  readonly start: number;
  readonly end: number;
  readonly words: readonly string[];
  /** Per covered query word (`start + k`), what a match counts: typos on the first word only. */
  readonly perWord: readonly Alternative[];
  readonly replace: boolean;
}

/** The vocabulary terms each query word can match, computed once per query. */
export interface WordPlan {
  readonly word: QueryWord;
  readonly alts: ReadonlyMap<string, Alternative>;
  /** Terms equal to this word concatenated with the next one. */
  readonly concat: readonly string[];
  /** Two-part splits of this word, both parts in the vocabulary. */
  readonly splits: readonly (readonly [string, string])[];
  /** Phrase alternatives starting at this word (synonyms, decompounded words). */
  readonly phrases: readonly PhraseAlternative[];
  /**
   * One-word alternatives (synonyms, plurals) no indexed string holds: highlighting still marks
   * them in attributes that are not searchable, so not indexed (`attributesToHighlight` may name
   * them; see `Marker`).
   */
  readonly aside: ReadonlyMap<string, Alternative>;
  /** The typos the word's alternatives were found within. */
  readonly maxTypos: number;
}

/** What one record matched: computed once, feeding ranking, rankingInfo and highlighting. */
export interface MatchInfo {
  readonly doc: Doc;
  readonly words: number;
  readonly typos: number;
  readonly proximity: number;
  readonly firstMatchedWord: number;
  readonly exactWords: number;
}

const MAX_PROXIMITY = 8;

/** Typos a query word may have in a record: none with typos off, in a phrase, for listed words and (unless allowed) numbers; else by its length. */
export function typoBudget(word: QueryWord, options: QueryOptions): number {
  if (options.typoTolerance === false || word.phrase >= 0 || options.disableTypoToleranceOnWords.includes(word.term))
    return 0;
  if (!options.allowTyposOnNumericTokens && isDigits(word.term)) return 0;
  return allowedTypos(word.term.length, options.minWordSizefor1Typo, options.minWordSizefor2Typos);
}

/**
 * Computes each word's alternatives against the vocabulary, plus the stages' alternatives
 * (one word for one word joins the word's terms; anything longer becomes a phrase).
 */
export function planWords(
  index: InvertedIndex,
  words: readonly QueryWord[],
  options: QueryOptions,
  extra: readonly WordAlternative[] = [],
): WordPlan[] {
  const typosOn = options.typoTolerance !== false;
  const usable = extra.filter(
    (alt) =>
      alt.end > alt.start &&
      alt.end <= words.length &&
      words.slice(alt.start, alt.end).every((w) => !w.excluded && w.phrase < 0),
  );
  return words.map((word, i) => {
    const alts = new Map<string, Alternative>();
    if (word.excluded) {
      alts.set(word.term, { typos: 0, exact: true, prefixOnly: false });
      return { word, alts, concat: [], splits: [], phrases: [], aside: NO_ALTERNATIVES, maxTypos: 0 };
    }
    const maxTypos = typoBudget(word, options);
    for (const { term, distance, whole } of fuzzyVocabulary(index.vocabulary, word.term, maxTypos, word.prefix)) {
      const exact = term === word.term;
      const prefixOnly = word.prefix && !exact && whole > maxTypos;
      alts.set(term, { typos: reportedTypos(word.term, term, distance), exact, prefixOnly });
    }
    const aside = new Map<string, Alternative>();
    const concat: string[] = [];
    const splits: [string, string][] = [];
    if (typosOn && word.phrase < 0) {
      const next = words[i + 1];
      if (next && !next.excluded && next.phrase < 0) {
        const joined = word.term + next.term;
        if (index.postings.has(joined)) concat.push(joined);
      }
      for (let k = 1; k < word.term.length; k++) {
        const a = word.term.slice(0, k);
        const b = word.term.slice(k);
        if (index.postings.has(a) && index.postings.has(b)) splits.push([a, b]);
      }
    }
    const phrases: PhraseAlternative[] = [];
    for (const alt of usable) {
      if (alt.start !== i) continue;
      const replace = alt.replaceInHighlight === true && alt.end - alt.start === 1;
      if (alt.end - alt.start === 1 && alt.words.length === 1) {
        mergeAlternative(index.postings.has(alt.words[0]) ? alts : aside, alt.words[0], {
          typos: alt.typos,
          exact: alt.exact,
          prefixOnly: false,
          replace,
        });
        continue;
      }
      if (!alt.words.every((w) => index.postings.has(w))) continue;
      const perWord = [];
      for (let k = alt.start; k < alt.end; k++)
        perWord.push({ typos: k === alt.start ? alt.typos : 0, exact: alt.exact, prefixOnly: false });
      phrases.push({ start: alt.start, end: alt.end, words: alt.words, perWord, replace });
    }
    return { word, alts, concat, splits, phrases, aside, maxTypos };
  });
}

const NO_ALTERNATIVES: ReadonlyMap<string, Alternative> = new Map();

/** Keeps the better reading of a term: fewer typos, then exact, then a whole-word match. */
function mergeAlternative(alts: Map<string, Alternative>, term: string, alt: Alternative): void {
  const old = alts.get(term);
  if (!old || alt.typos < old.typos) alts.set(term, alt);
  else if (alt.typos === old.typos) {
    alts.set(term, {
      typos: alt.typos,
      exact: old.exact || alt.exact,
      prefixOnly: old.prefixOnly && alt.prefixOnly,
      replace: alt.replace && !old.exact,
    });
  }
}

/** Ids of the docs that can match: the postings of the rarest required word (or of any word). */
export function candidateIds(index: InvertedIndex, plans: readonly WordPlan[]): Iterable<number> {
  const active = plans.filter((p) => !p.word.excluded);
  const required = active.filter((p) => !p.word.optional);
  const postingsOf = (plan: WordPlan): number[][] => {
    const lists: number[][] = [];
    for (const term of plan.alts.keys()) {
      const ids = index.postings.get(term);
      if (ids) lists.push(ids);
    }
    for (const term of plan.concat) lists.push(index.postings.get(term) ?? []);
    for (const [a] of plan.splits) lists.push(index.postings.get(a) ?? []);
    // A concatenation with the previous word satisfies this word too.
    const previous = plans[plan.word.index - 1];
    if (previous) for (const term of previous.concat) lists.push(index.postings.get(term) ?? []);
    // So does a phrase alternative covering it: its records hold the phrase's first word.
    for (const other of plans) {
      for (const phrase of other.phrases) {
        if (phrase.start <= plan.word.index && plan.word.index < phrase.end)
          lists.push(index.postings.get(phrase.words[0]) ?? []);
      }
    }
    return lists;
  };
  let sources: number[][][];
  if (required.length > 0) {
    let best: number[][] = [];
    let bestSize = Infinity;
    for (const plan of required) {
      const lists = postingsOf(plan);
      const size = lists.reduce((sum, list) => sum + list.length, 0);
      if (size < bestSize) {
        best = lists;
        bestSize = size;
      }
    }
    sources = [best];
  } else {
    sources = active.map(postingsOf);
  }
  const lists = sources.flat();
  if (lists.length === 1) return lists[0];
  return union(lists, index.docCount);
}

/** Distinct ids of several lists, ascending: sorted when few, else marked in a bitmap and read back. */
function union(lists: readonly (readonly number[])[], limit: number): Iterable<number> {
  let total = 0;
  for (const list of lists) total += list.length;
  if (total * 8 < limit) {
    const all = new Int32Array(total);
    let at = 0;
    for (const list of lists) for (const id of list) all[at++] = id;
    all.sort();
    let kept = 0;
    for (let i = 0; i < total; i++) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i];
    return all.subarray(0, kept);
  }
  const seen = new Uint8Array(limit);
  for (const list of lists) for (const id of list) seen[id] = 1;
  const out: number[] = [];
  for (let id = 0; id < limit; id++) if (seen[id] === 1) out.push(id);
  return out;
}

/** Which query words use a term, and how: the alternatives of every plan, by term id. */
export interface TermTable {
  /** 1 + index in `uses` of a term id; 0 when no word uses the term. */
  slot(termId: number): number;
  readonly uses: readonly (readonly TermUse[])[];
  /** The index the ids belong to (joins, splits and phrases look terms up by name). */
  readonly index: InvertedIndex;
}

interface TermUse {
  readonly word: number;
  readonly alt: Alternative;
}

/**
 * Marks the plans' terms in a small open-addressing table of term ids (a table as long as the
 * vocabulary cost an allocation of every term per query), so matching a doc reads typed arrays.
 */
export function termTable(index: InvertedIndex, plans: readonly WordPlan[]): TermTable {
  let terms = 0;
  for (const plan of plans) terms += plan.alts.size;
  let capacity = 8;
  while (capacity < terms * 2) capacity *= 2;
  const mask = capacity - 1;
  const keys = new Int32Array(capacity).fill(-1);
  const slots = new Uint32Array(capacity);
  const find = (id: number): number => {
    let at = Math.imul(id, 0x9e3779b1) & mask;
    while (keys[at] !== -1 && keys[at] !== id) at = (at + 1) & mask;
    return at;
  };
  const uses: TermUse[][] = [];
  plans.forEach((plan, word) => {
    for (const [term, alt] of plan.alts) {
      const id = index.termId(term);
      if (id < 0) continue;
      const at = find(id);
      if (keys[at] === -1) {
        keys[at] = id;
        uses.push([]);
        slots[at] = uses.length;
      }
      uses[slots[at] - 1].push({ word, alt });
    }
  });
  return { slot: (id) => slots[find(id)], uses, index };
}

/** Per query word, while one doc is evaluated: reused across docs (evaluation is synchronous), so matching allocates only for hits. */
const scratch = { occurrences: [] as number[][], typos: [] as number[], exact: [] as boolean[], wholeAttribute: false };

const JOINED: Alternative = { typos: 0, exact: false, prefixOnly: false };

/** Records one occurrence of query word `i` if the attribute rules allow it. */
function addOccurrence(doc: Doc, rules: readonly AttributeRule[], i: number, packed: number, alt: Alternative): void {
  const slot = doc.slots[slotOf(packed)];
  const rule = rules[slot.path];
  if (rule.index < 0) return;
  if (alt.typos > 0 && rule.noTypo) return;
  if (alt.prefixOnly && rule.noPrefix) return;
  scratch.occurrences[i].push(packed);
  if (alt.typos < scratch.typos[i]) scratch.typos[i] = alt.typos;
  if (alt.exact && !rule.noExact) {
    scratch.exact[i] = true;
    if (slot.length === 1) scratch.wholeAttribute = true;
  }
}

/**
 * Matches one doc against the query: per word, its valid occurrences (searchable
 * attribute, typo and prefix rules), then the ranking figures. `null` when a required
 * word is missing or an excluded word is present.
 */
export function evaluate(
  doc: Doc,
  plans: readonly WordPlan[],
  table: TermTable,
  rules: readonly AttributeRule[],
  options: QueryOptions,
  attributeOn: boolean,
): MatchInfo | null {
  const n = plans.length;
  const { occurrences, typos, exact } = scratch;
  for (let i = 0; i < n; i++) {
    if (occurrences[i]) occurrences[i].length = 0;
    else occurrences[i] = [];
    typos[i] = Infinity;
    exact[i] = false;
  }
  scratch.wholeAttribute = false;
  // One pass over the doc's terms finds every word's alternatives.
  const { termIds } = doc;
  for (let k = 0; k < termIds.length; k++) {
    const slot = table.slot(termIds[k]);
    if (slot === 0) continue;
    const list = doc.occurrences[k];
    for (const use of table.uses[slot - 1])
      for (const packed of list) addOccurrence(doc, rules, use.word, packed, use.alt);
  }
  for (let i = 0; i < n; i++) {
    const plan = plans[i];
    if (plan.word.excluded) {
      if (occurrences[i].length > 0) return null;
      continue;
    }
    for (const term of plan.concat) {
      for (const packed of occurrencesOf(table.index, doc, term)) {
        addOccurrence(doc, rules, i, packed, JOINED);
        addOccurrence(doc, rules, i + 1, packed, JOINED);
      }
    }
    for (const [a, b] of plan.splits) {
      const second = occurrencesOf(table.index, doc, b);
      if (second.length === 0) continue;
      for (const packed of occurrencesOf(table.index, doc, a))
        if (second.includes(packed + 1)) addOccurrence(doc, rules, i, packed, JOINED);
    }
    for (const phrase of plan.phrases) {
      for (const packed of phraseStarts(table.index, doc, phrase.words)) {
        // Covered query words sit on the phrase's words in order (the last one repeats).
        for (let k = 0; k < phrase.perWord.length; k++)
          addOccurrence(doc, rules, phrase.start + k, packed + Math.min(k, phrase.words.length - 1), phrase.perWord[k]);
      }
    }
  }
  let phrased = false;
  for (let i = 0; i < n; i++) if (plans[i].word.phrase >= 0) phrased = true;
  if (phrased) checkPhrases(plans, occurrences);
  let words = 0;
  let active = 0;
  let anyRequired = false;
  for (let i = 0; i < n; i++) {
    const word = plans[i].word;
    if (word.excluded) continue;
    active++;
    const found = occurrences[i].length > 0;
    if (!word.optional) {
      anyRequired = true;
      if (!found) return null;
    }
    if (found) words++;
  }
  if (active > 0 && !anyRequired && words === 0) return null;

  let typoCount = 0;
  let exactWords = 0;
  let firstMatchedWord = Infinity;
  let proximity = 0;
  let previous = -1;
  let longWord = false;
  for (let i = 0; i < n; i++) {
    const word = plans[i].word;
    if (!word.excluded && word.term.length >= 3) longWord = true;
    if (word.excluded || occurrences[i].length === 0) continue;
    typoCount += typos[i];
    if (exact[i]) exactWords++;
    for (const packed of occurrences[i]) {
      const rule = rules[doc.slots[slotOf(packed)].path];
      const value = attributeOn ? rule.index * 1000 + (rule.unordered ? 0 : Math.min(posOf(packed), 999)) : 0;
      if (value < firstMatchedWord) firstMatchedWord = value;
    }
    if (previous >= 0) proximity += pairDistance(occurrences[previous], occurrences[i], options.minProximity);
    previous = i;
  }
  if (active === 1) {
    const mode = options.exactOnSingleWordQuery;
    exactWords =
      mode === 'none'
        ? 0
        : mode === 'attribute'
          ? scratch.wholeAttribute
            ? 1
            : 0
          : exactWords > 0 && longWord
            ? 1
            : 0;
  }
  return {
    doc,
    words,
    typos: typoCount,
    proximity,
    firstMatchedWord: firstMatchedWord === Infinity ? 0 : firstMatchedWord,
    exactWords,
  };
}

/** Packed positions where `words` follow each other in one string of the doc. */
function phraseStarts(index: InvertedIndex, doc: Doc, words: readonly string[]): readonly number[] {
  const first = occurrencesOf(index, doc, words[0]);
  if (first.length === 0 || words.length === 1) return first;
  const rest = words.slice(1).map((w) => occurrencesOf(index, doc, w));
  if (rest.some((list) => list.length === 0)) return [];
  return first.filter((packed) =>
    rest.every((list, k) => list.includes(packed + k + 1) && slotOf(packed + k + 1) === slotOf(packed)),
  );
}

/**
 * Distance between two consecutive query words: word positions apart in the same string
 * (one more when in reverse order), 8 across strings or array elements, capped at 8 and
 * floored at `minProximity`.
 */
function pairDistance(left: readonly number[], right: readonly number[], minProximity: number): number {
  let best = MAX_PROXIMITY;
  const a = left.length > 64 ? left.slice(0, 64) : left;
  const b = right.length > 64 ? right.slice(0, 64) : right;
  for (const x of a) {
    const slot = slotOf(x);
    for (const y of b) {
      if (slotOf(y) !== slot) continue;
      const px = posOf(x);
      const py = posOf(y);
      const distance = py > px ? py - px : px - py + 1;
      if (distance < best) best = distance;
    }
  }
  return Math.max(Math.min(best, MAX_PROXIMITY), minProximity);
}

/** Words of an `"exact phrase"` only count where they follow each other in one string. */
function checkPhrases(plans: readonly WordPlan[], occurrences: number[][]): void {
  const groups = new Map<number, number[]>();
  for (const plan of plans) {
    if (plan.word.phrase < 0) continue;
    const group = groups.get(plan.word.phrase) ?? [];
    group.push(plan.word.index);
    groups.set(plan.word.phrase, group);
  }
  for (const members of groups.values()) {
    const starts = occurrences[members[0]].filter((start) =>
      members.every((w, k) => occurrences[w].includes(start + k)),
    );
    members.forEach((w, k) => {
      occurrences[w] = starts.map((start) => start + k);
    });
  }
}
