import type { WordPlan } from './match';
import type { Token, Tokenizer } from './tokenize';

/** How one token of a text matched the query. */
export interface TokenMark {
  /** Query word indexes the token matched. */
  readonly words: readonly number[];
  /** Normalized characters to highlight (the word's length for a prefix match; all otherwise). */
  readonly length: number;
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
    for (const plan of this.plans) {
      if (plan.word.excluded) continue;
      const alt = plan.alts.get(term);
      if (alt) {
        words.push(plan.word.index);
        length = Math.max(length, alt.prefixOnly ? Math.min(plan.word.term.length, term.length) : term.length);
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
    known = words.length > 0 ? { words: [...new Set(words)], length } : null;
    this.memo.set(term, known);
    return known;
  }
}

/** A text with its tokens marked. */
export interface MarkedText {
  readonly text: string;
  readonly tokens: readonly Token[];
  readonly marks: readonly (TokenMark | null)[];
}

export function markText(marker: Marker, text: string): MarkedText {
  const tokens = marker.tokenizer.tokens(text);
  return { text, tokens, marks: tokens.map((token) => marker.mark(token.term)) };
}

/** The original-text end offset of a token's highlighted part. */
export function markEnd(token: Token, mark: TokenMark): number {
  if (mark.length >= token.term.length || !token.ends) return token.end;
  return token.ends[Math.max(0, mark.length - 1)];
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
    const end = markEnd(token, mark);
    out += marked.text.slice(cursor, token.start) + pre + marked.text.slice(token.start, end) + post;
    cursor = end;
  }
  return out + marked.text.slice(cursor, stop);
}
