import '../../src/vitest';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

/** The message of a failing assertion, without its colours. */
function failure(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    // eslint-disable-next-line no-control-regex
    return (error as Error).message.replace(/\u001b\[[0-9;]*m/g, '');
  }
  throw new Error('the assertion passed');
}

const click = (queryID: string, objectID = 'p1') => ({
  eventType: 'click',
  eventName: 'Product clicked',
  index: 'products',
  userToken: 'u1',
  objectIDs: [objectID],
  positions: [1],
  queryID,
});

describe.each(SURFACES)('the emulator matchers (%s)', (surface) => {
  async function seeded() {
    const opened = open(surface);
    await opened.api.saveObjects?.({
      indexName: 'products',
      objects: [
        { objectID: 'p1', name: 'phone' },
        { objectID: 'p2', name: 'phone case' },
      ],
    });
    return opened;
  }

  it('toHaveReceived: the operation with parameters held, searches matched query by query', async () => {
    const { emulator, api } = await seeded();
    await api.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone', hitsPerPage: 5 } });
    await api.search({ requests: [{ indexName: 'products', query: 'case', filters: 'brand:acme' }] });
    expect(emulator).toHaveReceived('searchSingleIndex');
    expect(emulator).toHaveReceived('searchSingleIndex', { query: 'phone' });
    expect(emulator).toHaveReceived('searchSingleIndex', { indexName: 'products', searchParams: { query: 'phone' } });
    expect(emulator).toHaveReceived('searchSingleIndex', { hitsPerPage: expect.any(Number), query: /^pho/ });
    expect(emulator).toHaveReceived('search', { indexName: 'products', query: 'case' });
    expect(emulator).not.toHaveReceived('searchSingleIndex', { query: 'tablet' });
    expect(emulator).not.toHaveReceived('deleteIndex');
    expect(emulator.journal).toHaveReceived('search');
  });

  it('toHaveReceivedTimes counts served requests only', async () => {
    const { emulator, api } = await seeded();
    emulator.faults.error(500, { operation: 'getObject', times: 1 });
    await api.getObject({ indexName: 'products', objectID: 'p1' }).catch(() => undefined);
    await api.getObject({ indexName: 'products', objectID: 'p1' }).catch(() => undefined);
    await api.getObject({ indexName: 'products', objectID: 'p2' });
    // Direct calls meet the failure; the client retried it on another host.
    const served = surface === 'direct' ? 2 : 3;
    expect(emulator).toHaveReceivedTimes('getObject', served);
    expect(emulator).toHaveReceivedTimes('getObject', 1, { objectID: 'p2' });
    expect(emulator).not.toHaveReceivedTimes('getObject', 0);
    const message = failure(() => expect(emulator).toHaveReceivedTimes('getObject', 5));
    expect(message).toContain(`Expected 5 getObject request\nReceived ${served}:`);
  });

  it('toHaveSearched finds a query in any search request', async () => {
    const { emulator, api } = await seeded();
    await api.search({ requests: [{ indexName: 'products', params: 'query=case&hitsPerPage=3' }] });
    expect(emulator).toHaveSearched({ indexName: 'products', query: 'case', hitsPerPage: 3 });
    const message = failure(() => expect(emulator).toHaveSearched({ indexName: 'products', query: 'cases' }));
    expect(message).toContain('Received 1 search; the closest:');
    expect(message).toMatch(/#\d+ search POST \/1\/indexes\/\*\/queries -> 200: /);
    expect(message).toContain('query: expected "cases", received "case"');
  });

  it('toHaveReceivedEvent: events the insights API accepted', async () => {
    const { emulator, api, client } = await seeded();
    const { queryID } = await api.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'phone', clickAnalytics: true },
    });
    const insights = (surface === 'direct'
      ? emulator
      : client.initInsights({ region: 'us' })) as unknown as typeof emulator;
    await insights.pushEvents({ events: [click(queryID)] as never });
    // Five days old, past the four-day limit: refused with 422.
    const stale = { ...click(queryID, 'p2'), timestamp: emulator.clock.now() - 5 * 24 * 3_600_000 };
    await insights.pushEvents({ events: [stale] as never }).catch(() => undefined);
    expect(emulator).toHaveReceivedEvent({ eventType: 'click', objectIDs: ['p1'], queryID });
    expect(emulator).not.toHaveReceivedEvent({ objectIDs: ['p2'] });
    const message = failure(() => expect(emulator).toHaveReceivedEvent({ eventType: 'click', objectIDs: ['p2'] }));
    expect(message).toContain('Received 2 events; the closest:');
    expect(message).toMatch(/event in #\d+ pushEvents POST \/1\/events -> 422 \(rejected: 422 .+\)/);
  });
});

