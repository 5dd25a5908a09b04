import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { searchFacetValues } from '../../src/emulator/search/facets';
import type { SearchRecord } from '../../src/emulator/state';

/**
 * A facet value search reads the index's columns (the docs the filters keep, the facet's counts
 * over them); `searchFacetValues` walks the records. They answer alike.
 */
const brand = fc.constantFrom('Acme', 'acme', 'Acme Labs', 'Zeta', 'zest', 'Omni', 1, true);
const record = fc.record({
  brand: fc.oneof(brand, fc.array(brand, { maxLength: 2 })),
  cat: fc.constantFrom('a', 'b'),
  n: fc.integer({ min: 0, max: 5 }),
  title: fc.constantFrom('red shoe', 'blue hat', 'red hat'),
});
const params = fc.record(
  {
    facetQuery: fc.constantFrom('', 'ac', 'acme l', 'ze', 'zesd', 'o', '1'),
    filters: fc.constantFrom('cat:a', 'n > 2', 'NOT brand:acme', 'cat:b OR brand:zest', 'n = 1 OR n > 4'),
    facetFilters: fc.constantFrom<unknown>(['cat:b'], [['brand:Zeta', 'brand:Omni']]),
    query: fc.constantFrom('', 'red', 'hat'),
    maxFacetHits: fc.integer({ min: 1, max: 5 }),
  },
  { requiredKeys: [] },
);
const SETTINGS = {
  searchableAttributes: ['title'],
  attributesForFaceting: ['searchable(brand)', 'cat'],
  sortFacetValuesBy: 'count',
};

describe('facet value search from the columns', () => {
  it('answers as the records walk, with filters, a query and facetQuery', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 15 }),
        fc.array(params, { minLength: 1, maxLength: 3 }),
        async (bodies, queries) => {
          const emulator = createEmulator();
          await emulator.setSettings({ indexName: 'items', indexSettings: SETTINGS });
          const records = bodies.map((body, i) => ({ ...body, objectID: String(i) }) as SearchRecord);
          await emulator.saveObjects({ indexName: 'items', objects: records });
          for (const p of queries) {
            const got = await emulator.searchForFacetValues({
              indexName: 'items',
              facetName: 'brand',
              searchForFacetValuesRequest: p,
            });
            // The reference narrows by the query through a search of the same emulator.
            const byQuery = async () => {
              if (!p.query) return undefined;
              const found = (await emulator.searchSingleIndex({
                indexName: 'items',
                searchParams: { query: p.query, hitsPerPage: 1000 },
              })) as { hits: { objectID: string }[] };
              const ids = new Set(found.hits.map((hit) => hit.objectID));
              return (kept: readonly SearchRecord[]) => kept.filter((r) => ids.has(r.objectID));
            };
            const matcher = await byQuery();
            expect(got).toEqual(searchFacetValues(records, SETTINGS, 'brand', p, matcher));
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
