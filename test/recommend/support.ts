import { recommendClient } from '@algolia/recommend';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createEmulator, type EmulatorOptions } from '../../src';
import { PRODUCTS } from './shop';
import { createHandlers } from '../../src/msw';

/** The Recommend API as both surfaces offer it: the emulator's direct calls, or `@algolia/recommend` over msw. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RecommendApi = Record<string, (params?: any, requestOptions?: any) => Promise<any>>;

export const SURFACES = ['direct', 'client'] as const;
export type Surface = (typeof SURFACES)[number];

/**
 * One msw server per file; `open(surface)` gives an emulator holding the shop's products,
 * trained (no events: related-products then answers from shared attribute values alone),
 * and the Recommend API to drive it.
 */
export function setupRecommend(defaults: EmulatorOptions = {}) {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return async (surface: Surface, options: EmulatorOptions = {}) => {
    const emulator = createEmulator({ now: '2024-06-03T09:00:00Z', ...defaults, ...options });
    server.use(...createHandlers(emulator));
    await emulator.setSettings({ indexName: 'shop', indexSettings: { attributesForFaceting: ['brand', 'category'] } });
    await emulator.saveObjects({ indexName: 'shop', objects: PRODUCTS });
    emulator.clock.advance(options.indexingDelay ?? 0);
    emulator.trainRecommendModels();
    const api = (surface === 'direct' ? emulator : recommendClient(emulator.appId, emulator.adminApiKey)) as unknown as RecommendApi;
    return { emulator, api };
  };
}

/** The objectIDs and scores of a result's hits. */
export const scored = (hits: readonly { objectID: string; _score: number }[]) => hits.map(({ objectID, _score }) => ({ objectID, _score }));
export const ids = (hits: readonly { objectID: string }[]) => hits.map((hit) => hit.objectID);
