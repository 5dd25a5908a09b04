import http from 'node:http';
import https from 'node:https';
import { algoliasearch } from 'algoliasearch';
import algoliasearchV4 from 'algoliasearch-v4';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createEmulator, createRequester } from '../../src';
import { createHandlers } from '../../src/msw';
import { tripNetwork, type Tripwire } from '../support/no-network';

/**
 * The safety net, with the network cut off (DNS, sockets and fetch's dispatcher fail loudly and
 * count): no request to a host the handlers match ever leaves the process, whatever the
 * application ID and whatever `onUnhandledRequest` says. A test with a production application
 * ID in its environment must never reach the real service.
 */

/** Every hostname of a search host family, for an application no emulator serves. */
const SEARCH_HOSTS = [
  'prodapp.algolia.net',
  'prodapp-dsn.algolia.net',
  'prodapp-1.algolianet.com',
  'prodapp-2.algolianet.com',
  'prodapp-3.algolianet.com',
];

/** The hosts every application shares, as the official clients name them. */
const SHARED_HOSTS = [
  'insights.algolia.io',
  'insights.us.algolia.io',
  'insights.de.algolia.io',
  'analytics.algolia.com',
  'analytics.us.algolia.com',
  'analytics.de.algolia.com',
  'personalization.us.algolia.com',
  'personalization.eu.algolia.com',
  'query-suggestions.us.algolia.com',
  'query-suggestions.eu.algolia.com',
  'crawler.algolia.com',
  'data.us.algolia.com',
  'data.eu.algolia.com',
  'status.algolia.com',
  'ai-personalization.eu.algolia.com',
  'ai-personalization.us.algolia.com',
];

const PROD = { 'x-algolia-application-id': 'PRODAPP', 'x-algolia-api-key': 'production-admin-key' };

let wire: Tripwire;
beforeAll(() => {
  wire = tripNetwork();
});
afterAll(() => wire.restore());

let errors: MockInstance<typeof console.error>;
let warnings: MockInstance<typeof console.warn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  errors.mockRestore();
  warnings.mockRestore();
});

const printed = (spy: MockInstance<(...args: unknown[]) => void>) => spy.mock.calls.map((args) => args.join(' '));

/**
 * A GET through node:http or node:https, settled either way: the status, or the error's message.
 * Through the modules' objects, as a CommonJS client calls them (msw patches those).
 */
function httpGet(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = (url.startsWith('https:') ? https : http).get(url, { headers: PROD }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error) => resolve(error.message));
  });
}

describe('the tripwire itself', () => {
  it('counts a request msw lets through (fetch and node:http), so zero below means none left', async () => {
    const server = setupServer();
    server.listen({ onUnhandledRequest: 'bypass' });
    try {
      const before = wire.attempts.length;
      await expect(fetch('https://elsewhere.example/x')).rejects.toThrow();
      expect(typeof (await httpGet('http://elsewhere.example/y'))).toBe('string');
      expect(wire.attempts.slice(before)).toEqual([
        expect.stringContaining('elsewhere.example'),
        expect.stringContaining('elsewhere.example'),
      ]);
    } finally {
      server.close();
    }
  });
});

