import { readPath } from './fields';
import type { InvertedIndex } from './inverted-index';
import { sortable } from './rank';

/**
 * Sortable attribute values (customRanking, `asc()`/`desc()` criteria) by doc id, read from the
 * record once. Doc ids are never reused (a changed record gets a new doc), so an entry never goes
 * stale.
 */
export interface PathValues {
  /** `null`: no value; `undefined`: not read yet. Filled densely up to the doc count (scattered writes to a holey array fall back to slow dictionary elements). */
  readonly values: (number | string | null | undefined)[];
  /** The same as numbers: the value, `Infinity` for no value, NaN for not read yet or a string. */
  numbers: Float64Array;
  /** Whether some doc holds a string here: such a path is compared as values, never as numbers. */
  strings: boolean;
}

const caches = new WeakMap<InvertedIndex, Map<string, PathValues>>();

/** The sortable values of `path` by doc id, every doc read (those added since the last call read now). */
export function pathValues(index: InvertedIndex, path: string): PathValues {
  let perIndex = caches.get(index);
  if (!perIndex) {
    perIndex = new Map();
    caches.set(index, perIndex);
  }
  let entry = perIndex.get(path);
  if (!entry) {
    entry = { values: [], numbers: new Float64Array(0), strings: false };
    perIndex.set(path, entry);
  }
  const count = index.docCount;
  const from = entry.values.length;
  if (from < count) {
    if (entry.numbers.length < count) {
      const grown = new Float64Array(Math.max(count, entry.numbers.length * 2)).fill(NaN);
      grown.set(entry.numbers);
      entry.numbers = grown;
    }
    // Every new doc read at once (a write adds few; the first search reads them all once), so a
    // query's column never pays for records read one by one.
    for (let doc = from; doc < count; doc++) {
      entry.values.push(undefined);
      if (index.recordAt(doc) !== undefined) read(index, entry, path, doc);
    }
  }
  return entry;
}

function read(index: InvertedIndex, entry: PathValues, path: string, doc: number): number | string | null {
  let value = entry.values[doc];
  if (value === undefined) {
    value = sortable(readPath(index.recordAt(doc)!, path)) ?? null;
    entry.values[doc] = value;
    if (typeof value === 'string') entry.strings = true;
    else entry.numbers[doc] = value === null ? Infinity : value;
  }
  return value;
}

/** The values of `path` for the given doc ids. */
export function sortValues(
  index: InvertedIndex,
  path: string,
  docs: ArrayLike<number>,
): (number | string | undefined)[] {
  const entry = pathValues(index, path);
  const out: (number | string | undefined)[] = new Array(docs.length);
  for (let i = 0; i < docs.length; i++) out[i] = read(index, entry, path, docs[i]) ?? undefined;
  return out;
}

/**
 * The values of `path` as a numeric ranking column (lower first; no value last either way), or
 * undefined when the path holds strings (compared as values then).
 */
export function numericSortColumn(
  index: InvertedIndex,
  path: string,
  docs: ArrayLike<number>,
  ascending: boolean,
): Float64Array | undefined {
  const entry = pathValues(index, path);
  const out = new Float64Array(docs.length);
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    let value = entry.numbers[doc];
    if (value !== value) {
      read(index, entry, path, doc);
      if (entry.strings) return undefined;
      value = entry.numbers[doc];
    }
    out[i] = ascending || (value === Infinity && entry.values[doc] === null) ? value : -value;
  }
  return entry.strings ? undefined : out;
}
