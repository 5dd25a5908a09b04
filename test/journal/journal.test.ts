import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

describe.each(SURFACES)('the request journal (%s)', (surface) => {
  it('files every request with its operation, host family, method, path, parameters, key, status, answer and clock time', async () => {
    const { emulator, api } = open(surface);
    emulator.clock.set('2024-03-01T10:00:00Z');
    const saved = await api.saveObject({ indexName: 'products', body: { objectID: 'p1', name: 'phone' } });
    emulator.clock.advance('1m');
    const found = await api.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'phone', hitsPerPage: 5 },
    });
    await api.getObject({ indexName: 'products', objectID: 'nope' }).catch(() => undefined);

    const [save, search, missing] = emulator.journal.entries;
    expect(emulator.journal.length).toBe(3);
    expect(save).toMatchObject({
      seq: 1,
      operation: 'saveObject',
      host: 'search',
      method: 'POST',
      path: '/1/indexes/products',
      status: 201,
      served: true,
    });
    expect(save.at).toBe(Date.parse('2024-03-01T10:00:00Z'));
    expect(save.params).toEqual({ indexName: 'products', body: { objectID: 'p1', name: 'phone' } });
    expect(save.response).toEqual(saved);
    expect(save.apiKey).toBe(emulator.adminApiKey);
    expect(search).toMatchObject({
      seq: 2,
      operation: 'searchSingleIndex',
      path: '/1/indexes/products/query',
      status: 200,
    });
    expect(search.at).toBe(Date.parse('2024-03-01T10:01:00Z'));
    expect(search.params).toEqual({ indexName: 'products', searchParams: { query: 'phone', hitsPerPage: 5 } });
    expect(search.queries).toEqual([{ indexName: 'products', query: 'phone', hitsPerPage: 5 }]);
    expect(search.response).toEqual(found);
    expect(missing).toMatchObject({
      operation: 'getObject',
      method: 'GET',
      status: 404,
      response: { message: 'ObjectID does not exist', status: 404 },
    });
    expect(missing.indexName).toBe('products');
    expect(String(missing)).toBe('#3 getObject GET /1/indexes/products/nope -> 404');
  });

  it('reads multi-index searches query by query, `params` strings decoded and typed', async () => {
    const { emulator, api } = open(surface);
    await emulator.saveObject({ indexName: 'products', body: { objectID: 'p1' } });
    await emulator.saveObject({ indexName: 'articles', body: { objectID: 'a1' } });
    await api.search({
      requests: [
        { indexName: 'products', query: 'phone', facets: ['brand'] },
        { indexName: 'articles', params: 'query=case&hitsPerPage=2&analytics=false' },
      ],
    });
    expect(emulator.journal.searches()).toEqual([
      expect.objectContaining({ indexName: 'products', query: 'phone', facets: ['brand'] }),
      expect.objectContaining({ indexName: 'articles', query: 'case', hitsPerPage: 2, analytics: false }),
    ]);
    expect(emulator.journal.searches({ indexName: 'articles' })).toHaveLength(1);
    expect(emulator.journal.filter({ indexName: 'articles' }).map((e) => e.operation)).toEqual([
      'saveObject',
      'search',
    ]);
  });

  it('filters by operation, status, index, key and fault, and is emptied by reset()', async () => {
    const { emulator, api } = open(surface);
    await api.saveObject({ indexName: 'a', body: { objectID: '1' } });
    await api.saveObject({ indexName: 'b', body: { objectID: '2' } });
    await api.getObject({ indexName: 'a', objectID: '9' }).catch(() => undefined);
    const key = await emulator.addApiKey({ acl: ['search'] });
    await emulator.as({ apiKey: key.key }).searchSingleIndex({ indexName: 'a', searchParams: {} });

    expect(emulator.journal.of('saveObject').map((e) => e.indexName)).toEqual(['a', 'b']);
    expect(emulator.journal.filter({ status: 404 }).map((e) => e.operation)).toEqual(['getObject']);
    expect(emulator.journal.filter({ indexName: 'a' }).map((e) => e.operation)).toEqual([
      'saveObject',
      'getObject',
      'searchSingleIndex',
    ]);
    expect(emulator.journal.filter({ apiKey: key.key }).map((e) => e.operation)).toEqual(['searchSingleIndex']);
    expect(emulator.journal.filter({ fault: true })).toEqual([]);
    expect(emulator.journal.filter((e) => e.method === 'GET')).toHaveLength(1);
    expect(emulator.journal.last?.operation).toBe('searchSingleIndex');
    expect(emulator.journal.at(-2)?.operation).toBe('addApiKey');

    emulator.reset();
    expect(emulator.journal.length).toBe(0);
    await api.listIndices();
    expect(emulator.journal.entries.map((e) => [e.seq, e.operation])).toEqual([[1, 'listIndices']]);
  });

  it('keeps the insights events sent, and whether their batch was accepted', async () => {
    const { emulator, client } = open(surface);
    const insights =
      surface === 'direct' ? emulator : (client.initInsights({ region: 'us' }) as unknown as typeof emulator);
    // Five days old: past the insights API's four-day limit.
    const stale = emulator.clock.now() - 5 * 24 * 3_600_000;
    const click = {
      eventType: 'click',
      eventName: 'Clicked',
      index: 'products',
      userToken: 'u1',
      objectIDs: ['p1'],
      positions: [1],
      queryID: 'a'.repeat(32),
      timestamp: stale,
    };
    await insights.pushEvents({
      events: [{ eventType: 'view', eventName: 'Viewed', index: 'products', userToken: 'u1', objectIDs: ['p1'] }],
    });
    await insights.pushEvents({ events: [click] as never }).catch(() => undefined);
    const events = emulator.journal.events();
    expect(events.map((e) => [e.event.eventType, e.accepted])).toEqual([
      ['view', true],
      // Too old: the batch is refused (422).
      ['click', false],
    ]);
    expect(events[1].entry.status).toBe(422);
  });
});

