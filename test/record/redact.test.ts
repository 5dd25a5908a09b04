// Keys never reach a recording: header, query-string and basic-auth credentials, the keys the
// key routes reveal, `apiKey` fields, secured keys, wherever they appear.
import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { createEmulator, generateSecuredApiKey } from '../../src';
import { createHandlers } from '../../src/msw';
import { createRecorder } from '../../src/record';
import { captureExchange } from '../../src/record/capture';
import { Redactor, Secrets } from '../../src/record/redact';
import { setupMsw } from '../support/server';
import { FILE, LOCAL, memoryStore, REAL, recordOptions, setupTarget } from './support';

const target = setupTarget();
const msw = setupMsw();

describe('keys in recordings', () => {
  it('are placeholders wherever they appear: paths, query strings, bodies, answers, secured keys', async () => {
    const store = memoryStore();
    const emulator = createEmulator(LOCAL);
    const recorder = createRecorder(emulator, { ...recordOptions(target, store), env: {} });
    msw.use(...createHandlers(emulator, { recorder }));
    const client = algoliasearch(LOCAL.appId, LOCAL.adminApiKey);
    recorder.startTest(FILE, 'keys');
    const { key } = await client.addApiKey({ acl: ['search'], description: 'search only' });
    const secured = await generateSecuredApiKey(key, { filters: 'brand:acme', restrictIndices: ['products'] });
    // A record holding a key and a secured key (a user's own data can), read back.
    await client.saveObjects({
      indexName: 'products',
      objects: [
        { objectID: 'p1', name: 'Phone', apiKey: 'a-key-inside-a-record-7f', token: secured, note: `key=${key}` },
      ],
      waitForTasks: true,
    });
    await client.getObject({ indexName: 'products', objectID: 'p1' });
    await client.getApiKey({ key });
    await client.listApiKeys();
    // Credentials in the query string, as browser builds send them.
    const url = `https://${LOCAL.appId}-dsn.algolia.net/1/indexes/products/query?x-algolia-api-key=${LOCAL.adminApiKey}&x-algolia-application-id=${LOCAL.appId}&x-algolia-agent=Browser&x-algolia-request-id=Zx81`;
    await fetch(url, { method: 'POST', body: JSON.stringify({ query: 'phone' }) });
    // A search with the secured key: a header, never written.
    await algoliasearch(LOCAL.appId, secured).searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'phone' },
    });
    await recorder.endTest();
    await recorder.save();

    const exchanges = store.recordings[FILE].tests.keys.exchanges;
    const text = JSON.stringify(store.recordings[FILE]);
    for (const secret of [key, secured, LOCAL.adminApiKey, REAL.apiKey, REAL.appId, 'a-key-inside-a-record-7f'])
      expect(text).not.toContain(secret);
    expect(exchanges[0].response.body).toMatchObject({ key: '<api-key:1>' });
    const saved = exchanges.find((e) => e.operation === 'batch')!.request.body as {
      requests: { body: Record<string, string> }[];
    };
    expect(saved.requests[0].body).toMatchObject({
      apiKey: '<api-key:2>',
      token: '<secured-key:1>',
      note: 'key=<api-key:1>',
    });
    expect(exchanges.find((e) => e.operation === 'getObject')!.response.body).toMatchObject({
      apiKey: '<api-key:2>',
      token: '<secured-key:1>',
    });
    expect(exchanges.find((e) => e.operation === 'getApiKey')!.request.path).toBe('/1/keys/<api-key:1>');
    const search = exchanges.filter((e) => e.operation === 'searchSingleIndex');
    expect(search).toHaveLength(2);
    expect(search[0].request.query).toBeUndefined(); // credentials, agent and request ID left out
  });

  it('include the crawler API key of a basic-auth header, wherever its answer shows it', () => {
    const redactor = new Redactor(new Secrets());
    const crawlerKey = 'crawler-secret-2b7e151628aed2a6';
    const exchange = captureExchange(
      {
        method: 'GET',
        url: 'https://crawler.algolia.com/api/1/crawlers/c1?withConfig=true',
        headers: { Authorization: `Basic ${btoa(`user-1:${crawlerKey}`)}` },
        text: '',
      },
      'crawler',
      {
        status: 200,
        body: { name: 'c', config: { appId: 'TESTAPP', apiKey: 'the-crawler-writes-with-this-key' }, echo: crawlerKey },
      },
      createEmulator().core.router,
      redactor,
    );
    // Numbered in order of appearance.
    expect(exchange.response.body).toEqual({
      name: 'c',
      config: { appId: 'TESTAPP', apiKey: '<api-key:1>' },
      echo: '<api-key:2>',
    });
    expect(exchange.request.query).toEqual({ withConfig: 'true' });
  });
});
