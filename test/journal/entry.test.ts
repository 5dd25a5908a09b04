import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createEmulator } from '../../src';

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const view = (timestamp?: number) => ({
  eventType: 'view' as const,
  eventName: 'Viewed',
  index: 'products',
  userToken: 'u1',
  objectIDs: ['p1'],
  ...(timestamp === undefined ? {} : { timestamp }),
});

// toJSON() whole: what a snapshot of an entry holds, and what it leaves out when empty.
describe('a journal entry', () => {
  it('toJSON(): queries for searches, a fault when one acted, warnings when there are some', async () => {
    const emulator = createEmulator();
    await emulator.request({ method: 'GET', path: '/1/indexes' });
    const base = {
      at: emulator.clock.now(),
      hostname: undefined,
      surface: 'direct',
      apiKey: emulator.adminApiKey,
      served: true,
    };
    expect(emulator.journal.last!.warnings).toEqual([]);
    expect(emulator.journal.last!.toJSON()).toStrictEqual({
      ...base,
      seq: 1,
      operation: 'listIndices',
      host: 'search',
      method: 'GET',
      path: '/1/indexes',
      params: {},
      status: 200,
      response: { items: [], nbPages: 1 },
    });

    await emulator.request({ method: 'POST', path: '/1/indexes/*/queries', body: { requests: [{ indexName: 'a' }] } });
    const search = emulator.journal.last!;
    expect(search.toJSON()).toStrictEqual({
      ...base,
      seq: 2,
      operation: 'search',
      host: 'search',
      method: 'POST',
      path: '/1/indexes/*/queries',
      params: { requests: [{ indexName: 'a' }] },
      queries: [{ indexName: 'a' }],
      status: search.status,
      response: search.response,
    });
    // Read once, the same list each time.
    expect(search.queries).toBe(search.queries);

    emulator.faults.timeout({ operation: 'listIndices', phase: 'response', times: 1 });
    await emulator.request({ method: 'GET', path: '/1/indexes' });
    const faulted = emulator.journal.last!;
    expect(String(faulted)).toBe(`#3 listIndices GET /1/indexes -> ${faulted.status} (fault: timeout response)`);
    expect(faulted.toJSON()).toStrictEqual({
      ...base,
      seq: 3,
      operation: 'listIndices',
      host: 'search',
      method: 'GET',
      path: '/1/indexes',
      params: {},
      status: faulted.status,
      response: faulted.response,
      served: faulted.served,
      fault: faulted.fault,
    });
    expect(faulted.fault).toEqual({ kind: 'timeout', id: expect.any(Number), phase: 'response' });

    await emulator.pushEvents({ events: [view(Date.UTC(2030, 0, 1))] });
    const warned = emulator.journal.last!;
    expect(warned.warnings).toHaveLength(1);
    expect(warned.toJSON()).toStrictEqual({
      ...base,
      seq: 4,
      operation: 'pushEvents',
      host: 'insights',
      method: 'POST',
      path: '/1/events',
      params: warned.params,
      status: 200,
      response: { status: 200, message: 'OK' },
      warnings: warned.warnings,
    });
  });

  it('indexName, indexNames and events: the path index unless "*", the string index names of batched requests', async () => {
    const emulator = createEmulator();
    await emulator.request({
      method: 'POST',
      path: '/1/indexes/*/queries',
      body: { requests: [null, { indexName: 5 }, { indexName: 'a' }, { indexName: 'b' }, { indexName: 'a' }] },
    });
    const search = emulator.journal.last!;
    expect(search.indexName).toBeUndefined();
    expect(search.indexNames).toEqual(['a', 'b']);
    expect(search.events).toBeUndefined();
    // A path naming the index "*" names none.
    await emulator.request({ method: 'GET', path: '/1/indexes/*/settings' });
    expect([emulator.journal.last!.pathParams.indexName, emulator.journal.last!.indexName]).toEqual(['*', undefined]);
    expect(emulator.journal.last!.indexNames).toEqual([]);
    await emulator.request({
      method: 'POST',
      path: '/1/indexes/products/batch',
      body: { requests: [{ indexName: 'c' }] },
    });
    expect(emulator.journal.last!.indexNames).toEqual(['products', 'c']);
    await emulator.request({ method: 'POST', path: '/1/events', host: 'insights' });
    expect(emulator.journal.last!.events).toEqual([]);
    await emulator.request({ method: 'POST', path: '/1/events', host: 'insights', body: { events: 'x' } as never });
    expect(emulator.journal.last!.events).toEqual([]);
    await emulator.pushEvents({ events: [view()] });
    expect(emulator.journal.last!.events).toEqual([view()]);
  });
});
