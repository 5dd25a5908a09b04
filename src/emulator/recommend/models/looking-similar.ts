import type { Training } from '../state';
import { ranked, type Scored } from './common';
import { contentIndex, scalars } from './content';

/**
 * looking-similar: content only. Over the attributes the model compares (see content.ts), a
 * record scores the share of the source item's valued attributes on which it holds at least
 * one of the source's values, in percent.
 */
export function lookingSimilar(training: Training, source: string): Scored[] {
  const mine = training.records.get(source);
  if (!mine) return [];
  const { attributes, holders } = contentIndex(training, training.config.lookingSimilar);
  const shared = new Map<string, number>();
  let valued = 0;
  for (const attribute of attributes) {
    const values = new Set(scalars(mine, attribute));
    if (values.size === 0) continue;
    valued += 1;
    const sharing = new Set<string>();
    for (const value of values)
      for (const objectID of holders.get(attribute)!.get(value) ?? []) if (objectID !== source) sharing.add(objectID);
    for (const objectID of sharing) shared.set(objectID, (shared.get(objectID) ?? 0) + 1);
  }
  return ranked(shared, (count) => (100 * count) / valued);
}
