/**
 * CJK word segmentation (`indexLanguages` / `queryLanguages` with `zh`, `ja` or `ko`): a word run
 * holding Chinese, Japanese or Korean characters is cut where it changes between CJK and other
 * characters, and each CJK part is split into words by `Intl.Segmenter` (ICU's dictionary; the
 * same Node gives the same words). Runs without CJK characters are never touched.
 */

/** Languages whose text is segmented, in the order their segmenter locale is preferred. */
const CJK_LANGUAGES: readonly string[] = ['zh', 'ja', 'ko'];

/** The segmenter locale of a language list: its first CJK language, undefined without one. */
export function cjkLocaleOf(languages: readonly string[]): string | undefined {
  return languages.find((language) => CJK_LANGUAGES.includes(language));
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30fc\uff70]/u;
const MARK = /\p{M}/u;

const cjkMemo = new Map<string, boolean>();

/** Whether a character (one code point) is written in a CJK script; everything below U+1100 is not. */
export function isCjkChar(char: string, code: number): boolean {
  if (code < 0x1100) return false;
  let known = cjkMemo.get(char);
  if (known === undefined) {
    known = CJK.test(char);
    cjkMemo.set(char, known);
  }
  return known;
}

/** A piece of a word run: original offsets, end exclusive. */
export interface Piece {
  readonly start: number;
  readonly end: number;
}

/**
 * Splits the word run `text[start, end)` into words: its CJK parts by the segmenter, the others
 * kept whole. Combining marks stay with the character before them.
 */
export function segmentRun(segmenter: Intl.Segmenter, text: string, start: number, end: number): Piece[] {
  const out: Piece[] = [];
  let from = start;
  let cjk: boolean | undefined;
  const close = (to: number) => {
    if (to <= from) return;
    if (cjk) {
      for (const { index, segment } of segmenter.segment(text.slice(from, to)))
        out.push({ start: from + index, end: from + index + segment.length });
    } else {
      out.push({ start: from, end: to });
    }
    from = to;
  };
  for (let i = start; i < end;) {
    const code = text.codePointAt(i)!;
    const char = code > 0xffff ? text.slice(i, i + 2) : text[i];
    const kind = cjk !== undefined && code >= 0x300 && MARK.test(char) ? cjk : isCjkChar(char, code);
    if (cjk !== undefined && kind !== cjk) close(i);
    cjk = kind;
    i += char.length;
  }
  close(end);
  return out;
}

const segmenters = new Map<string, Intl.Segmenter>();

/** One word segmenter per locale (they hold no state between calls). */
export function segmenterFor(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}
