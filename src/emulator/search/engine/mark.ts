import type { Alternative, WordPlan } from './match';
import { fuzzyTerms, reportedTypos } from './typo';
import { termFilter } from './term-filter';
import type { Token, Tokenizer } from './tokenize';
import type { WordVariants } from './word-variants';

/** How one token of a text matched the query. */
export interface TokenMark {
  /** Query word indexes the token matched. */
  readonly words: readonly number[];
  /** Normalized characters to highlight (the word's length for a prefix match; all otherwise). */
  readonly length: number;
  /** `replaceSynonymsInHighlight`: the query word(s) shown instead of this token and the `span - 1` after it. */
  readonly replace?: string;
  readonly span?: number;
  /**
   * Marked pieces inside the token, original offsets `[start, end)` ascending: a camel case part
   * or a transliterated form matched, not the token itself (see {@link WordVariants.parts}).
   */
  readonly ranges?: readonly (readonly [number, number])[];
}

/** How `term` matches the word of `plan` by the rules its alternatives were found with, if it does. */
function alternativeOf(plan: WordPlan, term: string): Alternative | undefined {
  const { word, maxTypos } = plan;
  const [found] = fuzzyTerms([term], word.term, maxTypos, word.prefix);
  if (found === undefined) return undefined;
  const exact = term === word.term;
  return {
    typos: reportedTypos(word.term, term, found.distance),
    exact,
    prefixOnly: word.prefix && !exact && found.whole > maxTypos,
  };
}

/** Matched words and level of a text, from the set of query words its marks hold. */
export interface WordsMatch {
  readonly level: MatchLevel;
  /** The matched query words' terms, by word order, each once. */
  readonly words: readonly string[];
}

export type MatchLevel = 'none' | 'partial' | 'full';

/**
 * Which query words each vocabulary term matches, from the same per-query alternatives
 * that matched the records, so highlighting agrees with ranking.
 */
export class Marker {
  private readonly memo = new Map<string, TokenMark | null>();
  /** The plans that mark tokens: excluded words do not. */
  private readonly live: readonly WordPlan[];
  /** The normalized query words that count for matchLevel (excluded words do not). */
  readonly activeWords: number;
  /** Some plan has phrase alternatives, which {@link markPhrases} marks over consecutive tokens. */
  readonly phrased: boolean;
  private filter: Uint32Array | undefined;
  private readonly byWords = new Map<number, WordsMatch>();

  /**
   * `index`: what is indexed, when some attribute is not (searchable attributes only are). A term
   * no indexed string holds comes from an attribute that is not searchable (which
   * `attributesToHighlight` may name): it is matched against the query words as the vocabulary
   * walk would have matched it (typos, prefix), so such attributes highlight as if their words
   * were indexed too.
   */
  constructor(
    private readonly plans: readonly WordPlan[],
    readonly tokenizer: Tokenizer,
    private readonly index?: { termId(term: string): number; indexes(path: string): boolean },
  ) {
    this.live = plans.filter((p) => !p.word.excluded);
    this.activeWords = this.live.length;
    this.phrased = plans.some((p) => p.phrases.length > 0);
  }

  term(word: number): string {
    return this.plans[word].word.term;
  }

  mark(term: string): TokenMark | null {
    let known = this.memo.get(term);
    if (known === undefined) {
      known = this.marked(term);
      this.memo.set(term, known);
    }
    return known;
  }

  private marked(term: string): TokenMark | null {
    let words: number[] | undefined;
    let length = 0;
    let replace: string | undefined;
    const unindexed = this.index !== undefined && this.index.termId(term) < 0;
    for (const plan of this.live) {
      const index = plan.word.index;
      const alt = plan.alts.get(term) ?? plan.aside.get(term) ?? (unindexed ? alternativeOf(plan, term) : undefined);
      if (alt) {
        (words ??= []).push(index);
        length = Math.max(length, alt.prefixOnly ? Math.min(plan.word.term.length, term.length) : term.length);
        if (alt.replace) replace = plan.word.term;
      }
      if (plan.concat.length > 0 && plan.concat.includes(term)) {
        (words ??= []).push(index, index + 1);
        length = term.length;
      }
      for (const [a, b] of plan.splits) {
        if (a !== term && b !== term) continue;
        (words ??= []).push(index);
        length = term.length;
        break;
      }
    }
    if (words === undefined) return null;
    if (words.length > 1) return { words: [...new Set(words)], length };
    return replace === undefined ? { words, length } : { words, length, replace };
  }

  /**
   * A filter of the terms {@link mark} can match (see term-filter.ts): most words of a text are
   * ruled out by their hash, without being sliced out of it.
   */
  /** Whether words of a text from `path` may be ruled out by {@link termBits} (those of an attribute not indexed may not). */
  filters(path: string): boolean {
    return this.index === undefined || this.index.indexes(path);
  }

