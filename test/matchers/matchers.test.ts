import '../../src/vitest';
import { describe, expect, it } from 'vitest';
import { createEmulator, Journal } from '../../src';
import { setupSurfaces, SURFACES } from '../support/surfaces';
import { failure } from '../support/failure';

const open = setupSurfaces();

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
  // Direct calls are the test's own: the matchers count them when told to.
  const from = surface === 'direct' ? { includeDirect: true } : undefined;

  async function seeded() {
    const opened = open(surface);
    await opened.emulator.saveObjects({
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
    expect(emulator).toHaveReceived('searchSingleIndex', {}, from);
    expect(emulator).toHaveReceived('searchSingleIndex', { query: 'phone' }, from);
    expect(emulator).toHaveReceived(
      'searchSingleIndex',
      { indexName: 'products', searchParams: { query: 'phone' } },
      from,
    );
    expect(emulator).toHaveReceived('searchSingleIndex', { hitsPerPage: expect.any(Number), query: /^pho/ }, from);
    expect(emulator).toHaveReceived('search', { indexName: 'products', query: 'case' }, from);
    expect(emulator).not.toHaveReceived('searchSingleIndex', { query: 'tablet' }, from);
    expect(emulator).not.toHaveReceived('deleteIndex', {}, from);
    expect(emulator.journal).toHaveReceived('search', {}, from);
    // The seed was a direct call: never counted unless asked.
    expect(emulator).not.toHaveReceived('batch');
    expect(emulator).toHaveReceived('batch', {}, { includeDirect: true });
  });

  it('toHaveReceivedTimes counts served requests only', async () => {
    const { emulator, api } = await seeded();
    emulator.faults.error(500, { operation: 'getObject', times: 1 });
    await api.getObject({ indexName: 'products', objectID: 'p1' }).catch(() => undefined);
    await api.getObject({ indexName: 'products', objectID: 'p1' }).catch(() => undefined);
    await api.getObject({ indexName: 'products', objectID: 'p2' });
    // Direct calls meet the failure; the client retried it on another host.
    const served = surface === 'direct' ? 2 : 3;
    expect(emulator).toHaveReceivedTimes('getObject', served, {}, from);
    expect(emulator).toHaveReceivedTimes('getObject', 1, { objectID: 'p2' }, from);
    expect(emulator).not.toHaveReceivedTimes('getObject', 0, {}, from);
    const message = failure(() => expect(emulator).toHaveReceivedTimes('getObject', 5, {}, from));
    expect(message).toContain(`Expected 5 getObject requests\nReceived ${served}:`);
  });

  it('toHaveSearched finds a query in any search request', async () => {
    const { emulator, api } = await seeded();
    await api.search({ requests: [{ indexName: 'products', params: 'query=case&hitsPerPage=3' }] });
    expect(emulator).toHaveSearched({ indexName: 'products', query: 'case', hitsPerPage: 3 }, from);
    const message = failure(() => expect(emulator).toHaveSearched({ indexName: 'products', query: 'cases' }, from));
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
    expect(emulator).toHaveReceivedEvent({ eventType: 'click', objectIDs: ['p1'], queryID }, from);
    expect(emulator).not.toHaveReceivedEvent({ objectIDs: ['p2'] }, from);
    const message = failure(() =>
      expect(emulator).toHaveReceivedEvent({ eventType: 'click', objectIDs: ['p2'] }, from),
    );
    expect(message).toContain('Received 2 events; the closest:');
    expect(message).toMatch(/event in #\d+ pushEvents POST \/1\/events -> 422 \(rejected: 422 .+\)/);
  });
});

