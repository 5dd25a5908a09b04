import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';

/** Four requests, one of each kind a filter tells apart. */
async function journalled() {
  const emulator = createEmulator({ journalLimit: 10 });
  await emulator.saveObject({ indexName: 'products', body: { objectID: 'p1', name: 'phone' } });
  await emulator.getObject({ indexName: 'products', objectID: 'p9' }).catch(() => undefined);
  emulator.faults.error(503, { operation: 'listIndices', times: 1 });
  await emulator.listIndices().catch(() => undefined);
  // No index named articles: answered 404, its queries filed all the same.
  await emulator
    .search({
      requests: [
        { indexName: 'products', query: 'a' },
        { indexName: 'articles', query: 'b' },
      ],
    })
    .catch(() => undefined);
  return emulator;
}

const operations = (entries: readonly { operation?: string }[]) => entries.map((e) => e.operation);

describe('journal filters, field by field', () => {
  it('method, status, served, fault (any or of a kind), path as text or pattern, index', async () => {
    const { journal } = await journalled();
    expect(operations(journal.filter({ method: 'GET' }))).toEqual(['getObject', 'listIndices']);
    expect(operations(journal.filter({ method: 'POST' }))).toEqual(['saveObject', 'search']);
    expect(operations(journal.filter({ status: 503 }))).toEqual(['listIndices']);
    expect(operations(journal.filter({ served: false }))).toEqual(['listIndices']);
    expect(operations(journal.filter({ served: true }))).toEqual(['saveObject', 'getObject', 'search']);
    expect(operations(journal.filter({ fault: true }))).toEqual(['listIndices']);
    expect(operations(journal.filter({ fault: false }))).toEqual(['saveObject', 'getObject', 'search']);
    expect(operations(journal.filter({ fault: 'status' }))).toEqual(['listIndices']);
    expect(operations(journal.filter({ fault: 'latency' }))).toEqual([]);
    expect(operations(journal.filter({ path: '/1/indexes/products/p9' }))).toEqual(['getObject']);
    expect(operations(journal.filter({ path: '/1/indexes/products' }))).toEqual(['saveObject']);
    // A pattern with the global flag tests every entry from its start.
    expect(operations(journal.filter({ path: /^\/1\/indexes\/products/g }))).toEqual(['saveObject', 'getObject']);
    expect(operations(journal.filter({ indexName: 'articles' }))).toEqual(['search']);
    expect(operations(journal.filter({ host: 'search', method: 'GET', status: 404 }))).toEqual(['getObject']);
    expect(operations(journal.filter({ operation: ['getObject', 'search'] }))).toEqual(['getObject', 'search']);
    expect(operations(journal.filter({ surface: ['msw', 'server'] }))).toEqual([]);
    expect(operations(journal.filter({ surface: 'direct' }))).toHaveLength(4);
  });

  it('searches() keeps the queries of the index asked for, events() only pushEvents', async () => {
    const { journal } = await journalled();
    expect(journal.searches().map((q) => [q.indexName, q.query])).toEqual([
      ['products', 'a'],
      ['articles', 'b'],
    ]);
    expect(journal.searches({ indexName: 'articles' }).map((q) => q.query)).toEqual(['b']);
    expect(journal.events()).toEqual([]);
  });

  it('at(), last and iteration read the entries kept, and nothing past either end', async () => {
    const emulator = createEmulator({ journalLimit: 3 });
    expect(emulator.journal.last).toBeUndefined();
    expect(emulator.journal.at(0)).toBeUndefined();
    for (let i = 0; i < 7; i++) await emulator.listIndices();
    const { journal } = emulator;
    // Kept: 5, 6, 7 (the array behind them compacted on the way).
    expect([...journal].map((e) => e.seq)).toEqual([5, 6, 7]);
    expect(journal.at(0)?.seq).toBe(5);
    expect(journal.at(2)?.seq).toBe(7);
    expect(journal.at(3)).toBeUndefined();
    expect(journal.at(-1)?.seq).toBe(7);
    expect(journal.at(-3)?.seq).toBe(5);
    expect(journal.at(-4)).toBeUndefined();
    expect(journal.last?.seq).toBe(7);
    expect(journal.dropped).toBe(4);
    journal.clear();
    expect([journal.length, journal.dropped, journal.last]).toEqual([0, 0, undefined]);
    await emulator.listIndices();
    expect(journal.at(0)?.seq).toBe(1);
  });

  it('subscribe() hands each new entry and the clearing, until unsubscribed', async () => {
    const emulator = createEmulator();
    const seen: string[] = [];
    const stop = emulator.journal.subscribe(
      (entry) => seen.push(`${entry.seq} ${entry.operation}`),
      () => seen.push('cleared'),
    );
    await emulator.listIndices();
    emulator.journal.clear();
    await emulator.listIndices();
    stop();
    await emulator.listIndices();
    expect(seen).toEqual(['1 listIndices', 'cleared', '1 listIndices']);
  });

  it('refuses a journal limit that is not a whole number of entries', () => {
    expect(() => createEmulator({ journalLimit: 1.5 })).toThrow(
      new RangeError('journalLimit must be a whole number of entries (0 turns the journal off), got 1.5'),
    );
  });
});

