/**
 * Matching a `facetQuery` against one facet value: every query word must meet a word of
 * the value, the last one as a prefix, each within the typos its length allows. Returns
 * the highlighted value, or undefined when the value does not match.
 */
export interface FacetQueryOptions {
  readonly preTag: string;
  readonly postTag: string;
  /** `typoTolerance`: false / 'false' turns typos off; 'min' allows the fewest typos found. */
  readonly typoTolerance: unknown;
  readonly minWordSizefor1Typo: number;
  readonly minWordSizefor2Typos: number;
}

interface Word {
  /** Normalized text. */
  readonly text: string;
  readonly start: number;
  /** Original offset after each normalized character. */
  readonly ends: readonly number[];
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const COMBINING = /[\u0300-\u036f]/g;

function normalizeChar(char: string): string {
  return char.toLowerCase().normalize('NFD').replace(COMBINING, '');
}

function words(text: string): Word[] {
  const out: Word[] = [];
  let current: { text: string; start: number; ends: number[] } | undefined;
  let offset = 0;
  for (const char of text) {
    const end = offset + char.length;
    if (WORD_CHAR.test(char)) {
      current ??= { text: '', start: offset, ends: [] };
      for (const n of normalizeChar(char)) {
        current.text += n;
        current.ends.push(end);
      }
    } else if (current) {
      out.push(current);
      current = undefined;
    }
    offset = end;
  }
  if (current) out.push(current);
  return out;
}

/** Damerau (optimal string alignment) distances; `prefix` gives the best prefix of `term`. */
function distance(query: string, term: string, prefix: boolean): { typos: number; length: number } {
  const m = query.length;
  const n = term.length;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) =>
    Array.from({ length: n + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = query[i - 1] === term[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && query[i - 1] === term[j - 2] && query[i - 2] === term[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  if (!prefix) return { typos: d[m][n], length: n };
  let best = { typos: Infinity, length: 0 };
  for (let j = 0; j <= n; j++) {
    const typos = d[m][j];
    if (typos < best.typos || (typos === best.typos && Math.abs(j - m) < Math.abs(best.length - m)))
      best = { typos, length: j };
  }
  return best;
}

function allowedTypos(word: string, options: FacetQueryOptions): number {
  const tolerance = options.typoTolerance;
  if (tolerance === false || tolerance === 'false') return 0;
  if (word.length >= options.minWordSizefor2Typos) return 2;
  if (word.length >= options.minWordSizefor1Typo) return 1;
  return 0;
}

export function matchFacetQuery(value: string, query: string, options: FacetQueryOptions): string | undefined {
  const queryWords = words(query).map((w) => w.text);
  if (queryWords.length === 0) return value;
  const valueWords = words(value);
  const used = new Map<number, number>();
  for (let q = 0; q < queryWords.length; q++) {
    const last = q === queryWords.length - 1;
    const allowed = allowedTypos(queryWords[q], options);
    let best: { index: number; typos: number; length: number } | undefined;
    valueWords.forEach((word, index) => {
      if (used.has(index)) return;
      const found = distance(queryWords[q], word.text, last);
      if (found.typos <= allowed && (!best || found.typos < best.typos)) best = { index, ...found };
    });
    if (!best) return undefined;
    used.set(best.index, best.length);
  }
  return highlight(value, valueWords, used, options);
}

function highlight(
  value: string,
  valueWords: readonly Word[],
  used: ReadonlyMap<number, number>,
  options: FacetQueryOptions,
): string {
  const spans = [...used]
    .filter(([, length]) => length > 0)
    .map(([index, length]) => ({ start: valueWords[index].start, end: valueWords[index].ends[length - 1] }))
    .sort((a, b) => a.start - b.start);
  let out = '';
  let cursor = 0;
  for (const span of spans) {
    out += value.slice(cursor, span.start) + options.preTag + value.slice(span.start, span.end) + options.postTag;
    cursor = span.end;
  }
  return out + value.slice(cursor);
}
