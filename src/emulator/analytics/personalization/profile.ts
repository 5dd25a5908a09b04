import { recordsOf } from '../../search/store';
import type { SearchRecord, State } from '../../state';
import type { StoredEvent, Strategy } from '../state';

/** Profile scores are bounded at 20. */
export const MAX_AFFINITY = 20;
/** Strategy points that make one affinity point (an event scored 100 adds 10). */
const POINTS_PER_AFFINITY = 10;

export interface Profile {
  readonly userToken: string;
  readonly lastEventAt: number;
  /** facet name -> facet value -> affinity, 1 to 20. */
  readonly scores: Record<string, Record<string, number>>;
}

/**
 * A user's profile under a strategy: every event the strategy scores (same name and type),
 * not erased by a profile deletion, adds its score to the facet values of its records (or
 * of its filters); affinities are the sums in tenths of points, rounded up, capped at 20.
 * Undefined when no event counts (the API answers 404).
 */
export function computeProfile(state: State, userToken: string, strategy: Strategy | undefined): Profile | undefined {
  if (!strategy) return undefined;
  const analytics = state.analytics;
  const deletion = analytics.deletions.get(userToken);
  const facets = strategy.facetsScoring.map((f) => f.facetName);
  const points = new Map<string, Map<string, number>>();
  let lastEventAt: number | undefined;
  for (const event of analytics.events) {
    if (event.userToken !== userToken && event.authenticatedUserToken !== userToken) continue;
    if (deletion && (event.seq <= deletion.seq || event.timestamp < deletion.deletedUntil)) continue;
    const weight = strategy.eventsScoring.find(
      (e) => e.eventName === event.eventName && e.eventType === event.eventType,
    )?.score;
    if (weight === undefined) continue;
    lastEventAt = Math.max(lastEventAt ?? event.timestamp, event.timestamp);
    for (const [facet, value] of facetValues(state, event, facets)) {
      const perFacet = points.get(facet) ?? new Map<string, number>();
      perFacet.set(value, (perFacet.get(value) ?? 0) + weight);
      points.set(facet, perFacet);
    }
  }
  if (lastEventAt === undefined) return undefined;
  const scores: Record<string, Record<string, number>> = {};
  for (const facet of facets) {
    const perFacet = points.get(facet);
    if (!perFacet) continue;
    scores[facet] = {};
    for (const [value, sum] of perFacet)
      scores[facet][value] = Math.min(MAX_AFFINITY, Math.ceil(sum / POINTS_PER_AFFINITY));
  }
  return { userToken, lastEventAt, scores };
}

/** The (facet, value) pairs an event touches: its records' values, or its `attribute:value` filters. */
function facetValues(state: State, event: StoredEvent, facets: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  if (event.filters) {
    for (const filter of event.filters) {
      // Other forms (`rating>=4`) name no facet value: they count for nothing here.
      const colon = filter.indexOf(':');
      if (colon <= 0) continue;
      const facet = filter.slice(0, colon);
      if (facets.includes(facet)) out.push([facet, filter.slice(colon + 1)]);
    }
    return out;
  }
  const index = state.indices.get(event.index);
  if (!index || !event.objectIDs) return out;
  const records = recordsOf(state, index);
  for (const objectID of event.objectIDs) {
    const record = records.get(objectID);
    if (!record) continue;
    for (const facet of facets) for (const value of valuesAt(record, facet)) out.push([facet, value]);
  }
  return out;
}

/** Values of a (dotted) attribute as strings; arrays give one value per item. */
export function valuesAt(record: SearchRecord, path: string): string[] {
  let current: unknown[] = [record];
  for (const part of path.split('.')) {
    current = current.flatMap((node) => {
      if (!node || typeof node !== 'object') return [];
      const next = (node as Record<string, unknown>)[part];
      return Array.isArray(next) ? next : next === undefined || next === null ? [] : [next];
    });
  }
  return current.filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean').map(String);
}
