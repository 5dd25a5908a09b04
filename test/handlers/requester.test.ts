import { algoliasearch } from 'algoliasearch';
import algoliasearchV4 from 'algoliasearch-v4';
import { describe, expect, it } from 'vitest';
import { createEmulator, createRequester, type EmulatorOptions, type RequesterRequest } from '../../src';
import { setupEmulatorServer } from '../support/server';

const OPTIONS: EmulatorOptions = {
  appId: 'REQAPP',
  adminApiKey: 'req-admin',
  seed: 7,
  indexingDelay: '1s',
  analyticsRefresh: 'immediate',
};
const env = setupEmulatorServer(OPTIONS);

/** The clients' options: none over msw, the requester in-process. */
type ClientOptions = Parameters<typeof algoliasearch>[2];

/** A session touching several hosts and answers: writes, a pending task, search, a 404, insights, analytics. */
async function session(options: ClientOptions, advance: (ms: number) => void): Promise<unknown[]> {
  const client = algoliasearch('REQAPP', 'req-admin', options);
  const out: unknown[] = [];
  const settle = async <T>(promise: Promise<T>) => {
    try {
      out.push(await promise);
    } catch (error) {
      const { name, status, message } = error as { name: string; status?: number; message: string };
      out.push({ name, status, message });
    }
  };
  await settle(
    client.setSettings({
      indexName: 'books',
      indexSettings: { searchableAttributes: ['title'], attributesForFaceting: ['genre'] },
    }),
  );
  const saved = await client.saveObjects({
    indexName: 'books',
    objects: [
      { objectID: '1', title: 'Dune', genre: 'sf' },
      { objectID: '2', title: 'Emma', genre: 'novel' },
    ],
  });
  out.push(saved);
  await settle(client.getTask({ indexName: 'books', taskID: saved[0].taskID }));
  advance(1000);
  await settle(client.getTask({ indexName: 'books', taskID: saved[0].taskID }));
  const search = await client.searchSingleIndex({
    indexName: 'books',
    searchParams: { query: 'dnue', facets: ['genre'], clickAnalytics: true },
  });
  out.push(search);
  await settle(
    client.search({
      requests: [
        { indexName: 'books', query: 'emma' },
        { indexName: 'books', type: 'facet', facet: 'genre' },
      ],
    }),
  );
  await settle(client.getObject({ indexName: 'books', objectID: 'missing' }));
  await settle(client.listIndices());
  await settle(
    client.initInsights({ options }).pushEvents({
      events: [
        {
          eventType: 'click',
          eventName: 'Clicked',
          index: 'books',
          userToken: 'u1',
          queryID: search.queryID!,
          objectIDs: ['1'],
          positions: [1],
        },
      ],
    }),
  );
  await settle(
    client.initAnalytics({ region: 'us', options }).getTopSearches({ index: 'books', clickAnalytics: true }),
  );
  await settle(algoliasearch('REQAPP', 'wrong-key', options).listIndices());
  return out;
}