describe('failure messages', () => {
  it('show the closest journal entries and what differs', async () => {
    const emulator = createEmulator();
    await emulator.saveObject({ indexName: 'products', body: { objectID: 'p1', name: 'phone' } });
    await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phne', page: 0 } });
    await emulator
      .searchSingleIndex({ indexName: 'articles', searchParams: { query: 'phone' } })
      .catch(() => undefined);
    const message = failure(() =>
      expect(emulator).toHaveReceived('searchSingleIndex', { indexName: 'products', query: 'phone' }),
    );
    expect(message).toContain('Expected a searchSingleIndex request holding {"indexName":"products","query":"phone"}');
    expect(message).toContain('Received 3 requests (saveObject ×1, searchSingleIndex ×2); the closest:');
    const lines = message.split('\n');
    const first = lines.findIndex((line) => line.startsWith('  #'));
    // Both searches hold one of the two fields; the newest first.
    expect(lines[first]).toBe('  #3 searchSingleIndex POST /1/indexes/articles/query -> 404');
    expect(lines[first + 1]).toBe('      indexName: expected "products", received "articles"');
    expect(lines[first + 2]).toBe('  #2 searchSingleIndex POST /1/indexes/products/query -> 200');
    expect(lines[first + 3]).toBe('      query: expected "phone", received "phne"');
    expect(lines[first + 4]).toBe('  #1 saveObject POST /1/indexes/products -> 201');
  });

  it('say when nothing at all was received, and when a request was not served', async () => {
    const emulator = createEmulator();
    expect(failure(() => expect(emulator).toHaveReceived('search'))).toContain('Received no requests at all');
    emulator.faults.down({ operation: 'listIndices' });
    await emulator.listIndices().catch(() => undefined);
    const message = failure(() => expect(emulator).toHaveReceived('listIndices'));
    expect(message).toContain('#1 listIndices GET /1/indexes -> 0 (fault: down) (not served)');
    expect(failure(() => expect(emulator).toHaveReceivedEvent({ eventType: 'view' }))).toContain(
      'Received no insights events (listIndices ×1)',
    );
    // A request the service never served was not received.
    expect(emulator).not.toHaveReceived('listIndices');
  });

  it('refuse an operation no route has, given an emulator: a typo would make .not pass', async () => {
    const emulator = createEmulator();
    await emulator.deleteIndex({ indexName: 'products' });
    expect(() => expect(emulator).not.toHaveReceived('deleteIndexx')).toThrow(
      new TypeError('toHaveReceived: no route is named "deleteIndexx" (did you mean "deleteIndex"?)'),
    );
    expect(() => expect(emulator).toHaveReceivedTimes('deleteIndexx', 0)).toThrow(
      /^toHaveReceivedTimes: no route is named "deleteIndexx"/,
    );
    expect(emulator).toHaveReceived('deleteIndex');
    // A journal alone has no route table: the name cannot be checked there.
    expect(emulator.journal).not.toHaveReceived('deleteIndexx');
  });

  it('refuse anything but an emulator or its journal', () => {
    expect(() => expect({}).toHaveReceived('search')).toThrow(/take an emulator \(createEmulator\(\)\) or its journal/);
  });
});
