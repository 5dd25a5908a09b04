import 'search-emulator/vitest'; // or 'search-emulator/jest': typed matchers
import { algoliasearch } from 'algoliasearch';
import { expect, it } from 'vitest';
import { emulator } from './setup';

it('checks what the application sent, breaks the network on purpose, explains a ranking', async () => {
  const client = algoliasearch('TESTAPP', 'admin-key'); // the application's client, over msw
  // Seeding with direct calls is the test's own: the matchers leave it out.
  await emulator.saveObjects({
    indexName: 'products',
    objects: [
      { objectID: 'p1', name: 'phone case' },
      { objectID: 'p2', name: 'phone' },
    ],
  });
  await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
  await client.saveObjects({ indexName: 'cart', objects: [{ objectID: 'p2', quantity: 1 }] });

  expect(emulator).toHaveReceived('searchSingleIndex', { query: 'phone' });
  expect(emulator).toHaveReceivedTimes('saveObjects', 1, { indexName: 'cart' }); // a helper: the batch it sent
  expect(emulator).not.toHaveReceived('saveObjects', { indexName: 'products' }); // the seeding above
  expect(emulator.journal.searches({ indexName: 'products' })).toHaveLength(1); // every request, parsed

  emulator.faults.error(503, { operation: 'searchSingleIndex', times: 1 }); // the client retries another host
  await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });

  const why = await emulator.explain({ indexName: 'products', objectID: 'p1', query: 'phone' });
  expect(why.text).toContain('p1'); // position, each criterion, what decided against its neighbours, or why not
});
