const { setupServer } = require('msw/node');
const { algoliasearch } = require('algoliasearch');
const { createEmulator } = require('search-emulator');
const { createHandlers } = require('search-emulator/msw');

const emulator = createEmulator({ appId: 'TESTAPP', adminApiKey: 'admin-key' });
const server = setupServer(...createHandlers(emulator));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => emulator.reset());
afterAll(() => server.close());

test('the client over msw', async () => {
  const client = algoliasearch('TESTAPP', 'admin-key');
  await client.saveObjects({ indexName: 'products', objects: [{ objectID: '1', name: 'Phone' }] });
  const { nbHits } = await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
  expect(nbHits).toBe(1);
});
