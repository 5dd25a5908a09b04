import { facetValuesOf } from '../../search/facets/values';
import type { Training } from '../state';
import { DAY, derived, ranked, type Scored } from './common';
import { scalars } from './content';

/** Trends compare the conversions of the 7 days before a training with the 7 days before those. */
const TREND_WINDOW = 7 * DAY;

interface Counts {
  readonly current: number;
  readonly previous: number;
}

/**
 * A trend's strength: conversions in the current window, times their growth over the previous
 * one (`(current + 1) / (previous + 1)`, so a first week counts as growth); 0 without current
 * conversions.
 */
const trendStrength = ({ current, previous }: Counts): number =>
  current === 0 ? 0 : (current * (current + 1)) / (previous + 1);

/**
 * trending-items: records by {@link trendStrength}, scored against the strongest (100).
 * With a facet, only the records holding that value at training time compete.
 */
export function trendingItems(training: Training, facet?: { readonly name: string; readonly value: string }): Scored[] {
  const counts = derived(training, 'trending', () => conversionCounts(training));
  const wanted = facet?.value.trim().toLowerCase();
  const strengths = new Map<string, number>();
  for (const [objectID, count] of counts) {
    if (facet) {
      const record = training.records.get(objectID);
      if (!record || !scalars(record, facet.name).includes(wanted!)) continue;
    }
    strengths.set(objectID, trendStrength(count));
  }
  return againstStrongest(strengths);
}

/** trending-facets: the values of `facetName` by the summed conversions of the records holding them (at training time). */
export function trendingFacets(training: Training, facetName: string): { facetValue: string; score: number }[] {
  const counts = derived(training, 'trending', () => conversionCounts(training));
  const byValue = new Map<string, { current: number; previous: number }>();
  for (const [objectID, count] of counts) {
    const record = training.records.get(objectID);
    if (!record) continue;
    for (const value of facetValuesOf(record, facetName)) {
      if (value === '') continue;
      const sum = byValue.get(value) ?? { current: 0, previous: 0 };
      byValue.set(value, { current: sum.current + count.current, previous: sum.previous + count.previous });
    }
  }
  const strengths = new Map([...byValue].map(([value, count]) => [value, trendStrength(count)]));
  return againstStrongest(strengths).map(({ objectID, score }) => ({ facetValue: objectID, score }));
}

function againstStrongest(strengths: ReadonlyMap<string, number>): Scored[] {
  let strongest = 0;
  for (const strength of strengths.values()) strongest = Math.max(strongest, strength);
  return ranked(strengths, (strength) => (100 * strength) / strongest);
}

function conversionCounts(training: Training): Map<string, Counts> {
  const counts = new Map<string, { current: number; previous: number }>();
  const end = training.trainedAt;
  for (const { objectID, kind, at } of training.interactions) {
    if (kind !== 'conversion' || at > end || at <= end - 2 * TREND_WINDOW) continue;
    const count = counts.get(objectID) ?? { current: 0, previous: 0 };
    if (at > end - TREND_WINDOW) count.current += 1;
    else count.previous += 1;
    counts.set(objectID, count);
  }
  return counts;
}
