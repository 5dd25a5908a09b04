import { describe, expect, it } from 'vitest';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

async function seeded(count = 30) {
  const { client, emulator } = env.fresh();
  const objects = Array.from({ length: count }, (_, i) => ({
    objectID: `p${i}`,
    name: i % 2 === 0 ? `red shoe ${i}` : `blue hat ${i}`,
    price: i,
  }));
  const responses = await client.saveObjects({ indexName: 'products', objects });
  for (const r of responses) await client.waitForTask({ indexName: 'products', taskID: r.taskID });
  return { client, emulator };
}

describe('search routes through the real client', () => {
  it('searchSingleIndex with body fields and with a params string answer the same', async () => {
    const { client } = await seeded();
    const fields = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'red', hitsPerPage: 3 },
    });
    const encoded = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { params: 'query=red&hitsPerPage=3' },
    });
    // Equally relevant: objectID, descending (as strings, p8 before p28).
    expect(fields.hits.map((h) => h.objectID)).toEqual(['p8', 'p6', 'p4']);
    expect(encoded.hits).toEqual(fields.hits);
    expect(fields).toMatchObject({
      nbHits: 15,
      page: 0,
      nbPages: 5,
      hitsPerPage: 3,
      query: 'red',
      exhaustiveNbHits: true,
      processingTimeMS: 1,
      renderingContent: {},
    });
    expect(fields.params).toBe('query=red&hitsPerPage=3');
  });

  it('answers GET /1/indexes/{indexName} with parameters in the query string, arrays as JSON or commas', async () => {
    const { emulator } = await seeded();
    const res = await emulator.request({
      method: 'GET',
      path: '/1/indexes/products',
      query: { query: 'hat', attributesToRetrieve: '["name"]', hitsPerPage: '2' },
    });
    expect(res.status).toBe(200);
    expect((res.body as any).hits).toEqual([
      expect.objectContaining({ objectID: 'p9', name: 'blue hat 9' }),
      expect.objectContaining({ objectID: 'p7', name: 'blue hat 7' }),
    ]);
    expect((res.body as any).hits[0]).not.toHaveProperty('price');
    const commas = await emulator.request({
      method: 'GET',
      path: '/1/indexes/products',
      query: { query: 'hat', attributesToRetrieve: 'name,price' },
    });
    expect((commas.body as any).hits[0]).toHaveProperty('price');
  });

  it('404s on a missing index and 400s on unknown parameters', async () => {
    const { client } = await seeded(2);
    await expect(client.searchSingleIndex({ indexName: 'nope', searchParams: { query: 'x' } })).rejects.toMatchObject({
      status: 404,
      message: 'Index does not exist',
    });
    await expect(
      client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'x', bogus: 1 } as any }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Unknown parameter: bogus',
    });
  });

  it('treats names of Object.prototype members as unknown parameters, in fields and in params', async () => {
    const { emulator } = await seeded(2);
    for (const body of [
      { valueOf: 1 },
      { constructor: 'x' },
      { params: 'toString=1' },
      JSON.parse('{"__proto__": 1}'),
    ]) {
      const res = await emulator.request({ method: 'POST', path: '/1/indexes/products/query', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { message: string }).message).toMatch(
        /^Unknown parameter: (valueOf|constructor|toString|__proto__)$/,
      );
    }
  });

  it('customNormalization set through the client folds an ASCII letter in records and queries', async () => {
    const { client } = await seeded(2);
    const set = await client.setSettings({
      indexName: 'products',
      indexSettings: { customNormalization: { default: { o: '0' } } },
    });
    await client.waitForTask({ indexName: 'products', taskID: set.taskID });
    const saved = await client.saveObject({ indexName: 'products', body: { objectID: 'zero', name: 'sh0e' } });
    await client.waitForTask({ indexName: 'products', taskID: saved.taskID });
    const { hits } = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'shoe', typoTolerance: false },
    });
    expect(hits.map((h) => h.objectID).sort()).toEqual(['p0', 'zero']);
    expect(hits.find((h) => h.objectID === 'p0')!._highlightResult).toMatchObject({
      name: { value: 'red <em>shoe</em> 0', matchLevel: 'full' },
    });
  });

  it('customNormalization set through the client folds both cases of the character a key names', async () => {
    const { client } = await seeded(2);
    const set = await client.setSettings({
      indexName: 'products',
      indexSettings: { customNormalization: { default: { Ä: 'ae' } } },
    });
    await client.waitForTask({ indexName: 'products', taskID: set.taskID });
    const saved = await client.saveObjects({
      indexName: 'products',
      objects: [
        { objectID: 'lower', name: 'bär' },
        { objectID: 'upper', name: 'BÄR' },
      ],
    });
    for (const r of saved) await client.waitForTask({ indexName: 'products', taskID: r.taskID });
    for (const query of ['baer', 'bär']) {
      const { hits } = await client.searchSingleIndex({
        indexName: 'products',
        searchParams: { query, typoTolerance: false, queryType: 'prefixNone' },
      });
      expect(hits.map((h) => h.objectID).sort(), query).toEqual(['lower', 'upper']);
    }
  });

  it('pages of a one-word query count and list the records of every typo tier, as one long page does', async () => {
    const { client } = env.fresh();
    // Three records hold "shoe" (no typo), one of them also "show" (one typo) in its name; three hold only "show" or "shop".
    const objects = [
      { objectID: 'a', name: 'red shoe', description: 'leather' },
      { objectID: 'b', name: 'show shoe', description: 'canvas' },
      { objectID: 'c', name: 'blue', description: 'a shoe' },
      { objectID: 'd', name: 'show', description: 'wool' },
      { objectID: 'e', name: 'shop', description: 'cotton' },
      { objectID: 'f', name: 'green', description: 'show' },
    ];
    const saved = await client.saveObjects({ indexName: 'shop', objects });
    for (const r of saved) await client.waitForTask({ indexName: 'shop', taskID: r.taskID });
    const settings = await client.setSettings({
      indexName: 'shop',
      indexSettings: { searchableAttributes: ['name', 'description'] },
    });
    await client.waitForTask({ indexName: 'shop', taskID: settings.taskID });
    const all = await client.searchSingleIndex({
      indexName: 'shop',
      searchParams: { query: 'shoe', hitsPerPage: 100, getRankingInfo: true },
    });
    expect(all.hits.map((h) => [h.objectID, h._rankingInfo?.nbTypos])).toEqual([
      ['b', 0],
      ['a', 0],
      ['c', 0],
      ['e', 1],
      ['d', 1],
      ['f', 1],
    ]);
    // b's name holds "shoe" second and "show" first: its first matched word is the typo's.
    expect(all.hits[0]._rankingInfo?.firstMatchedWord).toBe(0);
    const pages = [];
    for (let page = 0; page < 3; page++) {
      const body = await client.searchSingleIndex({
        indexName: 'shop',
        searchParams: { query: 'shoe', hitsPerPage: 2, page, getRankingInfo: true },
      });
      expect(body).toMatchObject({ nbHits: 6, nbPages: 3, page });
      pages.push(...body.hits);
    }
    expect(pages).toEqual(all.hits);
  });

  it('a snippet of 0 words is only the ellipsis', async () => {
    const { client } = await seeded(2);
    const { hits } = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'red', attributesToSnippet: ['name:0'] },
    });
    expect(hits[0]._snippetResult).toEqual({ name: { value: '…', matchLevel: 'full' } });
  });

  it('filters and facets are served (createEmulator installs those stages), never a 501', async () => {
    // Was guarded by `if (!searchStages.filter)`, so once the stages existed it asserted nothing.
    const { emulator } = await seeded(2);
    const filtered = await emulator.searchSingleIndex({
      indexName: 'products',
      searchParams: { filters: 'price > 0' },
    });
    expect((filtered.hits as { objectID: string }[]).map((hit) => hit.objectID)).toEqual(['p1']);
    await emulator.setSettings({ indexName: 'products', indexSettings: { attributesForFaceting: ['price'] } });
    const faceted = await emulator.searchSingleIndex({ indexName: 'products', searchParams: { facets: ['price'] } });
    expect(faceted.facets).toEqual({ price: { '0': 1, '1': 1 } });
  });

  it('returns a queryID from the seeded generator with clickAnalytics, and honours responseFields', async () => {
    const first = await seeded(2);
    const a = await first.client.searchSingleIndex({
      indexName: 'products',
      searchParams: {
        clickAnalytics: true,
        analytics: false,
        analyticsTags: ['x'],
        userToken: 'u1',
        enablePersonalization: true,
        personalizationImpact: 50,
      },
    });
    expect(a.queryID).toMatch(/^[0-9a-f]{32}$/);
    const second = await seeded(2);
    const b = await second.client.searchSingleIndex({
      indexName: 'products',
      searchParams: {
        clickAnalytics: true,
        analytics: false,
        analyticsTags: ['x'],
        userToken: 'u1',
        enablePersonalization: true,
        personalizationImpact: 50,
      },
    });
    expect(b.queryID).toBe(a.queryID);
    const trimmed = await second.client.searchSingleIndex({
      indexName: 'products',
      searchParams: { responseFields: ['hits', 'nbHits'] },
    });
    expect(Object.keys(trimmed).sort()).toEqual(['hits', 'nbHits']);
  });

  it('multi-index search: strategy none and stopIfEnoughMatches', async () => {
    const { client } = await seeded();
    const { results } = await client.search({
      requests: [
        { indexName: 'products', query: 'red', hitsPerPage: 5 },
        { indexName: 'products', params: 'query=hat&hitsPerPage=2' },
      ],
    });
    expect(results.map((r: any) => [r.index, r.nbHits, r.hits.length])).toEqual([
      ['products', 15, 5],
      ['products', 15, 2],
    ]);
    const stop = await client.search({
      strategy: 'stopIfEnoughMatches',
      requests: [
        { indexName: 'products', query: 'zzzzzz', hitsPerPage: 5 },
        { indexName: 'products', query: 'red', hitsPerPage: 5 },
        { indexName: 'products', query: 'hat', hitsPerPage: 5 },
      ],
    });
    expect(stop.results.map((r: any) => [r.nbHits, r.processed])).toEqual([
      [0, true],
      [15, true],
      [0, false],
    ]);
    expect((stop.results[2] as any).hits).toEqual([]);
  });

  it('multi-index search rejects missing indices with 404 and unknown entry types with 400', async () => {
    const { client, emulator } = await seeded(2);
    await expect(
      emulator.search({ requests: [{ indexName: 'products', type: 'other' as never }] }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(client.search({ requests: [{ indexName: 'missing' }] })).rejects.toMatchObject({ status: 404 });
  });
});

