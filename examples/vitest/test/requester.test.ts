import { algoliasearch } from 'algoliasearch';
import algoliasearchV4 from 'algoliasearch-v4';
import { createEmulator, createRequester } from 'search-emulator';
import { expect, it } from 'vitest';

it('answers the v5 client in-process, without msw', async () => {
  const emulator = createEmulator({ appId: 'FASTAPP', adminApiKey: 'admin-key' });
  const requester = createRequester(emulator);
  const client = algoliasearch('FASTAPP', 'admin-key', { requester });
  const insights = client.initInsights({ options: { requester } }); // each client gets the requester

  await client.saveObject({ indexName: 'products', body: { objectID: '1', name: 'Phone' } });
  const { hits, queryID } = await client.searchSingleIndex({
    indexName: 'products',
    searchParams: { query: 'phone', clickAnalytics: true },
  });
  await insights.pushEvents({
    events: [
      {
        eventType: 'click',
        eventName: 'Clicked',
        index: 'products',
        userToken: 'u1',
        queryID: queryID!,
        objectIDs: ['1'],
        positions: [1],
      },
    ],
  });
  expect(hits).toHaveLength(1);
});

it('answers the v4 client too', async () => {
  const emulator = createEmulator({ appId: 'FASTAPP', adminApiKey: 'admin-key' });
  const index = algoliasearchV4('FASTAPP', 'admin-key', { requester: createRequester(emulator) }).initIndex('products');
  await index.saveObject({ objectID: '1', name: 'Phone' });
  expect((await index.search('phone')).nbHits).toBe(1);
});
