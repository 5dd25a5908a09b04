import type { SearchRecord } from '../../state';
import { searchableEntries } from './attributes';
import type { Marker, MatchLevel } from './mark';
import { markedText, renderMarked, wordsMatched } from './marked-text';
import type { QueryOptions } from './options';
import { recordTree, targetsOf, type Tree } from './record-tree';

export type { MatchLevel } from './mark';

export interface HighlightLeaf {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export type HighlightTree = Tree<HighlightLeaf>;

const EVERY_ATTRIBUTE = ['*'];
const MEMO_LIMIT = 1_000;
/** By searchableAttributes (as JSON): each query has its own copy of the list, and parsing it took microseconds a query. */
const defaults = new Map<string, string[]>();

/** The attributes highlighted by default: the searchable ones, or every attribute. */
function defaultHighlighted(options: QueryOptions): string[] {
  const searchable = options.searchableAttributes;
  if (!searchable || searchable.length === 0) return EVERY_ATTRIBUTE;
  const key = JSON.stringify(searchable);
  let names = defaults.get(key);
  if (names === undefined) {
    names = searchableEntries(searchable).flatMap((entry) => entry.names);
    if (defaults.size >= MEMO_LIMIT) defaults.clear();
    defaults.set(key, names);
  }
  return names;
}

function leaf(marker: Marker, text: string, options: QueryOptions, path: string): HighlightLeaf {
  const marked = markedText(marker, text, path);
  const { level, words } = wordsMatched(marker, marked);
  const value = renderMarked(marked, 0, marked.count, options.highlightPreTag, options.highlightPostTag);
  if (level === 'none') return { value, matchLevel: level, matchedWords: [] };
  return { value, matchLevel: level, fullyHighlighted: marked.fully, matchedWords: words.slice() };
}

/** `_highlightResult` of a record. */
export function highlightRecord(
  marker: Marker,
  record: SearchRecord,
  options: QueryOptions,
): Record<string, HighlightTree> {
  const targets = targetsOf(options, 'highlight', () =>
    (options.attributesToHighlight ?? defaultHighlighted(options)).map((name) => ({ name, words: 0 })),
  );
  return recordTree(record, targets, options, (text, path) => leaf(marker, text, options, path));
}
