import { describe, expect, it } from 'vitest';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

async function seeded() {
  const { client } = env.fresh();
  await client.saveObjects({
    indexName: 'tv',
    objects: [
      { objectID: '1', name: 'Television stand', brand: 'Ikea' },
      { objectID: '2', name: 'Samsung television', brand: 'Samsung' },
      { objectID: '3', name: 'TV remote', brand: 'Sony' },
    ],
  });
  return client;
}

describe('rules change real search results', () => {
  it('replaces the query and adds userData and appliedRules', async () => {
    const client = await seeded();
    await client.saveRule({
      indexName: 'tv',
      objectID: 'tv-to-television',
      rule: {
        objectID: 'tv-to-television',
        conditions: [{ pattern: 'tv', anchoring: 'is' }],
        consequence: { params: { query: 'television' }, userData: { banner: 'tv' } },
      },
    });
    const before = await client.searchSingleIndex({
      indexName: 'tv',
      searchParams: { query: 'tv', enableRules: false },
    });
    expect(before.hits.map((h) => h.objectID)).toEqual(['3']);
    expect(before.userData).toBeUndefined();
    const after = await client.searchSingleIndex({
      indexName: 'tv',
      searchParams: { query: 'tv', getRankingInfo: true },
    });
    expect(after.hits.map((h) => h.objectID).sort()).toEqual(['1', '2']);
    expect(after.userData).toEqual([{ banner: 'tv' }]);
    expect(after.appliedRules).toEqual([{ objectID: 'tv-to-television' }]);
  });

  it('sets search parameters, only within the rule context and validity', async () => {
    const client = await seeded();
    await client.saveRule({
      indexName: 'tv',
      objectID: 'small-pages',
      rule: {
        objectID: 'small-pages',
        conditions: [{ context: 'mobile' }],
        consequence: { params: { hitsPerPage: 1 } },
      },
    });
    expect((await client.searchSingleIndex({ indexName: 'tv', searchParams: { query: '' } })).hits).toHaveLength(3);
    const mobile = await client.searchSingleIndex({
      indexName: 'tv',
      searchParams: { query: '', ruleContexts: ['mobile'] },
    });
    expect(mobile.hits).toHaveLength(1);
    expect(mobile.hitsPerPage).toBe(1);
  });

  it('edits the query with remove words', async () => {
    const client = await seeded();
    await client.saveRule({
      indexName: 'tv',
      objectID: 'cheap',
      rule: {
        objectID: 'cheap',
        conditions: [{ pattern: 'cheap', anchoring: 'startsWith' }],
        consequence: { params: { query: { remove: ['cheap'] } } },
      },
    });
    const res = await client.searchSingleIndex({ indexName: 'tv', searchParams: { query: 'cheap remote' } });
    expect(res.hits.map((h) => h.objectID)).toEqual(['3']);
  });
});
