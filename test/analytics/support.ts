import type { EventsItems } from '@algolia/client-insights';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src';
import { recordSearch, type SearchInput } from '../../src/emulator/analytics';

/** A deterministic 32-hex query ID for tests that record searches themselves. */
export const qid = (n: number) => n.toString(16).padStart(32, '0');

/**
 * Records a search exactly as the dispatcher's observer does after an answered search
 * request (same function), at the current clock time unless `at` is given.
 */
export function seedSearch(
  emulator: Emulator,
  search: Partial<Omit<SearchInput, 'params'>> & { index?: string; query?: string; params?: Record<string, unknown> },
): void {
  recordSearch(emulator.core, {
    indexName: search.index ?? search.indexName ?? 'products',
    params: { ...(search.query !== undefined ? { query: search.query } : {}), ...search.params },
    nbHits: search.nbHits ?? 0,
    hits: search.hits ?? [],
    user: search.user ?? '127.0.0.1',
    ...(search.queryID !== undefined ? { queryID: search.queryID } : {}),
    ...(search.country !== undefined ? { country: search.country } : {}),
    ...(search.at !== undefined ? { at: search.at } : {}),
  });
}

export function emulatorFor(options: EmulatorOptions = {}): Emulator {
  return createEmulator({ analyticsRefresh: 'immediate', ...options });
}

/** A click event; `extra` may make it invalid on purpose, hence the cast. */
export const click = (queryID: string, objectIDs: string[], positions: number[], extra: Record<string, unknown> = {}) =>
  ({
    eventType: 'click',
    eventName: 'Product Clicked',
    index: 'products',
    userToken: 'user-1',
    queryID,
    objectIDs,
    positions,
    ...extra,
  }) as EventsItems;

export const conversion = (queryID: string, objectIDs: string[], extra: Record<string, unknown> = {}) =>
  ({
    eventType: 'conversion',
    eventName: 'Product Purchased',
    index: 'products',
    userToken: 'user-1',
    queryID,
    objectIDs,
    ...extra,
  }) as EventsItems;