  termBits(): Uint32Array {
    return (this.filter ??= termFilter(this.live));
  }

  /** Level and words of a text whose marks hold the query words of the bit set `mask` (bit n: word n, below {@link WIDE_WORD}). */
  wordsMatch(mask: number): WordsMatch {
    if (mask === 0) return NO_WORDS;
    let known = this.byWords.get(mask);
    if (known === undefined) {
      const indexes: number[] = [];
      for (let word = 0; word < WIDE_WORD; word++) if (mask & (1 << word)) indexes.push(word);
      known = this.matchOf(indexes);
      this.byWords.set(mask, known);
    }
    return known;
  }

  /** Level and words of the set of matched word indexes `matched`, ascending and distinct. */
  matchOf(matched: readonly number[]): WordsMatch {
    const level: MatchLevel = matched.length === 0 ? 'none' : matched.length >= this.activeWords ? 'full' : 'partial';
    return { level, words: [...new Set(matched.map((w) => this.term(w)))] };
  }

  /** Phrase alternatives (synonyms, compounds): marked where their words follow each other in a text. */
  markPhrases(tokens: readonly Token[], marks: (TokenMark | null)[]): void {
    for (const plan of this.plans) {
      for (const phrase of plan.phrases) {
        const n = phrase.words.length;
        const words = phrase.perWord.map((_, k) => phrase.start + k);
        for (let i = 0; i + n <= tokens.length; i++) {
          if (!phrase.words.every((w, k) => tokens[i + k].term === w)) continue;
          for (let k = 0; k < n; k++) {
            const own = marks[i + k];
            marks[i + k] = {
              words: [...new Set([...(own?.words ?? []), ...words])],
              length: tokens[i + k].term.length,
            };
          }
          if (phrase.replace) marks[i] = { ...marks[i]!, replace: this.term(phrase.start), span: n };
          i += n - 1;
        }
      }
    }
  }
}

const NO_WORDS: WordsMatch = { level: 'none', words: [] };

/** Query words from this index on are kept out of {@link Marker.wordsMatch}'s bit sets. */
export const WIDE_WORD = 31;

/** A text's tokens and their marks. */
export interface TokenMarks {
  readonly text: string;
  readonly tokens: readonly Token[];
  readonly marks: readonly (TokenMark | null)[];
}

/** Marks a text's tokens; `path` (the attribute it was read from) limits camel case parts and other scripts to the attributes that index them. */
export function markText(marker: Marker, text: string, path?: string): TokenMarks {
  const tokens = marker.tokenizer.tokens(text);
  const marks = tokens.map((token) => marker.mark(token.term));
  marker.markPhrases(tokens, marks);
  const variants = marker.tokenizer.variants;
  if (variants !== undefined && (path === undefined || variants.forPath(path) !== undefined))
    markParts(marker, variants, text, tokens, marks);
  return { text, tokens, marks };
}

/**
 * Marks the camel case parts and transliterated forms of tokens: those that matched no query
 * word themselves, and those matched only in part (`camelCaseWord` read as a prefix with a typo
 * by `case` shows `camel<em>Case</em>Word`, as the part matched).
 */
function markParts(
  marker: Marker,
  variants: WordVariants,
  text: string,
  tokens: readonly Token[],
  marks: (TokenMark | null)[],
): void {
  for (let i = 0; i < tokens.length; i++) {
    const own = marks[i];
    if (own !== null && (own.replace !== undefined || markEnd(tokens[i], own) === tokens[i].end)) continue;
    const parts = variants.parts(tokens[i], text);
    if (parts === undefined) continue;
    const words = new Set<number>(own?.words);
    const found: [number, number][] = [];
    for (const part of parts) {
      const mark = marker.mark(part.term);
      if (mark === null) continue;
      for (const word of mark.words) words.add(word);
      found.push([part.start, part.whole ? part.end : markEnd(part, mark)]);
    }
    if (found.length === 0) continue;
    found.sort((a, b) => a[0] - b[0]);
    const ranges: [number, number][] = [];
    for (const range of found) {
      const last = ranges[ranges.length - 1];
      if (last !== undefined && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
      else ranges.push(range);
    }
    marks[i] = { words: [...words].sort((a, b) => a - b), length: tokens[i].term.length, ranges };
  }
}

/** The original-text end offset of a token's highlighted part (for marked pieces, of the ones that run on from its start). */
export function markEnd(token: Token, mark: TokenMark): number {
  if (mark.ranges !== undefined) {
    let end = token.start;
    for (const [from, to] of mark.ranges) {
      if (from > end) break;
      end = Math.max(end, to);
    }
    return end;
  }
  if (mark.length >= token.term.length) return token.end;
  // Without `ends`, each character of the term is one character of the text.
  return token.ends ? token.ends[Math.max(0, mark.length - 1)] : token.start + Math.max(1, mark.length);
}
