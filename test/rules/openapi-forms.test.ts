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

  it('a pattern without anchoring ranks and is found as `contains`', async () => {
    const api = await seeded(surface);
    const promote = (objectID: string, id: string, anchoring?: string) => ({
      objectID,
      conditions: [{ pattern: 'shoes', ...(anchoring ? { anchoring } : {}) }],
      consequence: { promote: [{ objectID: id, position: 0 }] },
    });
    // Two indices alike but for one rule's anchoring: unset on `shoes`, `contains` on `twin`.
    await api.saveObjects({
      indexName: 'twin',
      objects: [
        { objectID: '2', name: 'blue shoes' },
        { objectID: '3', name: 'diet shoes' },
      ],
    });
    await api.saveRules({ indexName: 'shoes', rules: [promote('a-x', '3'), promote('z-y', '2', 'contains')] });
    await api.saveRules({
      indexName: 'twin',
      rules: [promote('a-x', '3', 'contains'), promote('z-y', '2', 'contains')],
    });
    const first = async (indexName: string) =>
      ids(await api.searchSingleIndex({ indexName, searchParams: { query: 'shoes' } }))[0];
    expect(await first('twin')).toBe('3');
    expect(await first('shoes')).toBe(await first('twin'));
    const found = await api.searchRules({ indexName: 'shoes', searchRulesParams: { anchoring: 'contains' } });
    expect(found.hits.map((rule: { objectID: string }) => rule.objectID).sort()).toEqual(['a-x', 'z-y']);
  });
});
