import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();
/** Timeouts short enough that a test waiting on the client's own timers stays fast. */
const QUICK = { timeouts: { connect: 5, read: 5, write: 5 } };

describe.each(SURFACES)('injected faults (%s)', (surface) => {
  it('answers 5xx for the next N requests of an operation, then recovers; other operations are untouched', async () => {
    const { emulator, api } = open(surface);
    await api.saveObject({ indexName: 'p', body: { objectID: '1', name: 'phone' } });
    const fault = emulator.faults.error(503, { operation: 'searchSingleIndex', times: 2 });
    if (surface === 'direct') {
      // A direct call is one request: it meets each failure.
      await expect(api.searchSingleIndex({ indexName: 'p', searchParams: { query: 'phone' } })).rejects.toMatchObject({
        status: 503,
        message: 'Service Unavailable',
      });
      await expect(api.searchSingleIndex({ indexName: 'p', searchParams: { query: 'phone' } })).rejects.toMatchObject({
        status: 503,
      });
    }
    // The official client retries a 5xx on its next host: two failures, then the answer.
    await expect(api.searchSingleIndex({ indexName: 'p', searchParams: { query: 'phone' } })).resolves.toMatchObject({
      nbHits: 1,
    });
    expect(fault.hits).toBe(2);
    expect(fault.active).toBe(false);
    await expect(api.getObject({ indexName: 'p', objectID: '1' })).resolves.toMatchObject({ name: 'phone' });
    const searches = emulator.journal.of('searchSingleIndex');
    expect(searches.map((e) => [e.status, e.served, e.fault?.kind])).toEqual([
      [503, false, 'status'],
      [503, false, 'status'],
      [200, true, undefined],
    ]);
    expect(searches[0].response).toEqual({ message: 'Service Unavailable', status: 503 });
  });

  it('a host family down fails every request to it with a network error; other families still answer', async () => {
    const { emulator, api, client } = open(surface);
    emulator.faults.down({ host: 'insights' });
    const insights = surface === 'direct' ? emulator : client.initInsights({ region: 'us', ...QUICK });
    const event = { eventType: 'view', eventName: 'Viewed', index: 'p', userToken: 'u1', objectIDs: ['1'] };
    await expect((insights as typeof emulator).pushEvents({ events: [event] as never })).rejects.toMatchObject({
      message: expect.stringMatching(/^Unreachable hosts/),
    });
    await expect(api.listIndices()).resolves.toMatchObject({ items: [] });
    const refused = emulator.journal.of('pushEvents');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e.status === 0 && !e.served && e.fault?.kind === 'down')).toBe(true);
    // The service never saw the events.
    expect(emulator.core.state.analytics.events).toHaveLength(0);
  });

  it('answers 429 with Retry-After', async () => {
    const { emulator, api } = open(surface);
    emulator.faults.rateLimit({ operation: 'listIndices', retryAfter: 30 });
    const call =
      surface === 'direct'
        ? api.listIndices()
        : algoliasearch(emulator.appId, emulator.adminApiKey, { maxRateLimitRetries: 0 } as never).listIndices();
    await expect(call).rejects.toMatchObject({ status: 429, message: 'Too many requests' });
    const res = await emulator.request({ method: 'GET', path: '/1/indexes' });
    expect(res).toMatchObject({
      status: 429,
      headers: { 'retry-after': '30' },
      body: { message: 'Too many requests', status: 429 },
    });
  });

  it('sends Retry-After: 1 on a 429 unless told otherwise, and none on other statuses', async () => {
    const { emulator } = open(surface);
    const answer = () => emulator.request({ method: 'GET', path: '/1/indexes' });
    emulator.faults.rateLimit({ operation: 'listIndices', times: 1 });
    expect((await answer()).headers).toMatchObject({ 'retry-after': '1' });
    emulator.faults.error(429, { operation: 'listIndices', times: 1 });
    expect((await answer()).headers).toMatchObject({ 'retry-after': '1' });
    emulator.faults.rateLimit({ operation: 'listIndices', times: 1, retryAfter: 0 });
    expect((await answer()).headers).toMatchObject({ 'retry-after': '0' });
    emulator.faults.error(503, { operation: 'listIndices', times: 1 });
    const unavailable = await answer();
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers).not.toHaveProperty('retry-after');
    // Over the wire (msw), the header the client's retry reads.
    emulator.faults.rateLimit({ operation: 'listIndices', times: 1 });
    const wire = await fetch(`https://${emulator.appId.toLowerCase()}-dsn.algolia.net/1/indexes`, {
      headers: { 'x-algolia-application-id': emulator.appId, 'x-algolia-api-key': emulator.adminApiKey },
    });
    expect([wire.status, wire.headers.get('retry-after')]).toEqual([429, '1']);
  });

  it('holds an answer on the fake clock: the operation runs on arrival, the answer comes when the clock has moved', async () => {
    const { emulator, api } = open(surface);
    emulator.faults.latency('2s', { operation: 'saveObject' });
    let answered = false;
    const pending = api.saveObject({ indexName: 'p', body: { objectID: '1' } }).then((res: unknown) => {
      answered = true;
      return res;
    });
    await emulator.faults.whenWaiting();
    // Already applied: the service is slow to answer, not to write.
    expect(await emulator.getObject({ indexName: 'p', objectID: '1' })).toEqual({ objectID: '1' });
    emulator.clock.advance('1999ms');
    await Promise.resolve();
    expect(answered).toBe(false);
    expect(emulator.faults.waiting).toBe(1);
    emulator.clock.advance('1ms');
    await expect(pending).resolves.toMatchObject({ objectID: '1' });
    expect(emulator.faults.waiting).toBe(0);
    const entry = emulator.journal.of('saveObject')[0];
    expect(entry.fault).toEqual({ kind: 'latency', id: 1, latency: 2000 });
    expect(entry.at).toBe(Date.parse('2024-01-01T00:00:00Z'));
  });

  it('draws a fraction of failures from the seeded generator: the same seed fails the same requests', async () => {
    const run = async (seed: string) => {
      const { emulator, api } = open(surface, { seed });
      emulator.faults.error(500, { rate: 0.5, operation: 'listIndices' });
      const outcomes: number[] = [];
      for (let i = 0; i < 24; i++)
        outcomes.push(
          await api.listIndices().then(
            () => 200,
            (error: { status?: number }) => error.status ?? 0,
          ),
        );
      return { outcomes, journal: emulator.journal.of('listIndices').map((e) => e.status) };
    };
    const first = await run('one');
    expect(await run('one')).toEqual(first);
    expect((await run('two')).journal).not.toEqual(first.journal);
    // About half the requests fail (the client's retries are requests too).
    const share = first.journal.filter((status) => status === 500).length / first.journal.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.8);
  });
});

