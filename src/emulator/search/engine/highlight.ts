import type { SearchRecord } from '../../state';
import { searchableEntries } from './attributes';
import { readPath } from './fields';
import { markText, renderMarked, markEnd, type Marker, type MarkedText } from './mark';
import type { QueryOptions } from './options';

export type MatchLevel = 'none' | 'partial' | 'full';

export interface HighlightLeaf {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export type HighlightTree = HighlightLeaf | HighlightTree[] | { [key: string]: HighlightTree };

const highlightedMemo = new WeakMap<QueryOptions, string[]>();

/** The attributes highlighted by default: the searchable ones, or every attribute. Parsed once per query, not per hit. */
export function defaultHighlighted(options: QueryOptions): string[] {
  let names = highlightedMemo.get(options);
  if (!names) {
    names = !options.searchableAttributes || options.searchableAttributes.length === 0 ? ['*'] : searchableEntries(options.searchableAttributes).flatMap((entry) => entry.names);
    highlightedMemo.set(options, names);
  }
  return names;
}

/** Matched words and level of one marked text. */
export function levelOf(marker: Marker, marked: MarkedText): { level: MatchLevel; words: string[] } {
  const matched = new Set<number>();
  for (const mark of marked.marks) if (mark) for (const word of mark.words) matched.add(word);
  const total = marker.activeWords;
  const words = [...new Set([...matched].sort((a, b) => a - b).map((w) => marker.term(w)))];
  const level: MatchLevel = matched.size === 0 ? 'none' : matched.size >= total ? 'full' : 'partial';
  return { level, words };
}

function leaf(marker: Marker, text: string, options: QueryOptions, path: string): HighlightLeaf {
  const marked = markText(marker, text, path);
  const { level, words } = levelOf(marker, marked);
  const value = renderMarked(marked, 0, marked.tokens.length, options.highlightPreTag, options.highlightPostTag);
  if (level === 'none') return { value, matchLevel: level, matchedWords: [] };
  const fully = marked.tokens.length > 0 && marked.tokens.every((token, i) => {
    const mark = marked.marks[i];
    return mark !== null && markEnd(token, mark) === token.end;
  });
  return { value, matchLevel: level, fullyHighlighted: fully, matchedWords: words };
}

/** Highlights any JSON value with the record's shape (read at attribute `path`); `undefined` for non-text leaves. */
export function highlightValue(marker: Marker, value: unknown, options: QueryOptions, path: string): HighlightTree | undefined {
  if (typeof value === 'string') return leaf(marker, value, options, path);
  if (typeof value === 'number' && Number.isFinite(value)) return leaf(marker, String(value), options, path);
  if (Array.isArray(value)) {
    const items = value.map((item) => highlightValue(marker, item, options, path)).filter((item): item is HighlightTree => item !== undefined);
    return options.restrictHighlightAndSnippetArrays ? items.filter(matchedSomewhere) : items;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, HighlightTree> = {};
    for (const [key, child] of Object.entries(value)) {
      const tree = highlightValue(marker, child, options, `${path}.${key}`);
      if (tree !== undefined) out[key] = tree;
    }
    return out;
  }
  return undefined;
}

/** Whether a subtree holds at least one (partial) match. */
export function matchedSomewhere(tree: unknown): boolean {
  if (Array.isArray(tree)) return tree.some(matchedSomewhere);
  if (tree === null || typeof tree !== 'object') return false;
  const level = (tree as { matchLevel?: unknown }).matchLevel;
  if (typeof level === 'string') return level !== 'none';
  return Object.values(tree).some(matchedSomewhere);
}

/** `_highlightResult` of a record. */
export function highlightRecord(marker: Marker, record: SearchRecord, options: QueryOptions): Record<string, HighlightTree> {
  const names = options.attributesToHighlight ?? defaultHighlighted(options);
  const out: Record<string, HighlightTree> = {};
  for (const name of names) {
    if (name === '*') {
      for (const [key, value] of Object.entries(record)) {
        if (key === 'objectID' || key === '_geoloc') continue;
        const tree = highlightValue(marker, value, options, key);
        if (tree !== undefined) out[key] = tree;
      }
      continue;
    }
    const tree = highlightValue(marker, readPath(record, name), options, name);
    if (tree !== undefined) setPath(out, name, tree);
  }
  return out;
}

/** Writes `a.b.c` into a nested object, keeping siblings. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node = (next !== null && typeof next === 'object' && !Array.isArray(next) ? next : (node[part] = {})) as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}
