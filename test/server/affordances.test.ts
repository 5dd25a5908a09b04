import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RequestLine, type RunningServer } from '../../src/server';

// The test affordances over real HTTP: faults decided by the same dispatch(), rendered on a
// socket; the journal, faults and explainer reachable through the control endpoints.
let server: RunningServer;
/** What `--verbose` prints, one line per request. */
const lines: RequestLine[] = [];
beforeAll(async () => {
  server = await startServer({ port: 0, onRequest: (line) => lines.push(line) });
});
/** The lines of the listIndices requests so far, as status and failure. */
const listed = () => lines.filter((line) => line.path === '/1/indexes').map((line) => [line.status, line.failure]);
afterAll(async () => {
  server.emulator.faults.clear();
  await server.close();
});

const control = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}/__emulator/apps/TESTAPP${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};
/** The official client against the server, twice listed: a retry goes to the "next host". */
const client = (timeouts = { connect: 2000, read: 5000, write: 30000 }) => {
  const host = { url: server.url.replace('http://', ''), protocol: 'http' as const, accept: 'readWrite' as const };
  return algoliasearch('TESTAPP', 'admin-api-key', { hosts: [host, host], timeouts });
};

describe('test affordances over the standalone server', () => {
  it('files requests in the journal, read and cleared through the control endpoints', async () => {
    server.emulator.reset();
    await client().saveObject({ indexName: 'p', body: { objectID: '1', name: 'phone' } });
    await client().searchSingleIndex({ indexName: 'p', searchParams: { query: 'phone' } });
    const { body } = await control('GET', '/journal');
    expect(
      body.entries.map((e: { operation: string; status: number; served: boolean }) => [
        e.operation,
        e.status,
        e.served,
      ]),
    ).toEqual([
      ['saveObject', 201, true],
      ['searchSingleIndex', 200, true],
    ]);
    expect(body.entries[1].queries).toEqual([{ indexName: 'p', query: 'phone' }]);
    // Requests through the server are the application's traffic: the matchers count them.
    expect(body.entries.map((e: { surface: string }) => e.surface)).toEqual(['server', 'server']);
    expect((await control('DELETE', '/journal')).status).toBe(200);
    expect(server.emulator.journal.length).toBe(0);
  });

  it('answers a 5xx fault added through the control endpoint; the client retries it', async () => {
    server.emulator.reset();
    expect(
      await control('POST', '/faults', { kind: 'status', status: 503, operation: 'listIndices', times: 1 }),
    ).toEqual({ status: 200, body: { id: 1 } });
    await expect(client().listIndices()).resolves.toMatchObject({ items: [] });
    expect(server.emulator.journal.entries.map((e) => e.status)).toEqual([503, 200]);
    expect(await control('POST', '/faults', { kind: 'status', status: 200 })).toEqual({
      status: 400,
      body: { status: 400, message: 'fault.status must be an error status (400-599), got 200' },
    });
    // Each fault with its ID and what it did: this one acted once and is used up; the refused one is not there.
    expect((await control('GET', '/faults')).body).toEqual({
      faults: [{ kind: 'status', status: 503, operation: 'listIndices', times: 1, id: 1, hits: 1, active: false }],
      waiting: 0,
    });
    expect((await control('POST', '/faults', { kind: 'down', host: 'insights' })).body).toEqual({ id: 2 });
    expect(
      (await control('GET', '/faults')).body.faults.map((f: { id: number; active: boolean }) => [f.id, f.active]),
    ).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await control('DELETE', '/faults')).status).toBe(200);
    expect((await control('GET', '/faults')).body).toEqual({ faults: [], waiting: 0 });
  });

  it('refuses a fault that would break every request or never act, with a 400 saying why', async () => {
    server.emulator.reset();
    for (const [spec, message] of [
      [{ kind: 'down', hostname: { source: 'x' } }, 'fault.hostname must be a host name (string) or a RegExp'],
      [{ kind: 'status', status: 503, message: 5 }, 'fault.message must be a string'],
      [{ kind: 'latency', latency: { seconds: 'x' } }, 'fault.latency must be a duration of 0 or more'],
      [{ kind: 'status', status: 503, operation: 'saveObjet' }, 'fault.operation: no route is named "saveObjet"'],
      [{ kind: 'down', host: 'serach' }, 'fault.host "serach" is no host family'],
    ] as const) {
      expect(await control('POST', '/faults', spec)).toEqual({
        status: 400,
        body: { status: 400, message: expect.stringContaining(message) },
      });
    }
    expect((await control('GET', '/faults')).body).toEqual({ faults: [], waiting: 0 });
    await expect(client().listIndices()).resolves.toMatchObject({ items: [] });
  });

  it('a host down closes the connection: the client sees a network error', async () => {
    server.emulator.reset();
    server.emulator.faults.down({ operation: 'listIndices' });
    const error = await client()
      .listIndices()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'RetryError', message: expect.stringMatching(/^Unreachable hosts/) });
    const tried = (error as { stackTrace: { response: { status: number; isTimedOut: boolean } }[] }).stackTrace;
    expect(tried.map((frame) => [frame.response.status, frame.response.isTimedOut])).toEqual([
      [0, false],
      [0, false],
    ]);
    // --verbose still prints them.
    expect(listed().slice(-2)).toEqual([
      [0, 'network error'],
      [0, 'network error'],
    ]);
  });

  it("timeouts: no answer, or a head without a body, until the client's own timer gives up", async () => {
    server.emulator.reset();
    server.emulator.faults.timeout({ operation: 'listIndices', phase: 'connect', times: 1 });
    server.emulator.faults.timeout({ operation: 'listIndices', phase: 'response', times: 1 });
    // The client's real timers: the head of the response-timeout answer must beat `connect` even on a
    // busy machine (child servers starting beside this test), so it gets more room than `read`.
    const error = await client({ connect: 400, read: 20, write: 20 })
      .listIndices()
      .catch((caught: unknown) => caught);
    const tried = (error as { stackTrace: { response: { content: string; isTimedOut: boolean } }[] }).stackTrace;
    expect(tried.map((frame) => [frame.response.content, frame.response.isTimedOut])).toEqual([
      ['Connection timeout', true],
      ['Socket timeout', true],
    ]);
    expect(server.emulator.journal.entries.map((e) => [e.fault?.phase, e.served])).toEqual([
      ['connect', false],
      ['response', true],
    ]);
    // The connect timeout's line comes when the client closes the socket: either may print first.
    expect(listed().slice(-2)).toHaveLength(2);
    expect(listed().slice(-2)).toEqual(
      expect.arrayContaining([
        [0, 'network error'],
        [200, 'no body'],
      ]),
    );
  });

  it('a slow answer waits for the fake clock, moved through the control endpoint', async () => {
    server.emulator.reset();
    server.emulator.faults.latency('5s', { operation: 'listIndices' });
    const pending = client().listIndices();
    await server.emulator.faults.whenWaiting();
    expect((await control('GET', '/faults')).body.waiting).toBe(1);
    await fetch(`${server.url}/__emulator/apps/TESTAPP/clock/advance`, {
      method: 'POST',
      body: JSON.stringify({ by: '5s' }),
    });
    await expect(pending).resolves.toMatchObject({ items: [] });
  });

  it('explains a ranking through the control endpoint', async () => {
    server.emulator.reset();
    await client().saveObjects({
      indexName: 'p',
      objects: [
        { objectID: '1', name: 'phone' },
        { objectID: '2', name: 'phone case' },
      ],
    });
    const { status, body } = await control('POST', '/explain', { indexName: 'p', objectID: '2', query: 'phone' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ found: true, position: 1, above: { objectID: '1', decidedBy: 'exact' } });
    expect((await control('POST', '/explain', { indexName: 'nope', objectID: '1' })).body).toEqual({
      status: 404,
      message: 'Index does not exist',
    });
  });
});
