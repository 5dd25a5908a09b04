const { algoliasearch } = require('algoliasearch');
const { createEmulator, createRequester } = require('search-emulator');

test('direct calls and the requester, no transform needed', async () => {
  const emulator = createEmulator({ appId: 'TESTAPP', adminApiKey: 'admin-key' });
  await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: '1', name: 'Phone' }] });

  const client = algoliasearch('TESTAPP', 'admin-key', { requester: createRequester(emulator) });
  const { hits } = await client.searchSingleIndex({
    indexName: 'products',
    searchParams: { query: 'phone', ignorePlurals: ['en'] },
  });
  expect(hits.map((hit) => hit.objectID)).toEqual(['1']);
});