describe('failure messages', () => {
  const all = { includeDirect: true };

  it('show the closest journal entries and what differs', async () => {
    const emulator = createEmulator();
    await emulator.saveObject({ indexName: 'products', body: { objectID: 'p1', name: 'phone' } });
    await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phne', page: 0 } });
    await emulator
      .searchSingleIndex({ indexName: 'articles', searchParams: { query: 'phone' } })
      .catch(() => undefined);
    const message = failure(() =>
      expect(emulator).toHaveReceived('searchSingleIndex', { indexName: 'products', query: 'phone' }, all),
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
    const message = failure(() => expect(emulator).toHaveReceived('listIndices', {}, all));
    expect(message).toContain('#1 listIndices GET /1/indexes -> 0 (fault: down) (not served)');
    expect(failure(() => expect(emulator).toHaveReceivedEvent({ eventType: 'view' }, all))).toContain(
      'Received no insights events (listIndices ×1)',
    );
    // A request the service never served was not received.
    expect(emulator).not.toHaveReceived('listIndices', {}, all);
  });

  it('name the direct calls they left out, and how to count them', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1', name: 'phone' }] });
    await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
    const message = failure(() => expect(emulator).toHaveReceived('saveObjects', { indexName: 'products' }));
    expect(message).toContain(
      "1 direct call matched (#1 batch POST /1/indexes/products/batch -> 200): the test's own calls are left out; pass { includeDirect: true } to count them",
    );
    expect(message).toContain('#1 batch POST /1/indexes/products/batch -> 200 (direct call, not counted)');
    expect(failure(() => expect(emulator).toHaveReceivedTimes('saveObjects', 1))).toContain('1 direct call matched');
    expect(failure(() => expect(emulator).toHaveSearched({ query: 'phone' }))).toMatch(
      /1 direct call matched .*\n.*\n  #2 searchSingleIndex POST \/1\/indexes\/products\/query -> 200 \(direct call, not counted\)/,
    );
    await emulator.pushEvents({
      events: [{ eventType: 'view', eventName: 'Viewed', index: 'products', userToken: 'u1', objectIDs: ['p1'] }],
    });
    expect(failure(() => expect(emulator).toHaveReceivedEvent({ eventType: 'view' }))).toContain(
      '1 direct call matched',
    );
    // Nothing that would match: no note.
    expect(failure(() => expect(emulator).toHaveReceived('deleteObjects'))).not.toContain('direct call matched');
  });

  it('refuse an operation no route has: a typo would make .not pass', async () => {
    const emulator = createEmulator();
    await emulator.deleteIndex({ indexName: 'products' });
    // @ts-expect-error: a typo fails to compile, and is refused at run time
    expect(() => expect(emulator).not.toHaveReceived('deleteIndexx')).toThrow(
      new TypeError('toHaveReceived: no route is named "deleteIndexx" (did you mean "deleteIndex"?)'),
    );
    // @ts-expect-error: no such operation
    expect(() => expect(emulator).toHaveReceivedTimes('deleteIndexx', 0)).toThrow(
      /^toHaveReceivedTimes: no route is named "deleteIndexx"/,
    );
    // The emulator's journal checks names too; a journal made alone has no route table to check against.
    // @ts-expect-error: no such operation
    expect(() => expect(emulator.journal).not.toHaveReceived('deleteIndexx')).toThrow(TypeError);
    // @ts-expect-error: no such operation
    expect(new Journal()).not.toHaveReceived('deleteIndexx');
    expect(emulator).toHaveReceived('deleteIndex', {}, all);
  });

  it('refuse anything but an emulator or its journal', () => {
    expect(() => expect({}).toHaveReceived('search')).toThrow(/take an emulator \(createEmulator\(\)\) or its journal/);
  });
});

describe('arrays are compared whole, item by item', () => {
  const view = (objectIDs: string[]) => ({
    eventType: 'view' as const,
    eventName: 'Viewed',
    index: 'products',
    userToken: 'u1',
    objectIDs,
  });

  it('an expected array is neither a prefix nor a part of the one sent', async () => {
    const emulator = createEmulator();
    await emulator.pushEvents({ events: [view(['p1', 'p2'])] });
    const all = { includeDirect: true };
    expect(emulator).toHaveReceivedEvent({ objectIDs: ['p1', 'p2'] }, all);
    // Sent ['p1', 'p2']: no event holds exactly ['p1'], nor ['p2'], nor a longer list.
    expect(emulator).not.toHaveReceivedEvent({ objectIDs: ['p1'] }, all);
    expect(emulator).not.toHaveReceivedEvent({ objectIDs: ['p2'] }, all);
    expect(emulator).not.toHaveReceivedEvent({ objectIDs: ['p1', 'p2', 'p3'] }, all);
    expect(emulator).not.toHaveReceivedEvent({ objectIDs: ['p2', 'p1'] }, all);
    expect(emulator).not.toHaveReceivedEvent({ objectIDs: [] }, all);
    expect(emulator).not.toHaveReceived('pushEvents', { events: [view(['p1'])] }, all);
    expect(emulator).toHaveReceived('pushEvents', { events: [{ objectIDs: ['p1', 'p2'] }] }, all);
    expect(emulator).not.toHaveReceived('pushEvents', { events: [] }, all);
    // An asymmetric matcher says "contains" when that is meant.
    expect(emulator).toHaveReceivedEvent({ objectIDs: expect.arrayContaining(['p2']) }, all);
  });
});
