import type { ReadonlyRecords } from '../record-store';
import { phraseOf } from '../synonyms/words';

/** Normalized facet value -> the value as stored, per attribute, per records map. */
const cache = new WeakMap<ReadonlyRecords, Map<string, Map<string, string>>>();

/**
 * The values an attribute takes in an index's records, keyed by their normalized phrase,
 * for `{facet:attr}` patterns. Nested attributes use dots (`brand.name`).
 */
export function facetValuesOf(records: ReadonlyRecords, attribute: string): ReadonlyMap<string, string> {
  let perAttribute = cache.get(records);
  if (!perAttribute) {
    perAttribute = new Map();
    cache.set(records, perAttribute);
  }
  let values = perAttribute.get(attribute);
  if (!values) {
    values = new Map();
    for (const record of records.values()) {
      for (const value of valuesAt(record, attribute.split('.'))) {
        const key = phraseOf(value);
        if (key !== '' && !values.has(key)) values.set(key, value);
      }
    }
    perAttribute.set(attribute, values);
  }
  return values;
}

function valuesAt(value: unknown, path: readonly string[]): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path));
  if (path.length === 0) {
    if (typeof value === 'string') return [value];
    if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
    return [];
  }
  if (value === null || typeof value !== 'object') return [];
  return valuesAt((value as Record<string, unknown>)[path[0]], path.slice(1));
}
