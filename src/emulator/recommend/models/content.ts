import type { SearchRecord } from '../../state';
import { facetAttributes } from '../../search/filters/attributes';
import { valuesAt } from '../../search/filters/values';
import type { Training } from '../state';

/**
 * The attributes content-based similarity compares when the model has none configured: the
 * index's `attributesForFaceting`, else every top-level attribute of the two records whose
 * values are strings, numbers or booleans (or arrays of them), `objectID` and `_` attributes aside.
 */
export function contentAttributes(training: Training, configured: readonly string[] | undefined, a: SearchRecord, b: SearchRecord): readonly string[] {
  if (configured && configured.length > 0) return configured;
  const faceted = facetAttributes(training.settings).map((attribute) => attribute.name);
  if (faceted.length > 0) return faceted;
  const names = new Set<string>();
  for (const record of [a, b]) {
    for (const name of Object.keys(record)) if (name !== 'objectID' && !name.startsWith('_') && scalars(record, name).length > 0) names.add(name);
  }
  return [...names].sort();
}

/** A record's values at an attribute, as comparable text (strings trimmed and lower-cased). */
export function scalars(record: SearchRecord, attribute: string): string[] {
  const out: string[] = [];
  for (const value of valuesAt(record, attribute)) {
    if (typeof value === 'string' && value.trim() !== '') out.push(value.trim().toLowerCase());
    else if (typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
  }
  return out;
}

/** `attribute=value` pairs of a record over some attributes. */
export function valuePairs(record: SearchRecord, attributes: readonly string[]): Set<string> {
  const pairs = new Set<string>();
  for (const attribute of attributes) for (const value of scalars(record, attribute)) pairs.add(`${attribute}\u0000${value}`);
  return pairs;
}
