import { markEnd, markText, WIDE_WORD, type Marker, type TokenMark, type WordsMatch } from './mark';
import { mayHold } from './term-filter';

/** Lets every word through to the marker. */
const NO_FILTER = new Uint32Array(0);
import { asciiTerm } from './tokenize';

/**
 * A text with its tokens marked, in arrays reused from one text to the next: highlighting
 * reads one text at a time, and most texts of a page of hits match nothing.
 */
export interface MarkedText {
  readonly text: string;
  /** How many tokens. */
  readonly count: number;
  /** Three entries a token: its start and end offsets in the text, and (when marked) where its highlighted part ends. */
  readonly spans: Int32Array;
  /** Each token's mark (`count` entries are current). */
  readonly marks: readonly (TokenMark | null)[];
  /** The first marked token, -1 when none. */
  readonly first: number;
  /** There are tokens, and every one is wholly highlighted (`fullyHighlighted`). */
  readonly fully: boolean;
  /** The query words the marks hold, as a bit set (of those below {@link WIDE_WORD}). */
  readonly words: number;
  /** Some mark holds a query word from {@link WIDE_WORD} on. */
  readonly wide: boolean;
}

const current = {
  text: '',
  count: 0,
  spans: new Int32Array(96),
  marks: [] as (TokenMark | null)[],
  first: -1,
  fully: false,
  words: 0,
  wide: false,
};

function reserve(entries: number): void {
  if (current.spans.length < entries) current.spans = new Int32Array(Math.ceil(entries * 1.5));
}

/**
 * Marks a text (read from attribute `path`). A plain ASCII text, when no phrase or word part
 * can be marked in it, is split by offsets and looked up without building its tokens; the
 * rest goes through {@link markText}. Valid until the next call.
 */
export function markedText(marker: Marker, text: string, path: string): MarkedText {
  const variants = marker.tokenizer.variants;
  if (!marker.phrased && (variants === undefined || variants.forPath(path) === undefined)) {
    reserve(1.5 * text.length + 3);
    const count = marker.tokenizer.asciiWords(text, current.spans);
    if (count >= 0) return markAscii(marker, text, count, marker.filters(path));
  }
  return markTokens(marker, text, path);
}

/** The words `asciiWords` left in `spans` (start, end, hash): a word whose hash the marker rules out is no match and is never sliced. */
function markAscii(marker: Marker, text: string, count: number, filtered: boolean): MarkedText {
  begin(text, count);
  const { spans, marks } = current;
  const bits = filtered ? marker.termBits() : NO_FILTER;
  let fully = count > 0;
  for (let k = 0; k < count; k++) {
    const at = 3 * k;
    const mark = mayHold(bits, spans[at + 2]) ? marker.mark(asciiTerm(text, spans[at], spans[at + 1])) : null;
    marks[k] = mark;
    if (mark === null) fully = false;
    // As markEnd: each character of an ASCII word is one character of its term.
    else
      note(
        k,
        mark,
        spans[at + 1],
        mark.length >= spans[at + 1] - spans[at] ? spans[at + 1] : spans[at] + Math.max(1, mark.length),
      );
  }
  current.fully &&= fully;
  return current;
}

/** Marks a text through its tokens (the path for any text; see {@link markedText}). */
export function markTokens(marker: Marker, text: string, path: string): MarkedText {
  const { tokens, marks: tokenMarks } = markText(marker, text, path);
  reserve(3 * tokens.length);
  begin(text, tokens.length);
  const { spans, marks } = current;
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k];
    const mark = tokenMarks[k];
    spans[3 * k] = token.start;
    spans[3 * k + 1] = token.end;
    marks[k] = mark;
    if (mark === null) current.fully = false;
    else note(k, mark, token.end, markEnd(token, mark));
  }
  return current;
}

function begin(text: string, count: number): void {
  current.text = text;
  current.count = count;
  current.first = -1;
  current.fully = count > 0;
  current.words = 0;
  current.wide = false;
}

/** Token `k` (ending at `end`) is marked by `mark`, highlighted up to `highlighted`. */
function note(k: number, mark: TokenMark, end: number, highlighted: number): void {
  current.spans[3 * k + 2] = highlighted;
  if (current.first < 0) current.first = k;
  if (highlighted !== end) current.fully = false;
  for (const word of mark.words) {
    if (word < WIDE_WORD) current.words |= 1 << word;
    else current.wide = true;
  }
}

/** Level and matched words of a marked text. */
export function wordsMatched(marker: Marker, marked: MarkedText): WordsMatch {
  if (!marked.wide) return marker.wordsMatch(marked.words);
  const matched = new Set<number>();
  for (let k = 0; k < marked.count; k++) for (const word of marked.marks[k]?.words ?? []) matched.add(word);
  return marker.matchOf([...matched].sort((a, b) => a - b));
}

/** Renders tokens `from..to` (exclusive) of a marked text with tags around matched parts. */
export function renderMarked(marked: MarkedText, from: number, to: number, pre: string, post: string): string {
  const { text, count, spans, marks } = marked;
  if (count === 0) return text;
  const start = from === 0 ? 0 : spans[3 * from];
  const stop = to >= count ? text.length : spans[3 * (to - 1) + 1];
  // Nothing marked from `from` on: most texts of a page of hits.
  if (marked.first < 0 || marked.first >= to) return text.slice(start, stop);
  let out = '';
  let cursor = start;
  for (let i = from; i < to; i++) {
    const mark = marks[i];
    if (mark === null) continue;
    const tokenStart = spans[3 * i];
    if (mark.replace !== undefined) {
      const span = mark.span ?? 1;
      out += text.slice(cursor, tokenStart) + pre + mark.replace + post;
      cursor = spans[3 * (Math.min(i + span, to) - 1) + 1];
      i += span - 1;
      continue;
    }
    if (mark.ranges !== undefined) {
      for (const [a, b] of mark.ranges) {
        out += text.slice(cursor, a) + pre + text.slice(a, b) + post;
        cursor = b;
      }
      continue;
    }
    const end = spans[3 * i + 2];
    out += text.slice(cursor, tokenStart) + pre + text.slice(tokenStart, end) + post;
    cursor = end;
  }
  return out + text.slice(cursor, stop);
}
