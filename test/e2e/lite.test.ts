import { liteClient } from 'algoliasearch/lite';
import { describe, expect, it } from 'vitest';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

/** What InstantSearch sends through the lite client: one hits query plus a disjunctive facet query. */
describe('algoliasearch/lite (the InstantSearch client)', () => {
  it('answers a multi-query with hits, facets and a facet-value search', async () => {
    const { client, emulator } = env.fresh();
    await client.setSettings({
      indexName: 'shoes',
      indexSettings: { attributesForFaceting: ['searchable(brand)', 'color'] },
    });
    await client.saveObjects({
      indexName: 'shoes',
      objects: [
        { objectID: '1', name: 'running shoe', brand: 'Acme', color: 'red' },
        { objectID: '2', name: 'trail shoe', brand: 'Acme', color: 'blue' },
        { objectID: '3', name: 'dress shoe', brand: 'Zenith', color: 'red' },
      ],
    });
    const lite = liteClient(emulator.appId, 'search-only-is-not-needed-here');
    lite.setClientApiKey({ apiKey: emulator.adminApiKey });
    const { results } = await lite.search({
      requests: [
        {
          indexName: 'shoes',
          query: 'shoe',
          facets: ['brand', 'color'],
          facetFilters: [['color:red']],
          hitsPerPage: 10,
        },
        { indexName: 'shoes', query: 'shoe', facets: ['color'], hitsPerPage: 0 },
        { indexName: 'shoes', type: 'facet', facet: 'brand', facetQuery: 'ac' },
      ],
    });
    const [hits, disjunctive, facetHits] = results as any[];
    expect(hits.hits.map((h: { objectID: string }) => h.objectID)).toEqual(['3', '1']);
    expect(hits.facets).toEqual({ brand: { Acme: 1, Zenith: 1 }, color: { red: 2 } });
    expect(disjunctive.facets).toEqual({ color: { red: 2, blue: 1 } });
    expect(facetHits.facetHits).toEqual([{ value: 'Acme', highlighted: '<em>Ac</em>me', count: 2 }]);
  });
});