describe('the journal over msw', () => {
  it('names the real host each request went to; direct calls have none', async () => {
    const { emulator, client } = open('client');
    await client.saveObject({ indexName: 'products', body: { objectID: 'p1' } });
    await client.searchSingleIndex({ indexName: 'products', searchParams: { query: '' } });
    await emulator.listIndices();
    expect(emulator.journal.entries.map((e) => e.hostname)).toEqual([
      'testapp.algolia.net',
      'testapp-dsn.algolia.net',
      undefined,
    ]);
    expect(emulator.journal.filter({ hostname: /-dsn\./ }).map((e) => e.operation)).toEqual(['searchSingleIndex']);
  });

  it('files requests the firewall refused, as not served, and keeps them out of the API log', async () => {
    const { emulator } = open('direct', { clientIp: '198.51.100.7' });
    await emulator.replaceSources({ source: [{ source: '198.51.100.7/32' }] });
    const outsider = emulator.as({ apiKey: emulator.adminApiKey, headers: { 'x-emulator-client-ip': '203.0.113.9' } });
    await outsider.listIndices().catch(() => undefined);
    expect(emulator.journal.last).toMatchObject({ operation: 'listIndices', status: 0, served: false });
    const { logs } = await emulator.getLogs();
    expect(logs.map((log: { url: string }) => log.url)).toEqual(['/1/security/sources']);
  });
});

describe('the journal in a long suite', () => {
  it('keeps the newest `journalLimit` entries and counts the dropped ones', async () => {
    const emulator = createEmulator({ journalLimit: 5 });
    for (let i = 0; i < 23; i++) await emulator.listIndices();
    expect(emulator.journal.length).toBe(5);
    expect(emulator.journal.dropped).toBe(18);
    expect(emulator.journal.entries.map((e) => e.seq)).toEqual([19, 20, 21, 22, 23]);
    expect(emulator.journal.at(0)?.seq).toBe(19);
  });

  it('holds 1,000 entries by default, and none with journalLimit 0', async () => {
    const emulator = createEmulator();
    for (let i = 0; i < 1_050; i++) await emulator.listIndices();
    expect(emulator.journal.limit).toBe(1_000);
    expect(emulator.journal.length).toBe(1_000);
    expect(emulator.journal.entries[0].seq).toBe(51);
    const off = createEmulator({ journalLimit: 0 });
    await off.listIndices();
    expect(off.journal.length).toBe(0);
    expect(() => createEmulator({ journalLimit: -1 })).toThrow(/journalLimit must be a whole number/);
  });

  it('is the same over both surfaces for the same calls', async () => {
    const direct = open('direct');
    await direct.api.saveObject({ indexName: 'i', body: { objectID: '1', a: 1 } });
    await direct.api.searchSingleIndex({ indexName: 'i', searchParams: { query: 'x' } });
    const directEntries = direct.emulator.journal.entries.map((e) => e.toJSON());
    const client = open('client');
    await client.api.saveObject({ indexName: 'i', body: { objectID: '1', a: 1 } });
    await client.api.searchSingleIndex({ indexName: 'i', searchParams: { query: 'x' } });
    const clientEntries = client.emulator.journal.entries.map((e) => e.toJSON());
    expect(clientEntries.map((e) => e.hostname)).toEqual(['testapp.algolia.net', 'testapp-dsn.algolia.net']);
    expect(clientEntries.map((e) => e.surface)).toEqual(['msw', 'msw']);
    expect(clientEntries.map((e) => ({ ...e, hostname: undefined, surface: 'direct' }))).toEqual(directEntries);
  });
});
