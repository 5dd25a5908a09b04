import { facetAttributes } from '../../search/filters/attributes';
import { valuesAt } from '../../search/filters/values';
import type { SearchRecord } from '../../state';
import type { Training } from '../state';
import { derived } from './common';

/** One attribute's values across the records of a training: value -> the objectIDs holding it. */
export type ValueHolders = ReadonlyMap<string, readonly string[]>;

/** The content attributes of a training and, per attribute, who holds each value. */
export interface ContentIndex {
  readonly attributes: readonly string[];
  readonly holders: ReadonlyMap<string, ValueHolders>;
}

/**
 * Who holds which values of the attributes content-based similarity compares: the configured
 * ones, else the index's `attributesForFaceting`, else every top-level attribute of its
 * records holding strings, numbers or booleans (`objectID` and `_` attributes aside). Values
 * compare trimmed and lower-cased. Built once per training and configuration.
 */
export function contentIndex(training: Training, configured: readonly string[] | undefined): ContentIndex {
  const key = `content\u0000${(configured ?? []).join('\u0000')}`;
  return derived(training, key, () => {
    const attributes = configured && configured.length > 0 ? configured : defaultAttributes(training);
    const holders = new Map<string, Map<string, string[]>>();
    for (const attribute of attributes) {
      const byValue = new Map<string, string[]>();
      for (const [objectID, record] of training.records) {
        for (const value of new Set(scalars(record, attribute))) {
          let list = byValue.get(value);
          if (!list) byValue.set(value, (list = []));
          list.push(objectID);
        }
      }
      holders.set(attribute, byValue);
    }
    return { attributes, holders };
  });
}

function defaultAttributes(training: Training): string[] {
  const faceted = facetAttributes(training.settings).map((attribute) => attribute.name);
  if (faceted.length > 0) return faceted;
  const names = new Set<string>();
  for (const record of training.records.values()) {
    for (const name of Object.keys(record))
      if (name !== 'objectID' && !name.startsWith('_') && scalars(record, name).length > 0) names.add(name);
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
