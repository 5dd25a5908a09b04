import type { Training } from '../state';
import { ranked, type Scored } from './common';
import { contentAttributes, scalars } from './content';

/**
 * looking-similar: content only. Over the attributes the model is configured with (see
 * content.ts for the default), a record scores the share of the source's valued attributes on
 * which it holds at least one of the source's values, in percent.
 */
export function lookingSimilar(training: Training, source: string): Scored[] {
  const mine = training.records.get(source);
  if (!mine) return [];
  const attributes = contentAttributes(training, training.config.lookingSimilar, mine, mine)
    .map((attribute) => ({ attribute, values: new Set(scalars(mine, attribute)) }))
    .filter(({ values }) => values.size > 0);
  const shares = new Map<string, number>();
  if (attributes.length === 0) return [];
  for (const [objectID, record] of training.records) {
    if (objectID === source) continue;
    let shared = 0;
    for (const { attribute, values } of attributes) if (scalars(record, attribute).some((value) => values.has(value))) shared += 1;
    if (shared > 0) shares.set(objectID, shared / attributes.length);
  }
  return ranked(shares, (share) => 100 * share);
}
