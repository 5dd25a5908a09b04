// The emulator's matchers under Jest: installed by one import, over direct calls and over
// the real v5 clients through msw. An ES module: msw 2 loads ES-only dependencies, which Jest
// reads natively only in its ESM mode (`--experimental-vm-modules`) on Node 20.
import 'search-emulator/jest';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';
import { setupServer } from 'msw/node';
import { algoliasearch } from 'algoliasearch';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The message a failing assertion throws. */
function failure(assertion) {
  try {
    assertion();
  } catch (error) {
    return error.message;
  }
  throw new Error('the assertion passed');
}

test('toHaveReceived and toHaveReceivedTimes over direct calls, counted when asked', async () => {
  const emulator = createEmulator();
  const all = { includeDirect: true };
  await emulator.saveObject({ indexName: 'products', body: { objectID: '1', name: 'phone' } });
  await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
  // The test's own calls: left out unless asked.
  expect(emulator).not.toHaveReceived('saveObject');
  expect(emulator).toHaveReceived('searchSingleIndex', { query: 'phone' }, all);
  expect(emulator).toHaveReceived('saveObject', { indexName: 'products', body: { name: expect.any(String) } }, all);
  expect(emulator).not.toHaveReceived('searchSingleIndex', { query: 'tablet' }, all);
  expect(emulator).toHaveReceivedTimes('searchSingleIndex', 1, {}, all);
  expect(emulator).toHaveSearched({ indexName: 'products', query: 'phone' }, all);
  const message = failure(() => expect(emulator).toHaveReceived('searchSingleIndex', { query: 'phon' }, all));
  expect(message).toMatch(/the closest:\n {2}#2 searchSingleIndex POST \/1\/indexes\/products\/query -> 200/);
  expect(message).toMatch(/query: expected "phon", received "phone"/);
});

test('the matchers over the real clients and msw, insights events included', async () => {
  const emulator = createEmulator({ appId: 'JESTAPP' });
  server.use(...createHandlers(emulator));
  const client = algoliasearch('JESTAPP', emulator.adminApiKey);
  await client.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1', name: 'phone' }] });
  const { results } = await client.search({
    requests: [{ indexName: 'products', query: 'phone', clickAnalytics: true }],
  });
  await client.initInsights({ region: 'us' }).pushEvents({
    events: [
      {
        eventType: 'click',
        eventName: 'Product clicked',
        index: 'products',
        userToken: 'u1',
        objectIDs: ['p1'],
        positions: [1],
        queryID: results[0].queryID,
      },
    ],
  });
  expect(emulator).toHaveReceived('search', { indexName: 'products', query: 'phone' });
  expect(emulator).toHaveReceivedTimes('saveObjects', 1, { objects: [{ objectID: 'p1' }] });
  expect(emulator).toHaveReceivedEvent({ eventType: 'click', objectIDs: ['p1'] });
  expect(emulator).not.toHaveReceivedEvent({ eventType: 'conversion' });
  const message = failure(() => expect(emulator).toHaveReceivedEvent({ eventType: 'click', objectIDs: ['p2'] }));
  expect(message).toMatch(/objectIDs\[0\]: expected "p2", received "p1"/);
});
