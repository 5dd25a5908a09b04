import type { TermTable } from './term-table';
import type { Token, Tokenizer } from './tokenize';

/**
 * Splits the strings being indexed into words, one string at a time (its scratch is reused):
 * a plain ASCII string into offsets and hashes (see {@link Tokenizer.asciiWords}), its words
 * looked up in the term table from there; any other string into its terms.
 */
export class WordSplitter {
  /** Offsets and hashes of the words of the ASCII string split last: word k at `3k` (start, end, hash). */
  private bounds = new Int32Array(384);
  /** The ASCII string split last, lower-cased: its words' characters at their offsets. */
  private lowered = new Uint8Array(256);
  /** The terms of the string split last when it is not plain ASCII. */
  private words: string[] | undefined = undefined;
  private text = '';
  /** With word variants under the path being split, its tokens (for each word's text as written) when it is not plain ASCII. */
  private tokens: Token[] | undefined = undefined;

  constructor(
    private readonly tokenizer: Tokenizer,
    private readonly terms: TermTable,
  ) {}

  /**
   * Splits `text` into words (read them with {@link termIdAt}); answers how many. `written`:
   * each word's text as written will be read too (see {@link writtenAt}).
   */
  split(text: string, written = false): number {
    const needed = Math.ceil(1.5 * text.length) + 3;
    if (this.bounds.length < needed) this.bounds = new Int32Array(Math.max(needed, this.bounds.length * 2));
    if (this.lowered.length < text.length)
      this.lowered = new Uint8Array(Math.max(text.length, this.lowered.length * 2));
    this.text = text;
    const count = this.tokenizer.asciiWords(text, this.bounds, this.lowered);
    if (count >= 0) {
      this.words = undefined;
      return count;
    }
    if (written) {
      const tokens = (this.tokens = this.tokenizer.tokens(text));
      this.words = tokens.map((token) => token.term);
    } else {
      this.words = this.tokenizer.terms(text);
    }
    return this.words.length;
  }

  /** The term id of word `k` of the string split last (given one when new). */
  termIdAt(k: number): number {
    if (this.words !== undefined) return this.terms.idOf(this.words[k]);
    const bounds = this.bounds;
    return this.terms.rangeId(this.text, bounds[3 * k], bounds[3 * k + 1], bounds[3 * k + 2], this.lowered);
  }

  /** Word `k` as written in the string split last (split with `written`). */
  writtenAt(k: number): string {
    if (this.words === undefined) return this.text.slice(this.bounds[3 * k], this.bounds[3 * k + 1]);
    const token = this.tokens![k];
    return this.text.slice(token.start, token.end);
  }
}
