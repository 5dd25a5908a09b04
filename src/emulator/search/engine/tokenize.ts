import type { NormalizeConfig } from './normalize';
import { createNormalizer, customReplacement } from './normalize';
import { isCjkChar, segmenterFor, segmentRun } from './segment';
import { createWordVariants, type WordVariants } from './word-variants';

/** A word of a text: its normalized form and where it sits in the original string. */
export interface Token {
  readonly term: string;
  /** Offsets in the original string, end exclusive. */
  readonly start: number;
  readonly end: number;
  /**
   * For each normalized character, the original offset just after it, so a prefix of the
   * term can be mapped back onto the original text (highlighting of prefix matches). Left out
   * of a plain ASCII word, whose characters map one to one.
   */
  readonly ends?: readonly number[];
}

export interface Tokenizer {
  /** Normalized terms only: what the index stores. */
  terms(text: string): string[];
  /**
   * For indexing without building the terms: when the text's terms are its ASCII words
   * lower-cased (a plain ASCII text, no separators to index, no placeholders, no ASCII letter
   * or digit in customNormalization), writes each word's start offset, end offset and
   * {@link termHash} to `words` (three entries a word; at least `1.5 * text.length + 3` long)
   * and returns the number of words; otherwise -1 (use
   * {@link terms}). With `lowered` (at least `text.length` long), also writes each word
   * character lower-cased at its offset, so the words can be compared without reading the text.
   */
  asciiWords(text: string, words: Int32Array, lowered?: Uint8Array): number;
  /** Tokens with offsets: what highlighting needs. */
  tokens(text: string): Token[];
  /** Terms of a text without CJK segmentation: extra forms a word is indexed under (parts, transliterations) stay one term each. */
  wordTerms(text: string): string[];
  /** Per-attribute extra forms of words (camel case parts, kana transliterations), undefined when no setting asks for any. */
  readonly variants: WordVariants | undefined;
  /** Normalizes a text as one piece (no splitting), for exact-phrase checks. */
  readonly config: TokenizerConfig;
}

export interface TokenizerConfig extends NormalizeConfig {
  /** `separatorsToIndex`: characters indexed as one-character tokens. */
  readonly separators: string;
  /** Placeholder synonyms' tokens (`<street>`, normalized), kept whole instead of split. */
  readonly placeholders?: readonly string[];
  /** CJK word segmentation: the `Intl.Segmenter` locale (`zh`, `ja`, `ko`); unset, a CJK run is one word. */
  readonly segment?: string;
  /** `camelCaseAttributes`: attributes whose camel case words are also indexed as their parts. */
  readonly camelCase?: readonly string[];
  /** `attributesToTransliterate` in effect (`indexLanguages` holds `ja`); `*` is every attribute. */
  readonly transliterate?: readonly string[];
}

/** A stable key of the language settings of a tokenizer config (segmentation, camel case, transliteration), for the index cache. */
export function languageKey(config: TokenizerConfig): string {
  if (config.segment === undefined && config.camelCase === undefined && config.transliterate === undefined) return '';
  return JSON.stringify([config.segment ?? '', config.camelCase ?? [], config.transliterate ?? []]);
}

const WORD = /[\p{L}\p{N}\p{M}]/u;

const HASH_SEED = 0x811c9dc5 | 0;
const HASH_PRIME = 16777619;

/** FNV-1a over a term's UTF-16 code units, ASCII capitals lower-cased (as {@link Tokenizer.asciiWords} hashes a word). */
export function termHash(term: string): number {
  let hash = HASH_SEED;
  for (let i = 0; i < term.length; i++) {
    let code = term.charCodeAt(i);
    if (code <= 90 && code >= 65) code += 32;
    hash = Math.imul(hash ^ code, HASH_PRIME);
  }
  return hash;
}

/**
 * Per ASCII code, 1 for a letter or digit `customNormalization` replaces (in either case, see
 * {@link customReplacement}): words holding one go through the normalizer like any character
 * beyond ASCII.
 */
function asciiMapped(custom: Readonly<Record<string, string>>): Uint8Array {
  const replacement = customReplacement(custom);
  const out = new Uint8Array(128);
  for (let code = 0; code < 128; code++)
    if (asciiWordCode(code) && replacement(String.fromCharCode(code)) !== undefined) out[code] = 1;
  return out;
}

/** An ASCII letter or digit: the ASCII characters words are made of. */
const asciiWordCode = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);