describe('journal limits, searches and events', () => {
  it('a limit of 0 keeps nothing, drops nothing and tells no subscriber', async () => {
    const emulator = createEmulator({ journalLimit: 0 });
    const seen: number[] = [];
    emulator.journal.subscribe((entry) => seen.push(entry.seq));
    await emulator.listIndices();
    expect([emulator.journal.length, emulator.journal.dropped, seen]).toEqual([0, 0, []]);
  });

  it('keeps the newest entries as they are dropped and compacted; at() reads none of the dropped', async () => {
    const emulator = createEmulator({ journalLimit: 3 });
    await emulator.listIndices();
    for (let i = 2; i <= 7; i++) {
      await emulator.listIndices();
      expect(emulator.journal.entries.map((e) => e.seq)).toEqual([i - 2, i - 1, i].filter((seq) => seq >= 1));
      expect(emulator.journal.dropped).toBe(Math.max(0, i - 3));
      expect(emulator.journal.at(-4)).toBeUndefined();
      expect(emulator.journal.at(-3)?.seq).toBe(i >= 3 ? i - 2 : undefined);
    }
  });

  it('searches() and events() read only the entries the filter picks; a batch not answered is not accepted', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1' }] });
    await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'a' } });
    await emulator.search({ requests: [{ indexName: 'products', query: 'b' }] });
    expect(emulator.journal.searches({ operation: 'searchSingleIndex' }).map((q) => q.query)).toEqual(['a']);
    expect(emulator.journal.searches({ host: 'insights' })).toEqual([]);
    emulator.faults.down({ operation: 'pushEvents', times: 1 });
    const view = { eventType: 'view' as const, eventName: 'V', index: 'products', userToken: 'u1', objectIDs: ['p1'] };
    await emulator.pushEvents({ events: [view] }).catch(() => undefined);
    await emulator.pushEvents({ events: [view] });
    expect(emulator.journal.events().map((e) => [e.entry.seq, e.entry.status, e.accepted])).toEqual([
      [4, 0, false],
      [5, 200, true],
    ]);
    expect(emulator.journal.filter({ host: 'insights' }).map((e) => e.seq)).toEqual([4, 5]);
  });

  it('refuses an operation or a surface that is no name, naming the field', () => {
    const { journal } = createEmulator();
    expect(() => journal.filter({ operation: 5 as never })).toThrow(
      new TypeError('operation must be a name or an array of names, got 5'),
    );
    expect(() => journal.filter({ surface: 5 as never })).toThrow(
      new TypeError('surface must be a name or an array of names, got 5'),
    );
  });
});
