import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { generateSecuredApiKey } from '../../src';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

async function catalogue() {
  const { client, emulator } = env.fresh();
  await client.setSettings({ indexName: 'products', indexSettings: { attributesForFaceting: ['brand'] } });
  await client.saveObjects({
    indexName: 'products',
    objects: Array.from({ length: 6 }, (_, i) => ({
      objectID: `p${i}`,
      name: 'shoe',
      brand: i % 2 ? 'acme' : 'zenith',
    })),
  });
  return { client, emulator };
}

const ids = (hits: { objectID: string }[]) => hits.map((h) => h.objectID);

/** What a key's restrictions do to real search results, through the real client. */
describe('key restrictions applied to search', () => {
  it('maxHitsPerQuery caps the hits a query returns', async () => {
    const { client, emulator } = await catalogue();
    const { key } = await client.addApiKey({ acl: ['search'], maxHitsPerQuery: 2 });
    const limited = algoliasearch(emulator.appId, key);
    const res = await limited.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'shoe', hitsPerPage: 10 },
    });
    expect(res.hits).toHaveLength(2);
  });

  it('queryParameters of a key are forced onto every query', async () => {
    const { client, emulator } = await catalogue();
    const { key } = await client.addApiKey({ acl: ['search'], queryParameters: 'filters=brand%3Aacme' });
    const forced = algoliasearch(emulator.appId, key);
    const res = await forced.searchSingleIndex({ indexName: 'products', searchParams: { query: 'shoe' } });
    expect(ids(res.hits)).toEqual(['p5', 'p3', 'p1']);
  });

  it('a secured key’s filters restrict results, and a tampered one is refused', async () => {
    const { client, emulator } = await catalogue();
    const { key } = await client.addApiKey({ acl: ['search'] });
    const secured = await generateSecuredApiKey(key, { filters: 'brand:zenith', restrictIndices: ['products'] });
    const res = await algoliasearch(emulator.appId, secured).searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'shoe' },
    });
    expect(ids(res.hits)).toEqual(['p4', 'p2', 'p0']);
    const tampered = btoa(atob(secured).replace('zenith', 'acme'));
    await expect(
      algoliasearch(emulator.appId, tampered).searchSingleIndex({
        indexName: 'products',
        searchParams: { query: 'shoe' },
      }),
    ).rejects.toMatchObject({
      status: 403,
    });
  });
});
