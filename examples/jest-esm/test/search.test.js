import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import { algoliasearch } from 'algoliasearch';
import { setupServer } from 'msw/node';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';

const emulator = createEmulator({ appId: 'TESTAPP', adminApiKey: 'admin-key' });
const server = setupServer(...createHandlers(emulator));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => emulator.reset());
afterAll(() => server.close());

test('the client over msw, and a language table loaded on first use', async () => {
  const client = algoliasearch('TESTAPP', 'admin-key');
  await client.saveObjects({ indexName: 'products', objects: [{ objectID: '1', name: 'les chevaux' }] });
  const { nbHits } = await client.searchSingleIndex({
    indexName: 'products',
    searchParams: { query: 'cheval', ignorePlurals: ['fr'] },
  });
  expect(nbHits).toBe(1);
});
