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

/** The attributes highlighted by default: the searchable ones, or every attribute. */
function defaultHighlighted(options: QueryOptions): string[] {
  return !options.searchableAttributes || options.searchableAttributes.length === 0 ? ['*'] : searchableEntries(options.searchableAttributes).flatMap((entry) => entry.names);
}

function leaf(marker: Marker, text: string, options: QueryOptions, path: string): HighlightLeaf {
  const marked = markedText(marker, text, path);
  const { level, words } = wordsMatched(marker, marked);
  const value = renderMarked(marked, 0, marked.count, options.highlightPreTag, options.highlightPostTag);
  if (level === 'none') return { value, matchLevel: level, matchedWords: [] };
  return { value, matchLevel: level, fullyHighlighted: marked.fully, matchedWords: words.slice() };
}

/** `_highlightResult` of a record. */
export function highlightRecord(marker: Marker, record: SearchRecord, options: QueryOptions): Record<string, HighlightTree> {
  const targets = targetsOf(options, 'highlight', () => (options.attributesToHighlight ?? defaultHighlighted(options)).map((name) => ({ name, words: 0 })));
  return recordTree(record, targets, options, (text, path) => leaf(marker, text, options, path));
}
