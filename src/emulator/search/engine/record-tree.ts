import type { SearchRecord } from '../../state';
import { readPath } from './fields';
import type { QueryOptions } from './options';

/** A highlight or snippet result: the record's shape, with a leaf for each text or number. */
export type Tree<Leaf> = Leaf | Tree<Leaf>[] | { [key: string]: Tree<Leaf> };

/** An attribute to highlight or snippet, parsed once per query. */
export interface Target {
  /** The attribute (`*`: every attribute of the record). */
  readonly name: string;
  /** Words a snippet keeps. */
  readonly words: number;
}

interface ParsedTarget extends Target {
  /** `name` split at its dots: where the result goes. */
  readonly parts: readonly string[];
}

const parsed = {
  highlight: new WeakMap<QueryOptions, ParsedTarget[]>(),
  snippet: new WeakMap<QueryOptions, ParsedTarget[]>(),
};

/** The query's targets of one kind, parsed by `parse` on the first hit only. */
export function targetsOf(
  options: QueryOptions,
  kind: keyof typeof parsed,
  parse: () => Target[],
): readonly ParsedTarget[] {
  let targets = parsed[kind].get(options);
  if (targets === undefined) {
    // Built field by field: an object spread here took microseconds a query.
    targets = parse().map(({ name, words }) => ({ name, words, parts: name.includes('.') ? name.split('.') : [name] }));
    parsed[kind].set(options, targets);
  }
  return targets;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** The result of a record: each target's value (read at its path) turned into a tree by `leaf`. */
export function recordTree<Leaf>(
  record: SearchRecord,
  targets: readonly ParsedTarget[],
  options: QueryOptions,
  leaf: (text: string, path: string, words: number) => Leaf,
): Record<string, Tree<Leaf>> {
  const out: Record<string, Tree<Leaf>> = {};
  for (const target of targets) {
    const { name, words } = target;
    if (name === '*') {
      // Own keys in `Object.entries` order, without its array of pairs a hit.
      for (const key in record) {
        if (key === 'objectID' || key === '_geoloc' || !hasOwn.call(record, key)) continue;
        const tree = valueTree(record[key], key, words, options, leaf);
        if (tree !== undefined) out[key] = tree;
      }
      continue;
    }
    // A name without dots is read as readPath reads it, without its `in` check.
    const value = target.parts.length === 1 ? record[name] : readPath(record, name);
    const tree = valueTree(value, name, words, options, leaf);
    if (tree !== undefined) setParts(out, target.parts, tree);
  }
  return out;
}

/** Any JSON value with the record's shape (read at attribute `path`); `undefined` for non-text leaves. */
function valueTree<Leaf>(
  value: unknown,
  path: string,
  words: number,
  options: QueryOptions,
  leaf: (text: string, path: string, words: number) => Leaf,
): Tree<Leaf> | undefined {
  if (typeof value === 'string') return leaf(value, path, words);
  if (typeof value === 'number' && Number.isFinite(value)) return leaf(String(value), path, words);
  if (Array.isArray(value)) {
    const items: Tree<Leaf>[] = [];
    for (const item of value) {
      const tree = valueTree(item, path, words, options, leaf);
      if (tree !== undefined) items.push(tree);
    }
    return options.restrictHighlightAndSnippetArrays ? items.filter(matchedSomewhere) : items;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, Tree<Leaf>> = {};
    for (const [key, child] of Object.entries(value)) {
      const tree = valueTree(child, `${path}.${key}`, words, options, leaf);
      if (tree !== undefined) out[key] = tree;
    }
    return out;
  }
  return undefined;
}

/** Whether a subtree holds at least one (partial) match. */
function matchedSomewhere(tree: unknown): boolean {
  if (Array.isArray(tree)) return tree.some(matchedSomewhere);
  if (tree === null || typeof tree !== 'object') return false;
  const level = (tree as { matchLevel?: unknown }).matchLevel;
  if (typeof level === 'string') return level !== 'none';
  return Object.values(tree).some(matchedSomewhere);
}

/** Writes a value at the path `parts` of a nested object, keeping siblings. */
function setParts(target: Record<string, unknown>, parts: readonly string[], value: unknown): void {
  let node = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = node[parts[i]];
    node = (next !== null && typeof next === 'object' && !Array.isArray(next) ? next : (node[parts[i]] = {})) as Record<
      string,
      unknown
    >;
  }
  node[parts[parts.length - 1]] = value;
}
