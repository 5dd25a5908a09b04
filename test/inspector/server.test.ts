import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server';

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serve(options: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer(options);
  servers.push(server);
  return server;
}

const control = async (server: RunningServer, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}/__emulator${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
};

describe('the inspector page', () => {
  it('is served at /_inspector with its script', async () => {
    const server = await serve();
    const page = await fetch(`${server.url}/_inspector`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toMatch(/<script src="\/_inspector\/app.js">/);
    const script = await fetch(`${server.url}/_inspector/app.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(10_000);
    expect((await fetch(`${server.url}/_inspector/other.js`)).status).toBe(404);
  });

  it("is off with inspector: false (the CLI's --no-inspector): the path answers as any unknown one", async () => {
    const server = await serve({ inspector: false });
    const res = await fetch(`${server.url}/_inspector`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 404 });
  });
});

describe('the inspector control endpoints', () => {
  it("answer the read model's slices and name the known ones on a typo", async () => {
    const server = await serve({ indexingDelay: 1000 });
    await server.emulator.saveObject({ indexName: 'products', body: { objectID: '1' } });
    expect(await control(server, 'GET', '/apps/TESTAPP/inspector/tasks')).toMatchObject({
      status: 200,
      body: { pending: [{ indexName: 'products', publishAt: '2024-01-01T00:00:01.000Z' }] },
    });
    expect(await control(server, 'GET', '/apps/TESTAPP/inspector/nope')).toMatchObject({
      status: 404,
      body: { message: expect.stringMatching(/No inspector view nope: one of overview, tasks/) },
    });
    expect((await control(server, 'GET', '/apps/NOAPP/inspector/overview')).status).toBe(404);
  });

  it('run reads internally: no journal entry, API-log line or analytics, and no fault applies', async () => {
    const server = await serve({ analyticsRefresh: 0 });
    const { emulator } = server;
    await emulator.saveObject({ indexName: 'products', body: { objectID: '1', name: 'phone' } });
    emulator.faults.down();
    const journal = emulator.journal.length;
    const read = (operation: string, params: object) =>
      control(server, 'POST', '/apps/TESTAPP/inspector/read', { operation, params });
    expect(await read('searchSingleIndex', { indexName: 'products', searchParams: { query: 'phone' } })).toMatchObject({
      status: 200,
      body: { nbHits: 1 },
    });
    for (let i = 0; i < 3; i++)
      expect((await read('getSearchesCount', { index: 'products' })).body).toMatchObject({ count: 0 });
    emulator.faults.clear();
    expect(emulator.journal.length).toBe(journal);
    expect((await emulator.getLogs()).logs.map((log) => log.url)).not.toContainEqual(expect.stringMatching(/query/));
    expect(await emulator.getSearchesCount({ index: 'products' })).toMatchObject({ count: 0 });
  });

  it('refuse a write operation and a malformed call with a 400 that says why', async () => {
    const server = await serve();
    expect(
      await control(server, 'POST', '/apps/TESTAPP/inspector/read', { operation: 'clearObjects', params: {} }),
    ).toMatchObject({ status: 400, body: { message: expect.stringMatching(/inspector's reads: listIndices/) } });
    expect(
      await control(server, 'POST', '/apps/TESTAPP/inspector/read', { operation: 'listIndices', params: [] }),
    ).toMatchObject({ status: 400, body: { message: expect.stringMatching(/`params` must be an object/) } });
  });

  it('stream the journal as server-sent events, from the entry asked for', async () => {
    const server = await serve();
    const { emulator } = server;
    await emulator.listIndices();
    const controller = new AbortController();
    const res = await fetch(`${server.url}/__emulator/apps/TESTAPP/journal/stream`, {
      signal: controller.signal,
      headers: { 'last-event-id': '0' },
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) text += (await reader.read()).value ?? '';
    };
    await until(/event: entry\ndata: .*"listIndices"/);
    expect(text).toMatch(/^retry: 1000\n\nid: 1\nevent: entry\n/);
    await emulator.getSettings({ indexName: 'nope' }).catch(() => undefined);
    await until(/id: 2\nevent: entry\ndata: .*"getSettings".*"status":404/);
    emulator.journal.clear();
    await until(/event: cleared/);
    controller.abort();
  });

  it('end the journal streams when the server closes', async () => {
    const server = await startServer();
    const res = await fetch(`${server.url}/__emulator/apps/TESTAPP/journal/stream`);
    const reading = res.text();
    await server.close();
    expect(await reading).toBe('retry: 1000\n\n');
  });

  it('list snapshots and remove a fault by ID', async () => {
    const server = await serve();
    const { body } = await control(server, 'POST', '/apps/TESTAPP/snapshots');
    expect(await control(server, 'GET', '/apps/TESTAPP/snapshots')).toEqual({
      status: 200,
      body: { snapshots: [{ snapshotId: body.snapshotId, takenAt: '2024-01-01T00:00:00.000Z' }] },
    });
    const { body: fault } = await control(server, 'POST', '/apps/TESTAPP/faults', { kind: 'down' });
    expect((await control(server, 'GET', '/apps/TESTAPP/faults')).body.faults).toEqual([
      { kind: 'down', id: fault.id, hits: 0, active: true },
    ]);
    expect(await control(server, 'DELETE', `/apps/TESTAPP/faults/${fault.id}`)).toEqual({
      status: 200,
      body: { removed: fault.id },
    });
    expect((await control(server, 'DELETE', `/apps/TESTAPP/faults/${fault.id}`)).status).toBe(404);
  });

  it("unlock only with the application's admin key", async () => {
    const server = await serve();
    expect(await control(server, 'POST', '/apps/TESTAPP/inspector/unlock', { adminApiKey: 'nope' })).toMatchObject({
      status: 403,
    });
    expect(
      await control(server, 'POST', '/apps/TESTAPP/inspector/unlock', { adminApiKey: server.emulator.adminApiKey }),
    ).toEqual({ status: 200, body: { unlocked: 'TESTAPP' } });
  });
});
