import { describe, expect, it } from 'vitest';
import { rejects, setupSurfaces, SURFACES } from '../support/surfaces';
import { answered } from '../abtesting/support';
import { compositionOf, ids, seedShop, shop } from './support';

const open = setupSurfaces({ analyticsRefresh: 'immediate' });

type Result = {
  hits: { objectID: string; _extra?: unknown; _rankingInfo?: { composed?: unknown } }[];
  nbHits: number;
  nbPages: number;
  page: number;
  facets?: Record<string, Record<string, number>>;
  compositions: unknown;
  queryID?: string;
  feedID?: string;
};

describe.each(SURFACES)('running a composition (%s)', (surface) => {
  async function ready(composition = shop()) {
    const { emulator } = open(surface);
    await seedShop(emulator);
    const api = compositionOf(surface, emulator);
    await api.putComposition({ compositionID: composition.objectID, composition });
    const run = async (params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
      (await api.search({ compositionID: composition.objectID, requestBody: { params, ...extra } })) as {
        results: Result[];
        compositions: unknown;
      };
    return { emulator, api, run };
  }

  it('injects a group at its position, dropping its results from the main list, with their metadata', async () => {
    const { run } = await ready();
    const { results, compositions } = await run({ query: 'phone', hitsPerPage: 4 });
    expect(compositions).toEqual({ run: [{ objectID: 'shop' }] });
    const [result] = results;
    // Main: p7..p0 by rank; the group (sponsored p7, p6) takes slots 1 and 2.
    expect(ids(result.hits)).toEqual(['p5', 'p7', 'p6', 'p4']);
    expect(result.hits[1]._extra).toEqual({ ad: true, _injectedItemKey: 'ads' });
    expect(result.hits[0]._extra).toBeUndefined();
    expect(result).toMatchObject({
      nbHits: 8,
      nbPages: 2,
      page: 0,
      compositions: { shop: { injectedItems: [{ key: 'ads' }] } },
    });
    const second = (await run({ query: 'phone', hitsPerPage: 4, page: 1 })).results[0];
    expect(ids(second.hits)).toEqual(['p3', 'p2', 'p1', 'p0']);
  });

  it('keeps a duplicate where it ranks highest with positioning highest', async () => {
    const { run } = await ready(shop({ deduplication: { positioning: 'highest' } }));
    // The main list already holds p7 first: the group keeps only p6.
    const { results } = await run({ query: 'phone', hitsPerPage: 4 });
    expect(ids(results[0].hits)).toEqual(['p7', 'p6', 'p5', 'p4']);
  });

  it('applies the run query and refinements to the group, and counts disjunctive facets without their own refinements', async () => {
    const { run } = await ready();
    const { results } = await run({
      query: 'phone',
      facets: ['disjunctive(brand)', 'sponsored'],
      facetFilters: [['brand:bolt']],
      hitsPerPage: 10,
    });
    // bolt: p6, p4, p2, p0; the group's sponsored bolt phone is p6.
    expect(ids(results[0].hits)).toEqual(['p4', 'p6', 'p2', 'p0']);
    expect(results[0].facets).toEqual({ brand: { acme: 4, bolt: 4 }, sponsored: { false: 3, true: 1 } });
  });

  it('searches the index a sortBy label names, and refuses one unrelated to the main index', async () => {
    const { api, run } = await ready({
      ...shop(),
      sortingStrategy: { cheap: 'products_price_asc', wrong: 'products' },
    } as ReturnType<typeof shop>);
    expect(ids((await run({ sortBy: 'cheap', hitsPerPage: 3 })).results[0].hits)).toEqual(['p0', 'p7', 'p6']);
    // An unknown label sorts nothing: the main index, whose first result is p5 (the ads take p7, p6 to slot 1).
    expect(ids((await run({ sortBy: 'unknown label', hitsPerPage: 1 })).results[0].hits)).toEqual(['p5']);
    await api.updateSortingStrategyComposition({ compositionID: 'shop', requestBody: { odd: 'elsewhere' } });
    await rejects(run({ sortBy: 'odd' }), 404, 'Index does not exist');
  });

  it('injects external items with the run metadata, and tells where each came from with getRankingInfo', async () => {
    const external = {
      key: 'picks',
      position: 0,
      length: 2,
      source: { external: { index: 'products', ordering: 'userDefined' } },
    };
    const { run } = await ready(shop({ injectedItems: [external] }));
    const { results } = await run({
      query: 'phone',
      hitsPerPage: 3,
      getRankingInfo: true,
      injectedItems: {
        picks: {
          items: [{ objectID: 'p2', metadata: { label: 'pick' } }, { objectID: 'missing' }, { objectID: 'p1' }],
        },
      },
    });
    expect(ids(results[0].hits)).toEqual(['p2', 'p1', 'p7']);
    expect(results[0].hits[0]._extra).toEqual({ label: 'pick' });
    expect(results[0].hits[0]._rankingInfo?.composed).toEqual({
      shop: { index: 'products', injectedItemKey: 'picks' },
    });
    expect(results[0].hits[2]._rankingInfo?.composed).toBeUndefined();
  });

  it('runs each feed of a multifeed composition, in feedsOrder', async () => {
    const feeds = {
      ads: {
        injection: { main: { source: { search: { index: 'products', params: { filters: 'sponsored:true' } } } } },
      },
      all: { injection: { main: { source: { search: { index: 'products', params: { hitsPerPage: 2 } } } } } },
    };
    const { run } = await ready({
      objectID: 'shop',
      name: 'Feeds',
      behavior: { multifeed: { feeds, feedsOrder: ['all', 'ads'] } },
    } as never);
    const { results } = await run({ query: 'phone' });
    expect(results.map((r) => [r.feedID, ids(r.hits)])).toEqual([
      ['all', ['p7', 'p6']],
      ['ads', ['p7', 'p6']],
    ]);
    const only = await run({ query: 'phone' }, { feedsOrder: ['ads'] });
    expect(only.results.map((r) => r.feedID)).toEqual(['ads']);
  });

  it('records its searches for analytics, and its query IDs take insights events', async () => {
    const { emulator, run } = await ready();
    const { results } = await run({ query: 'phone', clickAnalytics: true, userToken: 'u1' });
    await emulator.pushEvents({
      events: [
        {
          eventType: 'click',
          eventName: 'c',
          index: 'products',
          userToken: 'u1',
          queryID: results[0].queryID!,
          objectIDs: ['p7'],
          positions: [2],
        },
      ],
    });
    expect((await emulator.getSearchesCount({ index: 'products' })).count).toBe(1);
    expect((await emulator.getClickThroughRate({ index: 'products' })).rate).toBe(1);
  });

  it('refuses parameters a run does not take, and answers 501 for recommend sources', async () => {
    const { api, run } = await ready();
    await rejects(run({ highlightPreTag: '<b>' }), 400, 'Unknown parameter: highlightPreTag (in `params`)');
    await rejects(api.search({ compositionID: 'nope', requestBody: {} }), 404, 'Composition not found');
    const recommend = {
      main: { source: { recommend: { indexName: 'products', model: 'trending-items', threshold: 0 } } },
    };
    await api.putComposition({
      compositionID: 'trending',
      composition: { objectID: 'trending', name: 'T', behavior: { injection: recommend } },
    });
    expect(await answered(api.search({ compositionID: 'trending', requestBody: {} }))).toMatchObject({
      status: 501,
      message: expect.stringContaining('Composition sources of kind `recommend` is not implemented by search-emulator'),
    });
  });

  it('searches facet values on the main index, narrowed by the run query', async () => {
    const { api } = await ready();
    expect(
      await api.searchForFacetValues({
        compositionID: 'shop',
        facetName: 'brand',
        searchForFacetValuesRequest: { params: { query: 'ac', maxFacetHits: 5, searchQuery: { query: 'phone 3' } } },
      }),
    ).toEqual({
      results: [
        {
          indexName: 'products',
          facetHits: [{ value: 'acme', highlighted: '<em>ac</em>me', count: 1 }],
          exhaustiveFacetsCount: true,
          processingTimeMS: 1,
        },
      ],
    });
  });
});