describe.each(['error', 'warn', 'bypass'] as const)('onUnhandledRequest: %s', (strategy) => {
  const emulator = createEmulator({ appId: 'TESTAPP', adminApiKey: 'admin-key' });
  let server: ReturnType<typeof setupServer>;
  let before: number;
  beforeAll(() => {
    server = setupServer(...createHandlers(emulator));
    server.listen({ onUnhandledRequest: strategy });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    before = wire.attempts.length;
  });
  afterEach(() => {
    server.resetHandlers();
    // Nothing tried the network, and msw had nothing to report: every request was answered.
    expect(wire.attempts.slice(before)).toEqual([]);
    expect(printed(warnings).filter((line) => line.includes('[MSW]'))).toEqual([]);
  });

  it('the v5 client of an application no emulator serves: a network error, and an error that says why', async () => {
    const client = algoliasearch('PRODAPP', 'production-admin-key');
    await expect(client.searchSingleIndex({ indexName: 'products' })).rejects.toThrow(/Unreachable hosts/);
    await expect(client.saveObject({ indexName: 'products', body: { objectID: '1' } })).rejects.toThrow(
      /Unreachable hosts/,
    );
    const lines = printed(errors);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatch(/^search-emulator: no emulator serves application PRODAPP: POST https:\/\/prodapp/);
    expect(lines[0]).toContain('never left the process');
    expect(lines[0]).toMatch(/Emulators in this process: [^.]*\bTESTAPP\b/);
    expect(lines.every((line) => line.includes('PRODAPP'))).toBe(true);
    expect(emulator.core.state.indices.size).toBe(0);
  });

  it('the v4 client (node:http) too', async () => {
    const index = algoliasearchV4('PRODAPP', 'production-admin-key').initIndex('products');
    await expect(index.search('phone')).rejects.toThrow(/Unreachable hosts/);
    expect(printed(errors)[0]).toMatch(/no emulator serves application PRODAPP: POST/);
  });

  it.each(SEARCH_HOSTS)('every search hostname, fetch and node:http, https and http: %s', async (host) => {
    for (const scheme of ['https', 'http']) {
      await expect(
        fetch(`${scheme}://${host}/1/indexes/products`, { method: 'POST', headers: PROD, body: '{"objectID":"1"}' }),
      ).rejects.toThrow();
      expect(typeof (await httpGet(`${scheme}://${host}/1/indexes/products/1`))).toBe('string');
    }
    expect(printed(errors)).toHaveLength(4);
  });

  it.each(SHARED_HOSTS)('a shared host answers an unknown application itself: %s', async (host) => {
    const res = await fetch(`https://${host}/1/events`, { method: 'POST', headers: PROD, body: '{"events":[]}' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
    expect(await httpGet(`http://${host}/1/anything`)).toBeGreaterThanOrEqual(400);
  });

  it('the official clients of the shared hosts, with an unknown application: refused by the emulator', async () => {
    const client = algoliasearch('PRODAPP', 'production-admin-key');
    const view = { eventType: 'view' as const, eventName: 'V', index: 'products', userToken: 'u', objectIDs: ['1'] };
    const refused = { status: expect.toSatisfy((s: number) => s >= 400 && s < 500), message: expect.any(String) };
    for (const region of [undefined, 'de', 'us'] as const) {
      await expect(client.initInsights({ region }).pushEvents({ events: [view] })).rejects.toMatchObject(refused);
      await expect(client.initAnalytics({ region }).getTopSearches({ index: 'products' })).rejects.toMatchObject(
        refused,
      );
    }
    for (const region of ['eu', 'us'] as const) {
      await expect(client.initPersonalization({ region }).getPersonalizationStrategy()).rejects.toMatchObject(refused);
      await expect(client.initQuerySuggestions({ region }).getAllConfigs()).rejects.toMatchObject(refused);
    }
    // Recommendations live on the application's own search hosts.
    await expect(client.initRecommend().getRecommendations({ requests: [] })).rejects.toThrow(/Unreachable hosts/);
  });

  it('the emulator it serves still answers, on every surface', async () => {
    const client = algoliasearch('TESTAPP', 'admin-key');
    await client.saveObject({ indexName: 'products', body: { objectID: '1', name: 'phone' } });
    expect((await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } })).nbHits).toBe(
      1,
    );
    expect(errors).not.toHaveBeenCalled();
    await emulator.deleteIndex({ indexName: 'products' });
  });

  it('several emulators in one server, one more through server.use(): only unknown applications are refused', async () => {
    const a = createEmulator({ appId: 'SEALED_A', adminApiKey: 'key-a' });
    const b = createEmulator({ appId: 'SEALED_B', adminApiKey: 'key-b' });
    const one = setupServer(...createHandlers(a), ...createHandlers(b));
    server.close();
    one.listen({ onUnhandledRequest: strategy });
    try {
      const c = createEmulator({ appId: 'SEALED_C', adminApiKey: 'key-c' });
      one.use(...createHandlers(c));
      for (const [appId, key] of [
        ['SEALED_A', 'key-a'],
        ['SEALED_B', 'key-b'],
        ['SEALED_C', 'key-c'],
      ]) {
        await algoliasearch(appId, key).saveObject({ indexName: 'products', body: { objectID: '1' } });
      }
      expect([a, b, c].map((e) => e.core.state.indices.size)).toEqual([1, 1, 1]);
      await expect(algoliasearch('SEALED_NONE', 'k').searchSingleIndex({ indexName: 'products' })).rejects.toThrow(
        /Unreachable hosts/,
      );
      expect(printed(errors)[0]).toMatch(
        /application SEALED_NONE: .*Emulators in this process: .*SEALED_A, SEALED_B, SEALED_C/,
      );
    } finally {
      one.close();
      server.listen({ onUnhandledRequest: strategy });
    }
  });

  it('two msw servers, one emulator each (msw shares one interceptor between them)', async () => {
    const a = createEmulator({ appId: 'PAIR_A', adminApiKey: 'key-a' });
    const b = createEmulator({ appId: 'PAIR_B', adminApiKey: 'key-b' });
    server.close();
    const servers = [setupServer(...createHandlers(a)), setupServer(...createHandlers(b))];
    for (const each of servers) each.listen({ onUnhandledRequest: strategy });
    try {
      await algoliasearch('PAIR_A', 'key-a').saveObject({ indexName: 'products', body: { objectID: '1' } });
      await expect(
        algoliasearch('PAIR_NONE', 'k').saveObject({ indexName: 'products', body: { objectID: '1' } }),
      ).rejects.toThrow(/Unreachable hosts/);
      expect([a.core.state.indices.size, b.core.state.indices.size]).toEqual([1, 0]);
    } finally {
      for (const each of servers) each.close();
      server.listen({ onUnhandledRequest: strategy });
    }
  });
});

describe('the requester', () => {
  it('refuses every other application and host in-process, never the network', async () => {
    const emulator = createEmulator({ appId: 'TESTAPP', adminApiKey: 'admin-key' });
    const requester = createRequester(emulator);
    const before = wire.attempts.length;
    const client = algoliasearch('PRODAPP', 'production-admin-key', { requester });
    await expect(client.searchSingleIndex({ indexName: 'products' })).rejects.toThrow(
      /^search-emulator: no emulated host answers POST https:\/\/PRODAPP-dsn\.algolia\.net\/1\/indexes\/products\/query/,
    );
    for (const host of [...SEARCH_HOSTS, 'example.com']) {
      await expect(requester.send({ method: 'GET', url: `https://${host}/1/indexes`, headers: PROD })).rejects.toThrow(
        /search-emulator: no emulated host answers GET/,
      );
    }
    for (const host of SHARED_HOSTS) {
      const res = await requester.send({ method: 'GET', url: `https://${host}/1/anything`, headers: PROD });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect(wire.attempts.slice(before)).toEqual([]);
  });
});
