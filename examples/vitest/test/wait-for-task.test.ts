import { algoliasearch } from 'algoliasearch';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';
import { expect, it } from 'vitest';
import { server } from './setup';

it("lets the client's waitForTask resolve under indexingDelay", async () => {
  // Each poll of a pending task moves the fake clock to its publication time.
  const emulator = createEmulator({
    appId: 'TESTAPP',
    adminApiKey: 'admin-key',
    indexingDelay: '10s',
    advanceOnTaskPoll: true,
  });
  server.use(...createHandlers(emulator));
  const client = algoliasearch('TESTAPP', 'admin-key');

  await client.saveObjects({ indexName: 'products', objects: [{ objectID: '1', name: 'Phone' }], waitForTasks: true });
  const { nbHits } = await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
  expect(nbHits).toBe(1);
});
