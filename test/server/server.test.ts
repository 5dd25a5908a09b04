import { insightsClient } from '@algolia/client-insights';
import { algoliasearch } from 'algoliasearch';
import algoliasearchV4 from 'algoliasearch-v4';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startChild, type ChildServer } from './child';

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

  it.each([
    [['serve', '--clock', 'sundial'], /--clock is fake or system, got "sundial"/],
    [['serve', '--port', 'http'], /--port must be a port number/],
    [['serve', '--clock', 'system', '--now', '2024-01-01'], /--now sets the start of the fake clock/],
    [['serve', '--colour'], /Unknown option '--colour'/],
    [['start'], /Usage: search-emulator serve/],
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
