import { readPath } from './fields';
import type { InvertedIndex } from './inverted-index';
import { sortable } from './rank';

/**
 * Sortable attribute values (customRanking, `asc()`/`desc()` criteria) by doc id, read from the
 * record once. Doc ids are never reused (a changed record gets a new doc), so an entry never goes
 * stale. `null` stands for "no value"; `undefined` for "not read yet".
 */
const caches = new WeakMap<InvertedIndex, Map<string, (number | string | null | undefined)[]>>();

/** The values of `path` for the given doc ids. */
export function sortValues(index: InvertedIndex, path: string, docs: ArrayLike<number>): (number | string | undefined)[] {
  let perIndex = caches.get(index);
  if (!perIndex) {
    perIndex = new Map();
    caches.set(index, perIndex);
  }
  let values = perIndex.get(path);
  if (!values) {
    values = [];
    perIndex.set(path, values);
  }
  // Filled up to the doc count, never written past its end: a holey array written at scattered doc ids would fall back to slow dictionary elements.
  while (values.length < index.docCount) values.push(undefined);
  const out: (number | string | undefined)[] = new Array(docs.length);
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    let value = values[doc];
    if (value === undefined) {
      value = sortable(readPath(index.doc(doc)!.record, path)) ?? null;
      values[doc] = value;
    }
    out[i] = value ?? undefined;
  }
  return out;
}
