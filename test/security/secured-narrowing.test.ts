import { searchClient } from '@algolia/client-search';
import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { generateSecuredApiKey } from '../../src';
import { rejects, setupSurfaces, SURFACES, type Api, type Surface } from '../support/surfaces';

const open = setupSurfaces();
const INVALID = 'Invalid Application-ID or API key';
/** The official v5 client's Node build has generateSecuredApiKey; TS resolves its browser types. */
const v5 = searchClient('TESTAPP', 'admin-api-key') as unknown as {
  generateSecuredApiKey(options: { parentApiKey: string; restrictions?: Record<string, unknown> }): string;
};

const ids = (res: { hits: { objectID: string }[] }) => res.hits.map((hit) => hit.objectID).sort();

/**
 * Six shoes of two brands and two prices in `products`, one order in `orders`; the API as
 * `apiKey` on the surface under test.
 */
async function shop(surface: Surface) {
  const { emulator, api } = open(surface);
  await api.setSettings({ indexName: 'products', indexSettings: { attributesForFaceting: ['brand', 'price'] } });
  await api.saveObjects({
    indexName: 'products',
    objects: Array.from({ length: 6 }, (_, i) => ({
      objectID: `p${i}`,
      name: 'shoe',
      brand: i % 2 ? 'acme' : 'zenith',
      price: i < 3 ? 10 : 100,
    })),
  });
  await api.saveObject({ indexName: 'orders', body: { objectID: 'o1', total: 1 } });
  const as = (apiKey: string) =>
    (surface === 'direct' ? emulator.as({ apiKey }) : algoliasearch(emulator.appId, apiKey)) as unknown as Api;
  return { emulator, api, as };
}

const search = (api: Api, indexName = 'products') =>
  api.searchSingleIndex({ indexName, searchParams: { query: 'shoe' } });

describe.each(SURFACES)('a secured key only narrows its parent (%s)', (surface) => {
  it('filters combine with the parent key’s forced filters (AND), never replace them', async () => {
    const { api, as } = await shop(surface);
    const { key } = await api.addApiKey({ acl: ['search'], queryParameters: 'filters=brand%3Aacme' });
    // Asking for the other brand must not escape the parent's filter: nothing matches both.
    const other = await generateSecuredApiKey(key, { filters: 'brand:zenith' });
    expect(ids(await search(as(other)))).toEqual([]);
    const cheaper = await generateSecuredApiKey(key, { filters: 'price < 50' });
    expect(ids(await search(as(cheaper)))).toEqual(['p1']);
    const either = await generateSecuredApiKey(key, { filters: 'brand:zenith OR brand:acme' });
    expect(ids(await search(as(either)))).toEqual(['p1', 'p3', 'p5']);
  });

  it('facetFilters of both keys apply together', async () => {
    const { api, as } = await shop(surface);
    const { key } = await api.addApiKey({ acl: ['search'], queryParameters: 'facetFilters=%5B%22brand%3Aacme%22%5D' });
    const other = await generateSecuredApiKey(key, { facetFilters: JSON.stringify(['brand:zenith']) });
    expect(ids(await search(as(other)))).toEqual([]);
    const expensive = await generateSecuredApiKey(key, { facetFilters: 'price:100' });
    expect(ids(await search(as(expensive)))).toEqual(['p3', 'p5']);
  });

  it('restrictIndices intersect with the parent key’s', async () => {
    const { api, as } = await shop(surface);
    const { key } = await api.addApiKey({ acl: ['search'], queryParameters: 'restrictIndices=products' });
    const wider = await generateSecuredApiKey(key, { restrictIndices: ['orders', 'products'] });
    expect(ids(await search(as(wider)))).toHaveLength(6);
    await rejects(search(as(wider), 'orders'), 403, 'Index not allowed with this API key');
    const elsewhere = await generateSecuredApiKey(key, { restrictIndices: ['orders'] });
    await rejects(search(as(elsewhere), 'orders'), 403, 'Index not allowed with this API key');
    await rejects(search(as(elsewhere), 'products'), 403, 'Index not allowed with this API key');
  });

  it('validUntil must be a whole number of seconds: Infinity, 1e400 and fractions are refused', async () => {
    const { api, as, emulator } = await shop(surface);
    const { key } = await api.addApiKey({ acl: ['search'] });
    const now = Math.floor(emulator.clock.now() / 1000);
    for (const validUntil of [
      'Infinity',
      '1e400',
      `${now + 3600}.5`,
      `1${'0'.repeat(400)}`,
      '',
      '-1',
      `${now + 3600}x`,
    ]) {
      const secured = await generateSecuredApiKey(key, { validUntil: validUntil as unknown as number });
      await rejects(search(as(secured)), 403, INVALID);
    }
    const fine = await generateSecuredApiKey(key, { validUntil: now + 3600 });
    expect(ids(await search(as(fine)))).toHaveLength(6);
  });
});

describe('generateSecuredApiKey with an empty parent key', () => {
  it('gives the official client’s string', async () => {
    for (const restrictions of [{}, { filters: 'brand:acme', validUntil: 2_000_000_000 }]) {
      expect(await generateSecuredApiKey('', restrictions)).toBe(
        v5.generateSecuredApiKey({ parentApiKey: '', restrictions }),
      );
      expect(await generateSecuredApiKey({ parentApiKey: '', restrictions })).toBe(
        v5.generateSecuredApiKey({ parentApiKey: '', restrictions }),
      );
    }
  });
});
