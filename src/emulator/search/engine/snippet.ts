import type { SearchRecord } from '../../state';
import type { Marker, MatchLevel } from './mark';
import { markedText, renderMarked, wordsMatched } from './marked-text';
import type { QueryOptions } from './options';
import { recordTree, targetsOf, type Tree } from './record-tree';

export interface SnippetLeaf {
  value: string;
  matchLevel: MatchLevel;
}

export type SnippetTree = Tree<SnippetLeaf>;

const DEFAULT_WORDS = 10;

/** `attr` or `attr:N` (N words). */
function parseSnippetSpec(spec: string): { name: string; words: number } {
  const match = /^(.*):(\d+)$/.exec(spec);
  return match ? { name: match[1], words: Number(match[2]) } : { name: spec, words: DEFAULT_WORDS };
}

/**
 * A window of `words` words around the first match (or the start), with the matches
 * highlighted and the ellipsis where text was cut.
 */
function leaf(marker: Marker, text: string, words: number, options: QueryOptions, path: string): SnippetLeaf {
  const marked = markedText(marker, text, path);
  const { level } = wordsMatched(marker, marked);
  const count = marked.count;
  // `attr:0` asks for no words: only the ellipsis says text was cut.
  if (words <= 0) return { value: count > 0 ? options.snippetEllipsisText : '', matchLevel: level };
  if (count <= words) {
    return {
      value: renderMarked(marked, 0, count, options.highlightPreTag, options.highlightPostTag),
      matchLevel: level,
    };
  }
  const first = marked.first;
  const from = first < 0 ? 0 : Math.max(0, Math.min(first - Math.floor((words - 1) / 2), count - words));
  const to = Math.min(count, from + words);
  let value = renderMarked(marked, from, to, options.highlightPreTag, options.highlightPostTag);
  // The ellipsis stands for the words cut: the separator after them stays ("… Docker", as the
  // service answers), the one after the last word kept goes with the cut ("capabilities…").
  const spans = marked.spans;
  if (from > 0)
    value = `${options.snippetEllipsisText}${text.slice(spans[3 * (from - 1) + 1], spans[3 * from])}${value}`;
  if (to < count) value = `${value}${options.snippetEllipsisText}`;
  return { value, matchLevel: level };
}

/** `_snippetResult` of a record. */
export function snippetRecord(
  marker: Marker,
  record: SearchRecord,
  options: QueryOptions,
): Record<string, SnippetTree> {
  const targets = targetsOf(options, 'snippet', () => options.attributesToSnippet.map(parseSnippetSpec));
  return recordTree(record, targets, options, (text, path, words) => leaf(marker, text, words, options, path));
}
