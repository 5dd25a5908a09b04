import type { InvertedIndex } from './inverted-index';

/**
 * The structures derived from an inverted index (facet and number columns, custom-ranking
 * orders), one per index, kind and key, made on first use: they go with their index (a new
 * index, after a reset or a change of the tokenizer or searchable settings, starts without
 * them; other settings, such as customRanking or attributesForFaceting, key their own).
 */
const derived = new WeakMap<InvertedIndex, Map<string, unknown>>();

/** The structure of `kind` and `key` over `index`, made by `make` on first use. */
export function derivedFrom<T>(index: InvertedIndex, kind: string, key: string, make: () => T): T {
  let perIndex = derived.get(index);
  if (!perIndex) {
    perIndex = new Map();
    derived.set(index, perIndex);
  }
  const id = `${kind}\u0000${key}`;
  let found = perIndex.get(id) as T | undefined;
  if (found === undefined) {
    found = make();
    perIndex.set(id, found);
  }
  return found;
}
