import { recommendClient } from '@algolia/recommend';
import type { EmulatorOptions } from '../../src';
import { setupEmulatorServer } from '../support/server';
import type { Surface } from '../support/surfaces';
import { PRODUCTS } from './shop';

/** The Recommend API as both surfaces offer it: the emulator's direct calls, or `@algolia/recommend` over msw. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RecommendApi = Record<string, (params?: any, requestOptions?: any) => Promise<any>>;

/**
 * One msw server per file; `open(surface)` gives an emulator holding the shop's products,
 * trained (no events: related-products then answers from shared attribute values alone),
 * and the Recommend API to drive it.
 */
export function setupRecommend(defaults: EmulatorOptions = {}) {
  const env = setupEmulatorServer({ now: '2024-06-03T09:00:00Z', ...defaults });
  return async (surface: Surface, options: EmulatorOptions = {}) => {
    const { emulator } = env.fresh(options);
    await emulator.setSettings({ indexName: 'shop', indexSettings: { attributesForFaceting: ['brand', 'category'] } });
    await emulator.saveObjects({ indexName: 'shop', objects: PRODUCTS });
    emulator.clock.advance(options.indexingDelay ?? 0);
    emulator.trainRecommendModels();
    const api = (surface === 'direct'
      ? emulator
      : recommendClient(emulator.appId, emulator.adminApiKey)) as unknown as RecommendApi;
    return { emulator, api };
  };
}

/** The objectIDs and scores of a result's hits. */
export const scored = (hits: readonly { objectID: string; _score: number }[]) =>
  hits.map(({ objectID, _score }) => ({ objectID, _score }));
export const ids = (hits: readonly { objectID: string }[]) => hits.map((hit) => hit.objectID);