/**
 * Splits text into words: runs of letters, digits and combining marks. Every other
 * character separates words, except `separatorsToIndex` characters, which become tokens.
 */
export function createTokenizer(config: TokenizerConfig): Tokenizer {
  const normalize = createNormalizer(config);
  const mapped = asciiMapped(config.custom);
  const indexed = new Set(config.separators);
  const placeholders = new Set(config.placeholders ?? []);
  /** The placeholder token starting at `i` (a `<`), if any. */
  const placeholderAt = (text: string, i: number): string | undefined => {
    const close = text.indexOf('>', i + 1);
    if (close < 0) return undefined;
    let term = '';
    for (const char of text.slice(i, close + 1)) term += normalize(char);
    return placeholders.has(term) ? term : undefined;
  };
  const wordMemo = new Map<string, boolean>();
  const isWord = (char: string, code: number): boolean => {
    if (code < 128) return asciiWordCode(code);
    let known = wordMemo.get(char);
    if (known === undefined) {
      known = WORD.test(char);
      wordMemo.set(char, known);
    }
    return known;
  };

  const segmenter = config.segment !== undefined ? segmenterFor(config.segment) : undefined;

  /**
   * Splits a text into tokens. With CJK segmentation (`segmented`), a word run holding CJK
   * characters is cut into words (see {@link segmentRun}); its normalized characters' `ends` say
   * which piece each belongs to.
   */
  function scan(text: string, withOffsets: boolean, segmented = segmenter !== undefined): Token[] {
    const out: Token[] = [];
    const track = withOffsets || segmented;
    let term = '';
    let start = -1;
    let ends: number[] | undefined;
    let cjk = false;
    const flush = (end: number) => {
      if (start >= 0 && term !== '') {
        if (cjk && segmenter !== undefined) splitRun(text, start, end, term, ends!, withOffsets, segmenter, out);
        else out.push(withOffsets ? { term, start, end, ends } : { term, start, end });
      }
      term = '';
      start = -1;
      ends = undefined;
      cjk = false;
    };
    for (let i = 0; i < text.length;) {
      const code = text.codePointAt(i)!;
      const char = code > 0xffff ? text.slice(i, i + 2) : text[i];
      const next = i + char.length;
      const placeholder = code === 60 && placeholders.size > 0 ? placeholderAt(text, i) : undefined;
      if (placeholder !== undefined) {
        flush(i);
        const end = text.indexOf('>', i) + 1;
        out.push(
          withOffsets
            ? { term: placeholder, start: i, end, ends: [...placeholder].map(() => end) }
            : { term: placeholder, start: i, end },
        );
        i = end;
        continue;
      }
      if (indexed.has(char)) {
        flush(i);
        out.push(withOffsets ? { term: char, start: i, end: next, ends: [next] } : { term: char, start: i, end: next });
      } else if (isWord(char, code)) {
        if (start < 0) {
          start = i;
          if (track) ends = [];
        }
        if (segmented && !cjk && isCjkChar(char, code)) cjk = true;
        const normalized =
          code >= 128 || mapped[code] === 1
            ? normalize(char)
            : code >= 65 && code <= 90
              ? String.fromCharCode(code + 32)
              : char;
        term += normalized;
        if (ends) for (let k = 0; k < normalized.length; k++) ends.push(next);
      } else {
        flush(i);
      }
      i = next;
    }
    flush(text.length);
    return out;
  }

  // Plain ASCII: a word's term is the word lower-cased, read so (terms, tokens, asciiWords) without the normalizer.
  const plainAscii = placeholders.size === 0 && indexed.size === 0 && !mapped.includes(1);

  /** Terms only, for indexing: plain ASCII words are sliced from the text instead of built char by char. */
  function terms(text: string): string[] {
    if (!plainAscii) return scan(text, false).map((token) => token.term);
    const out: string[] = [];
    let start = -1;
    let plain = true;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const lowerOrDigit = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
      if (lowerOrDigit || (code >= 65 && code <= 90)) {
        if (start < 0) {
          start = i;
          plain = true;
        }
        if (!lowerOrDigit) plain = false;
      } else if (code < 128) {
        if (start >= 0) out.push(plain ? text.slice(start, i) : text.slice(start, i).toLowerCase());
        start = -1;
      } else {
        // Anything beyond ASCII takes the general path.
        return scan(text, false).map((token) => token.term);
      }
    }
    if (start >= 0) out.push(plain ? text.slice(start) : text.slice(start).toLowerCase());
    return out;
  }

  /** Tokens for highlighting: a plain ASCII text is split by offsets, without building each word character by character. */
  const tokens = (text: string): Token[] => (plainAscii ? asciiTokens(text) : undefined) ?? scan(text, true);
  const wordTerms =
    segmenter === undefined ? terms : (text: string) => scan(text, false, false).map((token) => token.term);
  const unsegmentedTokens =
    segmenter === undefined
      ? tokens
      : (text: string) => (plainAscii ? asciiTokens(text) : undefined) ?? scan(text, true, false);
  const variants = createWordVariants(config, wordTerms, unsegmentedTokens, terms);
  return new ConfiguredTokenizer(config, plainAscii, terms, tokens, wordTerms, variants);
}

