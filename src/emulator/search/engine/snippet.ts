import type { SearchRecord } from '../../state';
import { readPath } from './fields';
import { levelOf, matchedSomewhere, setPath, type MatchLevel } from './highlight';
import { markText, renderMarked, type Marker } from './mark';
import type { QueryOptions } from './options';

export interface SnippetLeaf {
  value: string;
  matchLevel: MatchLevel;
}

export type SnippetTree = SnippetLeaf | SnippetTree[] | { [key: string]: SnippetTree };

const DEFAULT_WORDS = 10;

/** `attr` or `attr:N` (N words). */
export function parseSnippetSpec(spec: string): { name: string; words: number } {
  const match = /^(.*):(\d+)$/.exec(spec);
  return match ? { name: match[1], words: Number(match[2]) } : { name: spec, words: DEFAULT_WORDS };
}

/**
 * A window of `words` words around the first match (or the start), with the matches
 * highlighted and the ellipsis where text was cut.
 */
function leaf(marker: Marker, text: string, words: number, options: QueryOptions, path: string): SnippetLeaf {
  const marked = markText(marker, text, path);
  const { level } = levelOf(marker, marked);
  const count = marked.tokens.length;
  // `attr:0` asks for no words: only the ellipsis says text was cut.
  if (words <= 0) return { value: count > 0 ? options.snippetEllipsisText : '', matchLevel: level };
  if (count <= words) {
    return { value: renderMarked(marked, 0, count, options.highlightPreTag, options.highlightPostTag), matchLevel: level };
  }
  const first = marked.marks.findIndex((mark) => mark !== null);
  const from = first < 0 ? 0 : Math.max(0, Math.min(first - Math.floor((words - 1) / 2), count - words));
  const to = Math.min(count, from + words);
  let value = renderMarked(marked, from, to, options.highlightPreTag, options.highlightPostTag);
  if (from > 0) value = `${options.snippetEllipsisText}${value}`;
  if (to < count) value = `${value}${options.snippetEllipsisText}`;
  return { value, matchLevel: level };
}

function snippetValue(marker: Marker, value: unknown, words: number, options: QueryOptions, path: string): SnippetTree | undefined {
  if (typeof value === 'string') return leaf(marker, value, words, options, path);
  if (typeof value === 'number' && Number.isFinite(value)) return leaf(marker, String(value), words, options, path);
  if (Array.isArray(value)) {
    const items = value.map((item) => snippetValue(marker, item, words, options, path)).filter((item): item is SnippetTree => item !== undefined);
    return options.restrictHighlightAndSnippetArrays ? items.filter(matchedSomewhere) : items;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, SnippetTree> = {};
    for (const [key, child] of Object.entries(value)) {
      const tree = snippetValue(marker, child, words, options, `${path}.${key}`);
      if (tree !== undefined) out[key] = tree;
    }
    return out;
  }
  return undefined;
}

/** `_snippetResult` of a record. */
export function snippetRecord(marker: Marker, record: SearchRecord, options: QueryOptions): Record<string, SnippetTree> {
  const out: Record<string, SnippetTree> = {};
  for (const spec of options.attributesToSnippet) {
    const { name, words } = parseSnippetSpec(spec);
    if (name === '*') {
      for (const [key, value] of Object.entries(record)) {
        if (key === 'objectID' || key === '_geoloc') continue;
        const tree = snippetValue(marker, value, words, options, key);
        if (tree !== undefined) out[key] = tree;
      }
      continue;
    }
    const tree = snippetValue(marker, readPath(record, name), words, options, name);
    if (tree !== undefined) setPath(out, name, tree);
  }
  return out;
}
