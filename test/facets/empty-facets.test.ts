import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

async function seeded(surface: (typeof SURFACES)[number]) {
  const { api, emulator } = open(surface);
  await emulator.saveObjects({
    indexName: 'phones',
    objects: [
      { objectID: '1', name: 'iPhone', brand: 'Apple', price: 900 },
      { objectID: '2', name: 'Pixel', brand: 'Google', price: 600 },
      { objectID: '3', name: 'Case', price: 20 },
    ],
  });
  await emulator.setSettings({
    indexName: 'phones',
    indexSettings: { attributesForFaceting: ['brand', 'color', 'price'] },
  });
  return api;
}

describe.each(SURFACES)('facets through %s calls', (surface) => {
  it('a facet with no value among the hits is absent from `facets`', async () => {
    const api = await seeded(surface);
    const some = await api.searchSingleIndex({ indexName: 'phones', searchParams: { facets: ['brand', 'color'] } });
    expect(some.facets).toEqual({ brand: { Apple: 1, Google: 1 } });
    const none = await api.searchSingleIndex({
      indexName: 'phones',
      searchParams: { query: 'case', facets: ['brand', 'color'] },
    });
    expect(none.nbHits).toBe(1);
    expect(none.facets).toEqual({});
    const nothing = await api.searchSingleIndex({ indexName: 'phones', searchParams: { query: 'zzz', facets: ['*'] } });
    expect(nothing.facets).toEqual({});
  });

  it('maxValuesPerFacet: 0 is accepted and shows no values (stats stay)', async () => {
    const api = await seeded(surface);
    const result = await api.searchSingleIndex({
      indexName: 'phones',
      searchParams: { facets: ['brand', 'price'], maxValuesPerFacet: 0 },
    });
    expect(result.facets).toEqual({});
    expect(result.facets_stats).toEqual({ price: { min: 20, max: 900, avg: 506.6666666666667, sum: 1520 } });
  });
});
