import { insightsClient } from '@algolia/client-insights';
import { algoliasearch } from 'algoliasearch';
import algoliasearchV4 from 'algoliasearch-v4';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startChild, type ChildServer } from './child';

/** Listens on `port` and closes again: the port's number once it is free. */
function listenOn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(port)));
  });
}

/** Polls `done` until it holds (a child server's state, seen over HTTP). */
async function waitFor(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setImmediate(resolve));
}

const ECOMMERCE = new URL('../../examples/fixtures/ecommerce', import.meta.url).pathname;

let server: ChildServer;
beforeAll(async () => {
  server = await startChild([
    '--app',
    'WORKER1:worker-key',
    '--indexing-delay',
    '2s',
    '--data',
    ECOMMERCE,
    '--verbose',
  ]);
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const hostsOf = (path = '') => [
  { url: `${server.host}${path}`, protocol: 'http' as const, accept: 'readWrite' as const },
];
const control = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}/__emulator${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};
const advance = (appId: string, by: string) => control('POST', `/apps/${appId}/clock/advance`, { by });

/** A raw request with any Host header (fetch does not let a caller set it). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the standalone server', () => {
  it('answers the v5 client with custom hosts, tasks on the fake clock driven through the control endpoints', async () => {
    const client = algoliasearch('SRVAPP', 'admin-api-key', { hosts: hostsOf() });
    const [{ taskID }] = await client.saveObjects({
      indexName: 'products',
      objects: [
        { objectID: '1', name: 'Phone' },
        { objectID: '2', name: 'Phone case' },
      ],
    });
    expect(await client.getTask({ indexName: 'products', taskID })).toEqual({
      status: 'notPublished',
      pendingTask: true,
    });
    expect((await advance('SRVAPP', '2s')).status).toBe(200);
    expect((await client.getTask({ indexName: 'products', taskID })).status).toBe('published');
    const { hits } = await client.searchSingleIndex<{ name: string }>({
      indexName: 'products',
      searchParams: { query: 'phon' },
    });
    // Equally relevant: objectID, descending.
    expect(hits.map((hit) => hit.name)).toEqual(['Phone case', 'Phone']);
    await expect(client.getObject({ indexName: 'products', objectID: 'nope' })).rejects.toMatchObject({
      status: 404,
      message: 'ObjectID does not exist',
    });
  });

  it('answers the v4 client with custom hosts', async () => {
    const client = algoliasearchV4('V4APP', 'admin-api-key', { hosts: [{ url: server.host, protocol: 'http' }] });
    const index = client.initIndex('books');
    await index.saveObjects([{ objectID: 'b1', title: 'Dune' }]);
    await advance('V4APP', '2s');
    const { hits } = await index.search<{ title: string }>('dun');
    expect(hits.map((hit) => hit.title)).toEqual(['Dune']);
  });

  it('reaches the other API families by path prefix or by their real Host header', async () => {
    const insights = insightsClient('SRVAPP', 'admin-api-key', undefined, { hosts: hostsOf('/insights') });
    const pushed = await insights.pushEvents({
      events: [{ eventType: 'view', eventName: 'Viewed', index: 'products', userToken: 'u1', objectIDs: ['1'] }],
    });
    expect(pushed).toEqual({ message: 'OK', status: 200 });
    const credentials = {
      'x-algolia-application-id': 'SRVAPP',
      'x-algolia-api-key': 'admin-api-key',
      'content-type': 'application/json',
    };
    const byHost = await raw('GET', '/1/strategies/personalization', {
      ...credentials,
      host: 'personalization.us.algolia.com',
    });
    expect(JSON.parse(byHost.body)).toEqual({ message: 'No personalization strategy is set', status: 404 });
    const byAppHost = await raw('GET', '/1/indexes', { ...credentials, host: 'SRVAPP-dsn.algolia.net' });
    expect(JSON.parse(byAppHost.body).items.map((item: { name: string }) => item.name)).toEqual(['products']);
    // Unprefixed paths find their family by themselves when only one has them.
    const byPath = await raw('POST', '/1/events', credentials, JSON.stringify({ events: [] }));
    expect(byPath.status).toBe(422);
    expect(JSON.parse(byPath.body)).toMatchObject({ status: 422 });
  });

  it('reads credentials from the query string, as browser builds of the clients send them', async () => {
    const res = await fetch(`${server.url}/1/indexes?x-algolia-application-id=SRVAPP&x-algolia-api-key=admin-api-key`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers CORS preflights for any origin with the headers asked for', async () => {
    const res = await raw('OPTIONS', '/1/indexes/products/batch', {
      origin: 'http://app.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-algolia-api-key, x-algolia-application-id, content-type',
    });
    expect(res.status).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'x-algolia-api-key, x-algolia-application-id, content-type',
    });
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('keeps one application per ID: state, clock and keys of their own', async () => {
    const declared = algoliasearch('WORKER1', 'worker-key', { hosts: hostsOf() });
    await declared.saveObject({ indexName: 'mine', body: { objectID: 'w1' } });
    const other = algoliasearch('WORKER2', 'admin-api-key', { hosts: hostsOf() });
    expect((await other.listIndices()).items).toEqual([]);
    await expect(algoliasearch('WORKER1', 'admin-api-key', { hosts: hostsOf() }).listIndices()).rejects.toMatchObject({
      status: 403,
    });
    await advance('WORKER1', '1h');
    const clocks = await Promise.all(
      ['WORKER1', 'WORKER2'].map(async (app) => (await control('GET', `/apps/${app}/clock`)).body.now),
    );
    expect(clocks).toEqual(['2024-01-01T01:00:00.000Z', '2024-01-01T00:00:00.000Z']);
    const { body } = await control('GET', '/apps');
    expect(body.apps.map((app: { appId: string }) => app.appId)).toEqual(
      expect.arrayContaining(['TESTAPP', 'WORKER1', 'WORKER2', 'SRVAPP']),
    );
  });

  it('creates a first-seen application only for a valid ID with the admin key; refuses the rest, creating nothing', async () => {
    const listed = async () => (await control('GET', '/apps')).body.apps.map((app: { appId: string }) => app.appId);
    const wrong = algoliasearch('NEWAPP1', 'production-key', { hosts: hostsOf() });
    await expect(wrong.listIndices()).rejects.toMatchObject({
      status: 403,
      message:
        'Invalid Application-ID or API key: application NEWAPP1 does not exist on this server, and a request ' +
        "creates it only with a valid ID (letters and digits) and the server's admin API key (--api-key)",
    });
    const invalid = await raw('GET', '/1/indexes', {
      'x-algolia-application-id': 'NEW_APP',
      'x-algolia-api-key': 'admin-api-key',
    });
    expect(invalid.status).toBe(403);
    expect(JSON.parse(invalid.body)).toMatchObject({
      status: 403,
      message: expect.stringMatching(/NEW_APP does not exist/),
    });
    expect(await listed()).not.toEqual(expect.arrayContaining(['NEWAPP1']));
    expect((await listed()).some((id: string) => /NEW_?APP/i.test(id))).toBe(false);
    // The same ID with the admin key: created, and from then on a wrong key is the gate's usual 403.
    expect((await algoliasearch('NEWAPP1', 'admin-api-key', { hosts: hostsOf() }).listIndices()).items).toEqual([]);
    expect(await listed()).toContain('NEWAPP1');
    await expect(wrong.listIndices()).rejects.toMatchObject({
      status: 403,
      message: 'Invalid Application-ID or API key',
    });
  });

  it('isolates parallel workers by application ID alone', async () => {
    const workers = Array.from({ length: 6 }, (_, i) => `PAR${i}`);
    await Promise.all(
      workers.map(async (appId, i) => {
        const client = algoliasearch(appId, 'admin-api-key', { hosts: hostsOf() });
        for (let n = 0; n <= i; n++)
          await client.saveObject({ indexName: 'shared-name', body: { objectID: `${appId}-${n}`, owner: appId } });
      }),
    );
    await Promise.all(workers.map((appId) => advance(appId, '2s')));
    const seen = await Promise.all(
      workers.map(async (appId) => {
        const client = algoliasearch(appId, 'admin-api-key', { hosts: hostsOf() });
        const { hits } = await client.searchSingleIndex<{ owner: string }>({
          indexName: 'shared-name',
          searchParams: { query: '' },
        });
        return hits.map((hit) => hit.owner);
      }),
    );
    expect(seen).toEqual(workers.map((appId, i) => Array(i + 1).fill(appId)));
  });

  it('loads --data into the default application and dumps it back through the control endpoints', async () => {
    const client = algoliasearch('TESTAPP', 'admin-api-key', { hosts: hostsOf() });
    const { items } = await client.listIndices();
    expect(items.map((item) => [item.name, item.entries]).sort()).toEqual([
      ['articles', 99],
      ['faq', 15],
      ['products', 0],
      ['products_query_suggestions', 0],
    ]);
    const dumped = await control('GET', '/apps/TESTAPP/dump');
    expect(dumped.body.indices.faq.records).toHaveLength(15);
    const loaded = await control('POST', '/apps/ROUNDTRIP/load', dumped.body);
    expect(loaded.status).toBe(404); // not created by a control call: declare it first
    expect((await control('POST', '/apps', { appId: 'ROUNDTRIP' })).status).toBe(200);
    expect((await control('POST', '/apps/ROUNDTRIP/load', dumped.body)).body.indices.articles.records).toBe(99);
    expect((await control('GET', '/apps/ROUNDTRIP/dump')).body).toEqual(dumped.body);
  });

  it('snapshots, restores and resets an application', async () => {
    expect((await control('POST', '/apps', { appId: 'SNAPAPP' })).status).toBe(200);
    const client = algoliasearch('SNAPAPP', 'admin-api-key', { hosts: hostsOf() });
    await client.saveObject({ indexName: 'a', body: { objectID: '1' } });
    await advance('SNAPAPP', '2s');
    const { body: snap } = await control('POST', '/apps/SNAPAPP/snapshots');
    await client.deleteIndex({ indexName: 'a' });
    await advance('SNAPAPP', '2s');
    expect((await client.listIndices()).items).toEqual([]);
    expect((await control('POST', `/apps/SNAPAPP/snapshots/${snap.snapshotId}/restore`)).status).toBe(200);
    expect((await client.listIndices()).items.map((item) => item.name)).toEqual(['a']);
    await control('POST', '/apps/SNAPAPP/reset');
    expect((await client.listIndices()).items).toEqual([]);
  });

  it('resets an application to its start, clock included, unless told to keep the clock', async () => {
    expect((await control('POST', '/apps', { appId: 'RESETAPP' })).status).toBe(200);
    await advance('RESETAPP', '1d');
    expect(await control('POST', '/apps/RESETAPP/reset', { keepClock: true })).toEqual({
      status: 200,
      body: { reset: 'RESETAPP', now: '2024-01-02T00:00:00.000Z' },
    });
    expect(await control('POST', '/apps/RESETAPP/reset')).toEqual({
      status: 200,
      body: { reset: 'RESETAPP', now: '2024-01-01T00:00:00.000Z' },
    });
    await advance('RESETAPP', '1h');
    for (const [body, message] of [
      [{ keepClock: 'yes' }, '`keepClock` must be a boolean, got "yes"'],
      [{ keepclock: true }, 'A reset takes no body or {"keepClock": true}, got {"keepclock":true}'],
      [[true], 'A reset takes no body or {"keepClock": true}, got [true]'],
    ] as const) {
      expect(await control('POST', '/apps/RESETAPP/reset', body)).toEqual({
        status: 400,
        body: { status: 400, message },
      });
    }
    expect((await control('GET', '/apps/RESETAPP/clock')).body.now).toBe('2024-01-01T01:00:00.000Z');
  });

  it.each([
    ['POST', '/apps/TESTAPP/clock/advance', { by: 'soon' }, 400, /Invalid duration "soon"/],
    ['POST', '/apps/TESTAPP/clock/advance', {}, 400, /`by` is required/],
    ['POST', '/apps/TESTAPP/clock/set', { to: 'yesterday' }, 400, /Invalid time/],
    ['GET', '/apps/NOSUCHAPP/clock', undefined, 404, 'Application NOSUCHAPP does not exist on this server'],
    ['POST', '/apps/TESTAPP/snapshots/TESTAPP-999/restore', undefined, 404, /Snapshot TESTAPP-999 does not exist/],
    ['POST', '/apps', { appId: 'TESTAPP' }, 409, 'Application TESTAPP exists already'],
    ['POST', '/apps', { appId: 'bad id!' }, 400, /`appId` is required/],
    ['POST', '/apps/TESTAPP/load', { indices: { x: { records: 'no' } } }, 400, 'indices.x.records must be an array'],
    ['GET', '/nothing-here', undefined, 404, /No control endpoint \/__emulator\/nothing-here/],
    ['DELETE', '/apps/TESTAPP/clock', undefined, 404, /Method DELETE is not allowed/],
  ])('control %s %s refuses bad input with a JSON message', async (method, path, body, status, message) => {
    const res = await control(method, path, body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({
      message: typeof message === 'string' ? message : expect.stringMatching(message),
      status,
    });
  });

  it('loses no state on a bad request: invalid JSON or gzip, an unknown path, a body over the limit', async () => {
    const before = (await control('GET', '/apps/TESTAPP/dump')).body;
    const credentials = { 'x-algolia-application-id': 'TESTAPP', 'x-algolia-api-key': 'admin-api-key' };
    const invalid = await fetch(`${server.url}/1/indexes/faq/batch`, {
      method: 'POST',
      headers: credentials,
      body: '{"requests": [',
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ status: 400, message: expect.stringMatching(/^Invalid JSON/) });
    const notGzip = await raw(
      'POST',
      '/1/indexes/faq/batch',
      { ...credentials, 'content-encoding': 'gzip', 'content-type': 'application/json' },
      '{"requests": []}',
    );
    expect(notGzip.status).toBe(400);
    expect(JSON.parse(notGzip.body)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Invalid gzip body/),
    });
    const unknown = await fetch(`${server.url}/nowhere/at/all`, { headers: credentials });
    expect(unknown.status).toBe(404);
    expect((await control('GET', '/apps/TESTAPP/dump')).body).toEqual(before);
  });

  it('prints one line per request with --verbose', () => {
    expect(server.output).toContainEqual(
      expect.stringMatching(/^POST \/1\/indexes\/products\/batch 200 SRVAPP search$/),
    );
  });
});

describe('the command line', () => {
  it('refuses a body over --max-body with a 413', async () => {
    const small = await startChild(['--max-body', '100']);
    try {
      const res = await fetch(`${small.url}/1/indexes/a/batch`, {
        method: 'POST',
        headers: { 'x-algolia-application-id': 'TESTAPP', 'x-algolia-api-key': 'admin-api-key' },
        body: JSON.stringify({ requests: [{ action: 'addObject', body: { text: 'x'.repeat(200) } }] }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        status: 413,
        message: expect.stringMatching(/over this server's limit of 100 bytes/),
      });
    } finally {
      expect(await small.stop()).toBe(0);
    }
  });

  it('serves --clock system from the host time and stops on SIGTERM', async () => {
    const system = await startChild(['--clock', 'system']);
    const { now } = await (await fetch(`${system.url}/__emulator/apps/TESTAPP/clock`)).json();
    expect(new Date(now).getUTCFullYear()).toBeGreaterThanOrEqual(2025);
    expect(await system.stop()).toBe(0);
    expect(system.output).toContain('SIGTERM: closing');
    await expect(fetch(`${system.url}/__emulator`)).rejects.toThrow();
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops on %s with a kept-alive connection and an answer a fault holds; the port is free after',
    async (signal) => {
      const child = await startChild();
      const port = Number(new URL(child.url).port);
      const agent = new Agent({ keepAlive: true });
      const get = (path: string) =>
        new Promise<number | string>((resolve) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port,
              path,
              agent,
              headers: { 'x-algolia-application-id': 'TESTAPP', 'x-algolia-api-key': 'admin-api-key' },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            },
          );
          req.on('error', (error) => resolve(error.message));
          req.end();
        });
      expect(await get('/1/indexes')).toBe(200); // the connection stays open, idle
      await fetch(`${child.url}/__emulator/apps/TESTAPP/faults`, {
        method: 'POST',
        body: JSON.stringify({ kind: 'latency', latency: '1h', operation: 'listIndices' }),
      });
      const held = get('/1/indexes'); // waits for the clock, which nothing moves
      await waitFor(
        async () => (await (await fetch(`${child.url}/__emulator/apps/TESTAPP/faults`)).json()).waiting === 1,
      );
      child.child.kill(signal);
      expect(await child.exited).toBe(0);
      expect(await held).toMatch(/socket hang up|ECONNRESET/);
      expect(child.output).toContain(`${signal}: closing`);
      await expect(listenOn(port)).resolves.toBe(port);
      agent.destroy();
    },
  );

  it("stops when npm's shell goes: npx runs it under `sh -c`, which dies of a SIGTERM sent to npx alone", async () => {
    // As npm runs a bin: a shell that does not exec it (`; true`), npm's environment.
    const bin = new URL('../../bin/search-emulator.js', import.meta.url).pathname;
    const shell = spawn('sh', ['-c', `"${process.execPath}" "${bin}" serve --port 0; true`], {
      env: { ...process.env, npm_command: 'exec' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const closed = new Promise<void>((resolve) => shell.stdout.on('close', resolve)); // the server's end of the pipe too
    const port = await new Promise<number>((resolve) =>
      shell.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const found = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (found) resolve(Number(found[1]));
      }),
    );
    shell.kill('SIGTERM'); // the shell dies without passing it on; the server is left alone
    await closed;
    expect(output).toContain('its parent (npm) exited: closing');
    await expect(listenOn(port)).resolves.toBe(port);
  });

  it('prints its version with --version', async () => {
    const { code, output } = await runCli(['--version']);
    expect(code).toBe(0);
    expect(output.trim()).toBe(
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version,
    );
  });

  it('--advance-on-task-poll: the client waits for its tasks under --indexing-delay, the clock moves to each', async () => {
    const child = await startChild(['--indexing-delay', '10s', '--advance-on-task-poll']);
    try {
      const client = algoliasearch('TESTAPP', 'admin-api-key', {
        hosts: [{ url: child.host, protocol: 'http', accept: 'readWrite' }],
      });
      await client.saveObjects({
        indexName: 'products',
        objects: [{ objectID: '1', name: 'Phone' }],
        waitForTasks: true,
      });
      expect((await client.searchSingleIndex({ indexName: 'products' })).nbHits).toBe(1);
      const { now } = await (await fetch(`${child.url}/__emulator/apps/TESTAPP/clock`)).json();
      expect(now).toBe('2024-01-01T00:00:10.000Z');
    } finally {
      expect(await child.stop()).toBe(0);
    }
  });

  it('warns that --advance-on-task-poll does nothing without --indexing-delay', async () => {
    const child = await startChild(['--advance-on-task-poll']);
    expect(await child.stop()).toBe(0);
    expect(child.output).toContain(
      'search-emulator: --advance-on-task-poll does nothing without --indexing-delay (writes are published at once)',
    );
  });

  it.each([
    [['serve', '--clock', 'sundial'], /--clock is fake or system, got "sundial"/],
    [['serve', '--port', 'http'], /--port must be a port number/],
    [['serve', '--clock', 'system', '--now', '2024-01-01'], /--now sets the start of the fake clock/],
    [['serve', '--colour'], /Unknown option '--colour'/],
    [['start'], /Usage: search-emulator serve/],
    [['serve', '--app', 'bad id!'], /--app "bad id!": `appId` is required: letters and digits/],
    [['serve', '--app', 'WORKER_1'], /--app "WORKER_1": `appId` is required: letters and digits/],
    [['serve', '--app', 'WORKER1:'], /--app "WORKER1:": `apiKey` must be a non-empty string/],
    [['serve', '--app', ':key'], /--app ":key": `appId` is required/],
    [['serve', '--app-id', 'my-app'], /--app-id "my-app": `appId` is required: letters and digits/],
    [['serve', '--app', 'TWICE', '--app', 'twice:k'], /Application twice exists already/],
    [['serve', '--app', 'TESTAPP'], /Application TESTAPP exists already/],
  ])('exits 2 with a message for %j', async (args, message) => {
    const { code, output } = await runCli(args);
    expect(code).toBe(2);
    expect(output).toMatch(message);
  });

  it('prints its options with --help', async () => {
    const { code, output } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(output).toMatch(/--data <path>/);
  });
});
