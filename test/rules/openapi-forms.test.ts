import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

async function seeded(surface: (typeof SURFACES)[number]) {
  const { api, emulator } = open(surface);
  await emulator.saveObjects({
    indexName: 'shoes',
    objects: [
      { objectID: '1', name: 'red shoes', color: 'red' },
      { objectID: '2', name: 'blue shoes', color: 'blue' },
      { objectID: '3', name: 'diet shoes', color: 'green' },
    ],
  });
  await emulator.setSettings({ indexName: 'shoes', indexSettings: { attributesForFaceting: ['color'] } });
  return api;
}

const ids = (result: { hits: { objectID: string }[] }) => result.hits.map((h) => h.objectID);

describe.each(SURFACES)('rules in the forms the OpenAPI allows, through %s calls', (surface) => {
  it('`insert` on a remove edit is accepted (CTS "saveRule with all parameters") and the edit removes', async () => {
    const api = await seeded(surface);
    const rule = {
      objectID: 'edits',
      conditions: [{ pattern: 'cheap', anchoring: 'contains', alternatives: false }],
      consequence: {
        params: {
          query: {
            edits: [
              { type: 'remove', delete: 'cheap', insert: 'cde' },
              { type: 'replace', delete: 'azure', insert: 'blue' },
            ],
          },
        },
      },
    };
    await api.saveRule({ indexName: 'shoes', objectID: 'edits', rule });
    expect(await api.getRule({ indexName: 'shoes', objectID: 'edits' })).toEqual(rule);
    const result = await api.searchSingleIndex({ indexName: 'shoes', searchParams: { query: 'cheap azure' } });
    expect(ids(result)).toEqual(['2']);
  });

  it('a `{facet:color}` pattern without anchoring is accepted (CTS "dynamic filtering") and matches anywhere', async () => {
    const api = await seeded(surface);
    const rule = {
      objectID: 'color-facets',
      conditions: [{ pattern: '{facet:color}' }],
      consequence: { params: { automaticFacetFilters: [{ facet: 'color' }] } },
    };
    await api.saveRule({ indexName: 'shoes', objectID: 'color-facets', rule });
    expect(await api.getRule({ indexName: 'shoes', objectID: 'color-facets' })).toEqual(rule);
    expect(ids(await api.searchSingleIndex({ indexName: 'shoes', searchParams: { query: 'red' } }))).toEqual(['1']);
    expect(ids(await api.searchSingleIndex({ indexName: 'shoes', searchParams: { query: 'shoes blue' } }))).toEqual([
      '2',
    ]);
  });
});