describe('browse', () => {
  it('walks 3,000 records exactly once with the client browseObjects helper', async () => {
    const { client } = await seeded(3000);
    const seen: string[] = [];
    let calls = 0;
    await client.browseObjects({
      indexName: 'products',
      aggregator: (response) => {
        calls++;
        seen.push(...response.hits.map((h) => h.objectID));
      },
    });
    expect(calls).toBe(3);
    expect(seen.length).toBe(3000);
    expect(new Set(seen).size).toBe(3000);
  });

  it('cursor pages carry the first call parameters; page/hitsPerPage page without cursor', async () => {
    const { client } = await seeded(30);
    const first = await client.browse({ indexName: 'products', browseParams: { query: 'red', hitsPerPage: 10 } });
    expect(first.hits.length).toBe(10);
    expect(first.cursor).toEqual(expect.any(String));
    const next = await client.browse({ indexName: 'products', browseParams: { cursor: first.cursor } });
    expect(next.hits.length).toBe(5);
    expect(next).not.toHaveProperty('cursor');
    const paged = await client.browse({ indexName: 'products', browseParams: { page: 1, hitsPerPage: 4 } });
    // Browse lists equally ranked records by objectID, descending: p9, p8, ..., p3, p29, ...
    expect(paged.hits.map((h) => h.objectID)).toEqual(['p5', 'p4', 'p3', 'p29']);
    expect(paged).not.toHaveProperty('cursor');
    expect(paged.hits[0]).not.toHaveProperty('_highlightResult');
  });

  it('rejects a forged cursor', async () => {
    const { client } = await seeded(2);
    await expect(
      client.browse({ indexName: 'products', browseParams: { cursor: 'not-a-cursor' } }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