describe('faults and determinism', () => {
  it('drawing faults never shifts the IDs the emulator hands out', async () => {
    const ids = async (withFaults: boolean) => {
      const emulator = createEmulator({ seed: 'ids' });
      if (withFaults) emulator.faults.error(500, { rate: 0.5, operation: 'listIndices' });
      const out: unknown[] = [];
      for (let i = 0; i < 5; i++) {
        await emulator.listIndices().catch(() => undefined);
        const saved = await emulator.saveObject({ indexName: 'i', body: { n: i } });
        out.push(saved.objectID, saved.taskID);
      }
      return out;
    };
    expect(await ids(true)).toEqual(await ids(false));
  });

  it('reset() removes the faults, lets held answers go and restarts the draws', async () => {
    const emulator = createEmulator();
    emulator.faults.latency('1h');
    const pending = emulator.listIndices();
    await emulator.faults.whenWaiting();
    emulator.reset();
    await expect(pending).rejects.toMatchObject({ status: 0 });
    expect(emulator.faults.list).toEqual([]);
    await expect(emulator.listIndices()).resolves.toMatchObject({ items: [] });
  });

  it('a handle removes its fault; clear() removes them all', async () => {
    const emulator = createEmulator();
    const down = emulator.faults.down({ operation: 'listIndices' });
    await expect(emulator.listIndices()).rejects.toMatchObject({ status: 0 });
    down.remove();
    await expect(emulator.listIndices()).resolves.toBeDefined();
    emulator.faults.error(500);
    emulator.faults.error(502);
    expect(emulator.faults.list.map((f) => f.kind === 'status' && f.status)).toEqual([500, 502]);
    emulator.faults.clear();
    await expect(emulator.listIndices()).resolves.toBeDefined();
  });

  it('keeps when each fault could act, on the clock: added, removed, spent or cleared', async () => {
    const emulator = createEmulator();
    const start = emulator.clock.now();
    const removed = emulator.faults.down({ operation: 'listIndices' });
    emulator.faults.error(503, { operation: 'listIndices', times: 1 });
    emulator.faults.latency('1s', { host: 'insights' });
    emulator.clock.advance('1m');
    removed.remove();
    emulator.clock.advance('1m');
    await expect(emulator.listIndices()).rejects.toMatchObject({ status: 503 });
    emulator.clock.advance('1m');
    emulator.faults.clear();
    expect(emulator.faults.episodes.map(({ id, from, to }) => [id, from - start, to! - start])).toEqual([
      [1, 0, 60_000],
      [2, 0, 120_000],
      [3, 0, 180_000],
    ]);
  });

  it('refuses a fault it cannot apply, saying why', () => {
    const { faults } = createEmulator();
    expect(() => faults.add({ kind: 'nope' } as never)).toThrow(
      /A fault needs a kind: one of down, timeout, status, latency/,
    );
    expect(() => faults.error(200)).toThrow(/fault.status must be an error status \(400-599\), got 200/);
    expect(() => faults.down({ times: 0 })).toThrow(/fault.times must be a positive integer/);
    expect(() => faults.down({ rate: 1.5 })).toThrow(/fault.rate must be a number in \(0, 1\]/);
    // @ts-expect-error: not a duration
    expect(() => faults.latency('soon')).toThrow(/Invalid duration "soon"/);
    expect(() => faults.timeout({ phase: 'read' as never })).toThrow(/fault.phase must be 'connect' or 'response'/);
    expect(() => faults.rateLimit({ retryAfter: 1.5 })).toThrow(/fault.retryAfter is whole seconds/);
  });

  it('refuses a scope or a field that would break every request, or never act', () => {
    const emulator = createEmulator();
    const { faults } = emulator;
    expect(() => faults.down({ hostname: { source: 'x' } as never })).toThrow(
      new TypeError('fault.hostname must be a host name (string) or a RegExp, got {"source":"x"}'),
    );
    expect(() => faults.error(503, { message: 5 as never })).toThrow(
      new TypeError('fault.message must be a string, got 5'),
    );
    expect(() => faults.latency({ seconds: 'x' as never })).toThrow(
      /^fault.latency must be a duration of 0 or more .* got \{"seconds":"x"\}$/,
    );
    expect(() => faults.error(503, { latency: -5 })).toThrow(RangeError);
    expect(() => faults.add({ kind: 'latency' } as never)).toThrow(new TypeError('fault.latency is required'));
    // @ts-expect-error: a typo fails to compile, and is refused at run time
    expect(() => faults.error(503, { operation: 'saveObjet' })).toThrow(
      new TypeError('fault.operation: no route is named "saveObjet" (did you mean "saveObject"?)'),
    );
    // @ts-expect-error: no such operation
    expect(() => faults.down({ operation: ['listIndices', 'nothingLikeAnyRoute'] })).toThrow(
      new TypeError('fault.operation: no route is named "nothingLikeAnyRoute"'),
    );
    expect(() => faults.down({ host: 'serach' as never })).toThrow(
      /^fault.host "serach" is no host family: one of search, /,
    );
    // Nothing was added, and the next fault is still the first.
    expect(faults.list).toEqual([]);
    expect(faults.down({ hostname: /-dsn\./, host: ['search', 'insights'], operation: 'listIndices' }).id).toBe(1);
  });

  it('still serves requests after refusing a bad fault', async () => {
    const emulator = createEmulator();
    expect(() => emulator.faults.down({ hostname: { source: 'x' } as never })).toThrow(TypeError);
    await expect(emulator.listIndices()).resolves.toMatchObject({ items: [] });
  });

  it('a timeout reaches a direct call at once as no host answering; a response timeout still ran the operation', async () => {
    const emulator = createEmulator();
    emulator.faults.timeout({ operation: 'saveObject', phase: 'response', times: 1 });
    await expect(emulator.saveObject({ indexName: 'i', body: { objectID: '1' } })).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/^Unreachable hosts/),
    });
    expect(await emulator.getObject({ indexName: 'i', objectID: '1' })).toEqual({ objectID: '1' });
    emulator.faults.timeout({ operation: 'saveObject' });
    await expect(emulator.saveObject({ indexName: 'i', body: { objectID: '2' } })).rejects.toMatchObject({ status: 0 });
    await expect(emulator.getObject({ indexName: 'i', objectID: '2' })).rejects.toMatchObject({ status: 404 });
    expect(emulator.journal.of('saveObject').map((e) => [e.served, e.fault?.phase])).toEqual([
      [true, 'response'],
      [false, 'connect'],
    ]);
  });
});
