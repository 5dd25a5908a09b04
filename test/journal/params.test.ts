import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';

type Emulator = ReturnType<typeof createEmulator>;
const last = (emulator: Emulator) => emulator.journal.last!;

// An entry's parameters as the client's call takes them, and its search queries decoded,
// whatever the request sent: the journal files refused requests too.
describe("journal entries' params", () => {
  it('path parameters, the query string without credentials, and the body under its call name', async () => {
    const emulator = createEmulator();
    await emulator.request({
      method: 'GET',
      path: '/1/indexes',
      query: { page: '1', 'x-algolia-api-key': 'k', 'X-Algolia-Application-Id': 'a' },
    });
    expect(last(emulator).params).toStrictEqual({ page: '1' });
    await emulator.request({ method: 'GET', path: '/1/indexes/products/settings' });
    expect(last(emulator).params).toStrictEqual({ indexName: 'products' });
    await emulator.request({ method: 'PUT', path: '/1/indexes/products/p1', body: { a: 1 } });
    expect(last(emulator).params).toStrictEqual({ indexName: 'products', objectID: 'p1', body: { a: 1 } });
  });

  it('a route without a call shape, or no route, spreads an object body and keeps any other as body', async () => {
    const emulator = createEmulator();
    const params = async (path: string, body: unknown) => {
      await emulator.request({ method: 'POST', path, body: body as never });
      return last(emulator).params;
    };
    expect(await params('/1/indexes/products/keys', { acl: ['search'] })).toStrictEqual({
      indexName: 'products',
      acl: ['search'],
    });
    expect(await params('/1/nothing', { a: 1 })).toStrictEqual({ a: 1 });
    expect(await params('/1/nothing', [1, 2])).toStrictEqual({ body: [1, 2] });
    expect(await params('/1/nothing', null)).toStrictEqual({ body: null });
    expect(await params('/1/nothing', 'text')).toStrictEqual({ body: 'text' });
  });
});

describe("journal entries' search queries", () => {
  it('a multi-index search: its object queries, an index name only when it is a string', async () => {
    const emulator = createEmulator();
    const queries = async (body: unknown) => {
      await emulator.request({ method: 'POST', path: '/1/indexes/*/queries', body: body as never });
      return last(emulator).queries;
    };
    expect(await queries({ requests: 'x' })).toStrictEqual([]);
    expect(await queries(null)).toStrictEqual([]);
    expect(
      await queries({ requests: [null, 5, { indexName: 'products', query: 'a' }, { indexName: 5 }] }),
    ).toStrictEqual([{ indexName: 'products', query: 'a' }, { indexName: undefined }]);
  });

  it('typed as the engine reads them: the params string decoded, string fields typed, refused values as sent', async () => {
    const emulator = createEmulator();
    await emulator.request({
      method: 'POST',
      path: '/1/indexes/products/query',
      body: {
        params: 'query=a&hitsPerPage=3',
        hitsPerPage: '2',
        page: 1,
        typoTolerance: 'x',
        getRankingInfo: 'maybe',
        facets: ['brand'],
      },
    });
    expect(last(emulator).queries).toStrictEqual([
      {
        indexName: 'products',
        query: 'a',
        hitsPerPage: 2,
        page: 1,
        typoTolerance: 'x',
        getRankingInfo: 'maybe',
        facets: ['brand'],
      },
    ]);
    // A params that is no string is no parameter string.
    await emulator.request({ method: 'POST', path: '/1/indexes/products/query', body: { params: 5, query: 'b' } });
    expect(last(emulator).queries).toStrictEqual([{ indexName: 'products', query: 'b' }]);
    await emulator.request({ method: 'POST', path: '/1/indexes/products/query', body: [1] as never });
    expect(last(emulator).queries).toStrictEqual([{ indexName: 'products' }]);
  });

  it('a browse by GET: the query string without credentials', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1' }] });
    await emulator.request({
      method: 'GET',
      path: '/1/indexes/products/browse',
      query: { query: 'phone', hitsPerPage: '2', 'x-algolia-api-key': 'k' },
    });
    expect(last(emulator).queries).toStrictEqual([{ indexName: 'products', query: 'phone', hitsPerPage: 2 }]);
    expect(emulator.journal.searches().map(({ entry, ...query }) => [entry.seq, query])).toStrictEqual([
      [2, { indexName: 'products', query: 'phone', hitsPerPage: 2 }],
    ]);
  });
});