/**
 * Pushes the words of the run `text[start, end)` (normalized as `term`, `ends[k]` the original
 * offset after normalized character k): CJK parts split by the segmenter, the rest whole.
 */
function splitRun(
  text: string,
  start: number,
  end: number,
  term: string,
  ends: readonly number[],
  withOffsets: boolean,
  segmenter: Intl.Segmenter,
  out: Token[],
): void {
  let k = 0;
  for (const piece of segmentRun(segmenter, text, start, end)) {
    const from = k;
    while (k < ends.length && ends[k] <= piece.end) k++;
    if (k === from) continue;
    const part = term.slice(from, k);
    out.push(
      withOffsets
        ? { term: part, start: piece.start, end: piece.end, ends: ends.slice(from, k) }
        : { term: part, start: piece.start, end: piece.end },
    );
  }
}

/** Word offsets of the text {@link asciiTokens} splits (three entries a word). */
let bounds = new Int32Array(96);

/** The tokens of a plain ASCII text (lower-cased words, no `ends`: one character each), or undefined beyond ASCII. */
function asciiTokens(text: string): Token[] | undefined {
  if (bounds.length < 1.5 * text.length + 3) bounds = new Int32Array(Math.ceil(1.5 * text.length) + 3);
  const count = asciiWordsOf(text, bounds);
  if (count < 0) return undefined;
  const out: Token[] = new Array(count);
  for (let k = 0; k < count; k++) {
    const start = bounds[3 * k];
    const end = bounds[3 * k + 1];
    out[k] = { term: asciiTerm(text, start, end), start, end };
  }
  return out;
}

/** The term of the ASCII word `text[start, end)` (as {@link Tokenizer.asciiWords} finds it): the word lower-cased. */
export function asciiTerm(text: string, start: number, end: number): string {
  const word = text.slice(start, end);
  return hasCapital(word) ? word.toLowerCase() : word;
}

function hasCapital(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code >= 65 && code <= 90) return true;
  }
  return false;
}

/**
 * A tokenizer; `asciiWords` sits on the prototype, so the indexing loop calls one function
 * whatever the index (a closure per tokenizer made that call site deoptimize from one index to
 * the next).
 */
class ConfiguredTokenizer implements Tokenizer {
  constructor(
    readonly config: TokenizerConfig,
    /** No separators to index, no placeholders, no ASCII letter or digit replaced: ASCII words are the terms. */
    private readonly plain: boolean,
    readonly terms: (text: string) => string[],
    readonly tokens: (text: string) => Token[],
    readonly wordTerms: (text: string) => string[],
    readonly variants: WordVariants | undefined,
  ) {}

  asciiWords(text: string, words: Int32Array, lowered?: Uint8Array): number {
    return this.plain ? asciiWordsOf(text, words, lowered) : -1;
  }
}

function asciiWordsOf(text: string, words: Int32Array, lowered?: Uint8Array): number {
  let n = 0;
  let start = -1;
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90)) {
      if (start < 0) {
        start = i;
        hash = HASH_SEED;
      }
      if (code <= 90 && code >= 65) code += 32;
      if (lowered !== undefined) lowered[i] = code;
      hash = Math.imul(hash ^ code, HASH_PRIME);
    } else if (code < 128) {
      if (start >= 0) {
        words[n++] = start;
        words[n++] = i;
        words[n++] = hash;
        start = -1;
      }
    } else {
      return -1;
    }
  }
  if (start >= 0) {
    words[n++] = start;
    words[n++] = text.length;
    words[n++] = hash;
  }
  return n / 3;
}