describe('createRequester: the official clients in-process', () => {
  it('gives the v5 client the same answers as over msw', async () => {
    const { emulator: overMsw } = env.fresh();
    const overHttp = await session({}, (ms) => overMsw.clock.advance(ms));

    const direct = createEmulator(OPTIONS);
    const inProcess = await session({ requester: createRequester(direct) }, (ms) => direct.clock.advance(ms));

    expect(inProcess).toEqual(overHttp);
    expect(inProcess[2]).toMatchObject({ status: 'notPublished' });
    expect(inProcess[3]).toMatchObject({ status: 'published' });
    expect(inProcess[4]).toMatchObject({ nbHits: 1, hits: [{ objectID: '1' }] });
    expect(inProcess[6]).toMatchObject({ status: 404, message: 'ObjectID does not exist' });
    expect(inProcess[9]).toMatchObject({ searches: [{ search: 'dnue', clickCount: 1 }] });
    expect(inProcess[10]).toMatchObject({ status: 403, message: 'Invalid Application-ID or API key' });
    // Nothing reached the emulator behind msw: every answer came from the in-process one.
    expect(overMsw.core.state.analytics.events).toHaveLength(1);
  });

  it('answers the v4 client', async () => {
    const emulator = createEmulator(OPTIONS);
    const client = algoliasearchV4('REQAPP', 'req-admin', { requester: createRequester(emulator) });
    const index = client.initIndex('books');
    const { taskID } = await index.saveObject({ objectID: '1', title: 'Dune' });
    emulator.clock.advance('1s');
    await index.waitTask(taskID);
    const { hits } = await index.search<{ title: string }>('dune');
    expect(hits.map((hit) => hit.title)).toEqual(['Dune']);
    await expect(index.getObject('missing')).rejects.toMatchObject({ status: 404, message: 'ObjectID does not exist' });
  });

  it('reads bodies the client gzipped (compression: gzip), in-process and over msw', async () => {
    const objects = Array.from({ length: 50 }, (_, i) => ({
      objectID: String(i),
      title: `a book about café number ${i}`,
    }));
    const direct = createEmulator(OPTIONS);
    const requester = createRequester(direct);
    const encodings: (string | undefined)[] = [];
    const recording = {
      send: (request: RequesterRequest) => (
        encodings.push(request.headers['content-encoding']),
        requester.send(request)
      ),
    };
    const { emulator: overMsw } = env.fresh();
    for (const [emulator, options] of [
      [direct, { requester: recording, compression: 'gzip' as const }],
      [overMsw, { compression: 'gzip' as const }],
    ] as const) {
      const client = algoliasearch('REQAPP', 'req-admin', options);
      await client.saveObjects({ indexName: 'books', objects });
      emulator.clock.advance('1s');
      expect((await emulator.searchSingleIndex({ indexName: 'books', searchParams: { query: 'café' } })).nbHits).toBe(
        50,
      );
    }
    expect(encodings).toContain('gzip');
  });

  it('answers a gzip body that does not gunzip with a 400, in-process and over msw', async () => {
    const notGzip = new TextEncoder().encode('{"objectID":"1"}');
    const headers = {
      'x-algolia-application-id': 'REQAPP',
      'x-algolia-api-key': 'req-admin',
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    };
    const url = 'https://REQAPP.algolia.net/1/indexes/books';
    const message = expect.stringMatching(/^Invalid gzip body: ./);

    const direct = createEmulator(OPTIONS);
    const answer = await createRequester(direct).send({ method: 'POST', url, headers, data: notGzip });
    expect(answer).toMatchObject({ status: 400, isTimedOut: false });
    expect(JSON.parse(answer.content)).toEqual({ message, status: 400 });

    const { emulator: overMsw } = env.fresh();
    const res = await fetch(url, { method: 'POST', headers, body: notGzip });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, status: 400 });

    for (const emulator of [direct, overMsw]) {
      expect(emulator.journal.of('saveObject').map((entry) => [entry.status, entry.response])).toEqual([
        [400, { message, status: 400 }],
      ]);
      expect(emulator.core.state.indices.size).toBe(0);
    }
  });

  it('renders injected timeouts as the client’s own requester does: connection, then socket', async () => {
    const emulator = createEmulator(OPTIONS);
    const requester = createRequester(emulator);
    const request = {
      method: 'GET',
      url: 'https://REQAPP-dsn.algolia.net/1/indexes',
      headers: { 'x-algolia-application-id': 'REQAPP', 'x-algolia-api-key': 'req-admin' },
    };
    emulator.faults.timeout({ operation: 'listIndices', phase: 'connect', times: 1 });
    emulator.faults.timeout({ operation: 'listIndices', phase: 'response', times: 1 });
    expect(await requester.send(request)).toEqual({ content: 'Connection timeout', status: 0, isTimedOut: true });
    expect(await requester.send(request)).toEqual({ content: 'Socket timeout', status: 0, isTimedOut: true });
    expect(await requester.send(request)).toMatchObject({ status: 200, isTimedOut: false });
    // The client retries both on its other hosts, then answers.
    emulator.faults.timeout({ operation: 'listIndices', phase: 'connect', times: 1 });
    emulator.faults.timeout({ operation: 'listIndices', phase: 'response', times: 1 });
    const client = algoliasearch('REQAPP', 'req-admin', { requester });
    await expect(client.listIndices()).resolves.toMatchObject({ items: [] });
    expect(emulator.journal.entries.slice(-3).map((e) => e.fault?.phase ?? e.status)).toEqual([
      'connect',
      'response',
      200,
    ]);
  });

  it('refuses a host the emulator does not serve, naming it', async () => {
    const emulator = createEmulator(OPTIONS);
    const requester = createRequester(emulator);
    await expect(
      requester.send({ method: 'GET', url: 'https://OTHERAPP-dsn.algolia.net/1/indexes', headers: {} }),
    ).rejects.toThrow(
      /no emulated host answers GET https:\/\/OTHERAPP-dsn\.algolia\.net\/1\/indexes \(the emulator's application ID is "REQAPP"\)/,
    );
  });

  it('reads a body that is not JSON as the wire would: a 400', async () => {
    const emulator = createEmulator(OPTIONS);
    const res = await createRequester(emulator).send({
      method: 'POST',
      url: 'https://reqapp.algolia.net/1/indexes/books',
      headers: { 'X-Algolia-Application-Id': 'REQAPP', 'X-Algolia-API-Key': 'req-admin' },
      data: '{nope',
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.content)).toMatchObject({ status: 400, message: expect.stringContaining('Invalid JSON') });
  });

  it('a refused source sees a network failure, as over HTTP', async () => {
    const emulator = createEmulator({ ...OPTIONS, clientIp: '198.51.100.7' });
    await emulator.replaceSources({ source: [{ source: '10.0.0.0/8' }] });
    const client = algoliasearch('REQAPP', 'req-admin', { requester: createRequester(emulator) });
    await expect(client.listApiKeys()).rejects.toMatchObject({
      name: 'RetryError',
      message: expect.stringMatching(/^Unreachable hosts/),
    });
  });
});
