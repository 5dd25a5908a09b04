import { algoliasearch } from 'algoliasearch';
import algoliasearchV4 from 'algoliasearch-v4';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createEmulator, type Emulator } from '../../src';
import { createHandlers } from '../../src/msw';

/**
 * Two applications in one process, each with its own emulator. msw 2.13 and later share one
 * interceptor between servers: every request reaches the last server started (twice), so each
 * handler must find the emulator a request belongs to, and never read a body it does not own.
 */

type Layout = 'two servers' | 'one server';

/** Starts the layout's servers; returns a function that closes them. */
function serve(layout: Layout, ...emulators: Emulator[]): () => void {
  const servers =
    layout === 'two servers'
      ? emulators.map((emulator) => setupServer(...createHandlers(emulator)))
      : [setupServer(...emulators.flatMap((e) => createHandlers(e)))];
  for (const server of servers) server.listen({ onUnhandledRequest: 'error' });
  return () => servers.forEach((server) => server.close());
}

const view = (objectID: string) => ({
  eventType: 'view' as const,
  eventName: 'Viewed',
  index: 'products',
  userToken: 'user-1',
  objectIDs: [objectID],
});

let errors: MockInstance;
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  // msw reports unhandled requests and handler exceptions (such as "Body is unusable") here.
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

describe.each<Layout>(['two servers', 'one server'])('two emulators, %s', (layout) => {
  it('the v5 client reaches each application’s own emulator, search and insights', async () => {
    const a = createEmulator({ appId: 'APP_A', seed: 1 });
    const b = createEmulator({ appId: 'APP_B', seed: 2 });
    const close = serve(layout, a, b);
    try {
      const clientA = algoliasearch(a.appId, a.adminApiKey);
      const clientB = algoliasearch(b.appId, b.adminApiKey);
      await clientA.saveObject({ indexName: 'products', body: { objectID: '1', name: 'from A' } });
      await clientB.saveObject({ indexName: 'products', body: { objectID: '1', name: 'from B' } });
      expect(await clientA.getObject({ indexName: 'products', objectID: '1' })).toEqual({
        objectID: '1',
        name: 'from A',
      });
      expect(await clientB.getObject({ indexName: 'products', objectID: '1' })).toEqual({
        objectID: '1',
        name: 'from B',
      });
      // The insights host is shared by every application: the credentials tell them apart.
      await expect(clientA.initInsights({}).pushEvents({ events: [view('a1')] })).resolves.toEqual({
        status: 200,
        message: 'OK',
      });
      await expect(
        clientB.initInsights({ region: 'de' }).pushEvents({ events: [view('b1'), view('b2')] }),
      ).resolves.toEqual({ status: 200, message: 'OK' });
      expect(a.core.state.analytics.events.map((e) => e.objectIDs)).toEqual([['a1']]);
      expect(b.core.state.analytics.events.map((e) => e.objectIDs)).toEqual([['b1'], ['b2']]);
      // Each write ran once: one task each, however many times msw handed the request over.
      expect(a.core.state.indices.get('products')?.records.size).toBe(1);
      expect(
        (await clientA.searchSingleIndex({ indexName: 'products', searchParams: { query: 'from' } })).hits.map(
          (h) => (h as { name?: string }).name,
        ),
      ).toEqual(['from A']);
    } finally {
      close();
    }
  });

  it('the v4 client too (node http requests, credentials in headers)', async () => {
    const a = createEmulator({ appId: 'V4_A' });
    const b = createEmulator({ appId: 'V4_B' });
    const close = serve(layout, a, b);
    try {
      const indexA = algoliasearchV4(a.appId, a.adminApiKey).initIndex('products');
      const indexB = algoliasearchV4(b.appId, b.adminApiKey).initIndex('products');
      await indexA.saveObject({ objectID: '1', name: 'alpha' }).wait();
      await indexB
        .saveObjects([
          { objectID: '1', name: 'beta' },
          { objectID: '2', name: 'beta two' },
        ])
        .wait();
      expect((await indexA.search('alpha')).hits.map((h) => h.objectID)).toEqual(['1']);
      expect((await indexB.search('beta')).nbHits).toBe(2);
      expect(await indexA.getObject('1')).toEqual({ objectID: '1', name: 'alpha' });
      expect(a.core.state.indices.get('products')?.records.size).toBe(1);
      expect(b.core.state.indices.get('products')?.records.size).toBe(2);
    } finally {
      close();
    }
  });

  it('a request of an application no emulator emulates is refused in-process, body unread', async () => {
    const a = createEmulator({ appId: 'APP_C' });
    const b = createEmulator({ appId: 'APP_D' });
    const close = serve(layout, a, b);
    try {
      const request = fetch('https://app_none-dsn.algolia.net/1/indexes/products', {
        method: 'POST',
        headers: { 'x-algolia-application-id': 'APP_NONE', 'x-algolia-api-key': 'k' },
        body: '{"objectID":"1"}',
      });
      // A network error, never the network (test/handlers/sealed.test.ts); neither emulator stored it.
      await expect(request).rejects.toThrow();
      expect([a.core.state.indices.size, b.core.state.indices.size]).toEqual([0, 0]);
      expect(errors.mock.calls.map((args) => String(args[0]))).toEqual([
        expect.stringMatching(/^search-emulator: no emulator serves application APP_NONE: .*APP_C, APP_D/),
      ]);
      errors.mockClear();
    } finally {
      close();
    }
  });
});

describe('a per-test emulator of the same application', () => {
  it('leaves the shared hosts to the file emulator once its handlers are reset', async () => {
    // The README's recipe: one emulator for the file, another for one test through server.use().
    const file = createEmulator({ appId: 'SAMEAPP', adminApiKey: 'admin-key' });
    const server = setupServer(...createHandlers(file));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const slow = createEmulator({ appId: 'SAMEAPP', adminApiKey: 'admin-key', indexingDelay: '5s' });
      server.use(...createHandlers(slow));
      const client = algoliasearch('SAMEAPP', 'admin-key');
      await client.initInsights({}).pushEvents({ events: [view('during')] });
      expect(slow.journal.of('pushEvents')).toHaveLength(1);

      server.resetHandlers();
      await client.saveObject({ indexName: 'products', body: { objectID: '1' } });
      await client.initInsights({}).pushEvents({ events: [view('after')] });
      expect(file.journal.of('saveObject')).toHaveLength(1);
      expect(file.journal.of('pushEvents')).toHaveLength(1);
      expect(file.core.state.analytics.events.map((e) => e.objectIDs)).toEqual([['after']]);
      expect(slow.journal.of('pushEvents')).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
