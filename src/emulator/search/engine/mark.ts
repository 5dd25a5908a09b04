import type { WordPlan } from './match';
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

/**
 * Which query words each vocabulary term matches, from the same per-query alternatives
 * that matched the records, so highlighting agrees with ranking.
 */
export class Marker {
  private readonly memo = new Map<string, TokenMark | null>();

  constructor(
    private readonly plans: readonly WordPlan[],
    readonly tokenizer: Tokenizer,
  ) {}

  /** The normalized query words that count for matchLevel (excluded words do not). */
  get activeWords(): number {
    return this.plans.filter((p) => !p.word.excluded).length;
  }

  term(word: number): string {
    return this.plans[word].word.term;
  }

  mark(term: string): TokenMark | null {
    let known = this.memo.get(term);
    if (known !== undefined) return known;
    const words: number[] = [];
    let length = 0;
    let replace: string | undefined;
    for (const plan of this.plans) {
      if (plan.word.excluded) continue;
      const alt = plan.alts.get(term);
      if (alt) {
        words.push(plan.word.index);
        length = Math.max(length, alt.prefixOnly ? Math.min(plan.word.term.length, term.length) : term.length);
        if (alt.replace) replace = plan.word.term;
      }
      if (plan.concat.includes(term)) {
        words.push(plan.word.index, plan.word.index + 1);
        length = term.length;
      }
      if (plan.splits.some(([a, b]) => a === term || b === term)) {
        words.push(plan.word.index);
        length = term.length;
      }
    }
    known = words.length > 0 ? { words: [...new Set(words)], length, ...(replace !== undefined && words.length === 1 ? { replace } : {}) } : null;
    this.memo.set(term, known);
    return known;
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
            marks[i + k] = { words: [...new Set([...(own?.words ?? []), ...words])], length: tokens[i + k].term.length };
          }
          if (phrase.replace) marks[i] = { ...marks[i]!, replace: this.term(phrase.start), span: n };
          i += n - 1;
        }
      }
    }
  }
}

/** A text with its tokens marked. */
export interface MarkedText {
  readonly text: string;
  readonly tokens: readonly Token[];
  readonly marks: readonly (TokenMark | null)[];
}

/** Marks a text's tokens; `path` (the attribute it was read from) limits camel case parts and other scripts to the attributes that index them. */
export function markText(marker: Marker, text: string, path?: string): MarkedText {
  const tokens = marker.tokenizer.tokens(text);
  const marks = tokens.map((token) => marker.mark(token.term));
  marker.markPhrases(tokens, marks);
  const variants = marker.tokenizer.variants;
  if (variants !== undefined && (path === undefined || variants.forPath(path) !== undefined)) markParts(marker, variants, text, tokens, marks);
  return { text, tokens, marks };
}

/**
 * Marks the camel case parts and transliterated forms of tokens: those that matched no query
 * word themselves, and those matched only in part (`camelCaseWord` read as a prefix with a typo
 * by `case` shows `camel<em>Case</em>Word`, as the part matched).
 */
function markParts(marker: Marker, variants: WordVariants, text: string, tokens: readonly Token[], marks: (TokenMark | null)[]): void {
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

/** Renders tokens `from..to` (exclusive) of a marked text with tags around matched parts. */
export function renderMarked(marked: MarkedText, from: number, to: number, pre: string, post: string): string {
  if (marked.tokens.length === 0) return marked.text;
  const start = from === 0 ? 0 : marked.tokens[from].start;
  const stop = to >= marked.tokens.length ? marked.text.length : marked.tokens[to - 1].end;
  let out = '';
  let cursor = start;
  for (let i = from; i < to; i++) {
    const mark = marked.marks[i];
    if (!mark) continue;
    const token = marked.tokens[i];
    if (mark.replace !== undefined) {
      const last = marked.tokens[Math.min(i + (mark.span ?? 1), to) - 1];
      out += marked.text.slice(cursor, token.start) + pre + mark.replace + post;
      cursor = last.end;
      i += (mark.span ?? 1) - 1;
      continue;
    }
    if (mark.ranges !== undefined) {
      for (const [from, to] of mark.ranges) {
        out += marked.text.slice(cursor, from) + pre + marked.text.slice(from, to) + post;
        cursor = to;
      }
      continue;
    }
    const end = markEnd(token, mark);
    out += marked.text.slice(cursor, token.start) + pre + marked.text.slice(token.start, end) + post;
    cursor = end;
  }
  return out + marked.text.slice(cursor, stop);
}
