// Your application's own client code, unchanged: msw answers its requests from the emulator.
import { algoliasearch } from 'algoliasearch';
import { expect, it } from 'vitest';

it('finds a product despite a typo', async () => {
  const client = algoliasearch('TESTAPP', 'admin-key');
  await client.saveObjects({ indexName: 'products', objects: [{ objectID: '1', name: 'Phone' }] });
  const { hits } = await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phnoe' } });
  expect(hits.map((hit) => hit.objectID)).toEqual(['1']);
});

it('fails a request no handler answers: the safety net is on', async () => {
  await expect(fetch('https://example.com/not-emulated')).rejects.toThrow();
});
