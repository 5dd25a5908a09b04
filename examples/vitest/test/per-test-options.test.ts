import { algoliasearch } from 'algoliasearch';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';
import { expect, it } from 'vitest';
import { server } from './setup';

it('runs one test with other options: a delay before writes are searchable', async () => {
  const slow = createEmulator({ appId: 'TESTAPP', adminApiKey: 'admin-key', indexingDelay: '5s' });
  server.use(...createHandlers(slow)); // until server.resetHandlers() in afterEach
  const client = algoliasearch('TESTAPP', 'admin-key');

  const { taskID } = await client.saveObject({ indexName: 'products', body: { name: 'Phone' } });
  expect(await client.getTask({ indexName: 'products', taskID })).toMatchObject({ status: 'notPublished' });
  slow.clock.advance('5s');
  expect(await client.getTask({ indexName: 'products', taskID })).toMatchObject({ status: 'published' });
});

it('serves several applications side by side, one emulator each', async () => {
  const eu = createEmulator({ appId: 'EUAPP', adminApiKey: 'eu-key' });
  const us = createEmulator({ appId: 'USAPP', adminApiKey: 'us-key' });
  server.use(...createHandlers(eu), ...createHandlers(us));

  await algoliasearch('EUAPP', 'eu-key').saveObject({ indexName: 'products', body: { name: 'Fahrrad' } });
  expect((await us.listIndices()).items).toEqual([]);
  expect((await eu.listIndices()).items.map((index) => index.name)).toEqual(['products']);
});
