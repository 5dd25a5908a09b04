import { describe, expect, it } from 'vitest';
import type { Emulator } from '../../src';
import { expectUnchanged, rejects, setupSurfaces, SURFACES, type Api, type Surface } from '../support/surfaces';

const open = setupSurfaces({ analyticsRefresh: 'immediate' });

const analyticsOf = (
  surface: Surface,
  emulator: Emulator,
  client: ReturnType<ReturnType<typeof setupSurfaces>>['client'],
) => (surface === 'direct' ? emulator.initAnalytics() : client.initAnalytics({})) as unknown as Api;

const indices = [{ kind: 'indices', value: ['products'] }];

/**
 * Searches on `products` from three users, two of them tagged `web`; `phone` by user `a` gets a
 * click at position 2 and a 30 EUR purchase; `zzz` finds nothing; one search is from France.
 */
async function seed(emulator: Emulator): Promise<void> {
  await emulator.saveObjects({
    indexName: 'products',
    objects: [
      { objectID: '1', name: 'phone' },
      { objectID: '2', name: 'phone case' },
    ],
  });
  const searches: [string, string, string[], string?][] = [
    ['phone', 'a', ['web'], 'FR'],
    ['phone', 'b', ['web']],
    ['case', 'a', []],
    ['zzz', 'c', []],
  ];
  for (const [query, user, tags, country] of searches) {
    const search = country
      ? emulator.as({ apiKey: emulator.adminApiKey, headers: { 'x-emulator-country': country } })
      : emulator;
    const res = (await search.searchSingleIndex({
      indexName: 'products',
      searchParams: { query, userToken: user, clickAnalytics: true, analyticsTags: tags },
    })) as { queryID: string };
    if (query !== 'phone' || user !== 'a') continue;
    await emulator.pushEvents({
      events: [
        {
          eventType: 'click',
          eventName: 'c',
          index: 'products',
          userToken: user,
          queryID: res.queryID,
          objectIDs: ['2'],
          positions: [2],
        },
        {
          eventType: 'conversion',
          eventSubtype: 'purchase',
          eventName: 'p',
          index: 'products',
          userToken: user,
          queryID: res.queryID,
          objectIDs: ['2'],
          objectData: [{ price: 30, quantity: 1 }],
          currency: 'EUR',
        },
      ],
    });
  }
}

describe.each(SURFACES)('/3/patterns (%s)', (surface) => {
  it('aggregates the same searches and events as the /2 reports', async () => {
    const { emulator, client } = open(surface);
    await seed(emulator);
    const analytics = analyticsOf(surface, emulator, client);
    const scalar = await analytics.queryPatternsScalar({
      index: 'products',
      scalarPayload: {
        metrics: [
          'searchesCount',
          'usersCount',
          'noResultsRate',
          'clickThroughRate',
          'averageClickPosition',
          'conversionRate',
          'revenue',
        ].map((kind) => ({ kind })),
        parameters: indices,
      },
    });
    expect(scalar).toEqual({
      searchesCount: 4,
      usersCount: 3,
      noResultsRate: 0.25,
      clickThroughRate: 0.25,
      averageClickPosition: 2,
      conversionRate: 0.25,
      revenue: { EUR: 30 },
    });
    expect(scalar.searchesCount).toBe((await emulator.getSearchesCount({ index: 'products' })).count);
    expect(scalar.clickThroughRate).toBe((await emulator.getClickThroughRate({ index: 'products' })).rate);
  });

  it('groups rows, filters them and sorts them (the CTS table query)', async () => {
    const { emulator, client } = open(surface);
    await seed(emulator);
    const analytics = analyticsOf(surface, emulator, client);
    const table = (tablePayload: Record<string, unknown>) =>
      analytics.queryPatternsTable({ index: 'products', tablePayload: { parameters: indices, ...tablePayload } });
    expect(
      await table({
        domain: 'core',
        metrics: [{ kind: 'searchesCount' }],
        groupBy: [{ kind: 'query' }],
        filters: [{ kind: 'clicked' }],
        orderBy: [{ kind: 'searchesCount', direction: 'desc' }],
        limit: 100,
        offset: 0,
      }),
    ).toEqual({ rows: [{ query: 'phone', searchesCount: 1 }] });
    expect(
      await table({
        metrics: [{ kind: 'searchesCount' }, { kind: 'noResultsRate' }],
        groupBy: [{ kind: 'query' }],
        orderBy: [
          { kind: 'searchesCount', direction: 'desc' },
          { kind: 'query', direction: 'asc' },
        ],
      }),
    ).toEqual({
      rows: [
        { query: 'phone', searchesCount: 2, noResultsRate: 0 },
        { query: 'case', searchesCount: 1, noResultsRate: 0 },
        { query: 'zzz', searchesCount: 1, noResultsRate: 1 },
      ],
    });
    expect(
      await table({
        metrics: [{ kind: 'searchesCount' }],
        groupBy: [{ kind: 'tags' }],
        filters: [{ kind: 'query', operator: 'STARTS_WITH', parameter: { kind: 'prefix' } }],
        parameters: [...indices, { kind: 'prefix', value: 'ph' }],
        orderBy: [{ kind: 'tags', direction: 'asc' }],
      }),
    ).toEqual({ rows: [{ tags: 'web', searchesCount: 2 }] });
    expect(
      await table({
        metrics: [{ kind: 'clicksCount' }, { kind: 'purchaseCount' }],
        groupBy: [{ kind: 'objectID' }],
        orderBy: [{ kind: 'clicksCount', direction: 'desc' }],
        limit: 1,
      }),
    ).toEqual({ rows: [{ objectID: '2', clicksCount: 1, purchaseCount: 1 }] });
    expect(
      await table({
        metrics: [{ kind: 'searchesCount' }],
        groupBy: [{ kind: 'country' }],
        orderBy: [{ kind: 'searchesCount', direction: 'desc' }],
      }),
    ).toEqual({ rows: [{ country: 'FR', searchesCount: 1 }] });
  });

  it('gives a series per group with totals and every day of the window', async () => {
    const { emulator, client } = open(surface);
    await seed(emulator);
    emulator.clock.advance('1d');
    await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
    const analytics = analyticsOf(surface, emulator, client);
    const { series } = await analytics.queryPatternsTimeseries({
      index: 'products',
      timeseriesPayload: {
        metrics: [{ kind: 'searchesCount' }],
        groupBy: [{ kind: 'query' }],
        parameters: [
          ...indices,
          { kind: 'startDate', value: '2024-01-01T00:00:00Z' },
          { kind: 'endDate', value: '2024-01-02T23:59:59Z' },
        ],
        limit: 2,
      },
    });
    expect(series).toEqual([
      {
        key: { query: 'phone' },
        totals: { searchesCount: 3 },
        dates: [
          { date: '2024-01-01', metrics: { searchesCount: 2 } },
          { date: '2024-01-02', metrics: { searchesCount: 1 } },
        ],
      },
      {
        key: { query: 'case' },
        totals: { searchesCount: 1 },
        dates: [
          { date: '2024-01-01', metrics: { searchesCount: 1 } },
          { date: '2024-01-02', metrics: { searchesCount: 0 } },
        ],
      },
    ]);
    const none = await analytics.queryPatternsTimeseries({
      index: 'other',
      timeseriesPayload: { metrics: [{ kind: 'searchesCount' }], parameters: [{ kind: 'indices', value: ['other'] }] },
    });
    expect(none).toEqual({ series: null });
  });

  it('buckets click positions into the bins asked for', async () => {
    const { emulator, client } = open(surface);
    await seed(emulator);
    const analytics = analyticsOf(surface, emulator, client);
    expect(
      await analytics.queryPatternsDistribution({
        index: 'products',
        distributionPayload: {
          distributions: [{ kind: 'clickPosition', bins: [1, 2, 3, 11, -1] }],
          parameters: indices,
        },
      }),
    ).toEqual({ histogramClickPosition: { '1': 0, '2': 1, '3-10': 0, '11+': 0 } });
  });

  it('lists its field catalog with an entity tag', async () => {
    const { emulator, client } = open(surface);
    const { domains } = await analyticsOf(surface, emulator, client).getPatternsFields();
    expect(Object.keys(domains)).toEqual(['core']);
    expect(domains.core.metrics).toContainEqual({
      kind: 'conversionRate',
      description: expect.any(String),
      roots: ['searches', 'hits'],
      requires: ['clickAnalyticsEnabled'],
    });
    const res = await emulator.request({ method: 'GET', path: '/3/patterns/fields', host: 'analytics' });
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{8}"$/);
  });

  it('refuses what it cannot read, saying why, and changes nothing', async () => {
    const { emulator, client } = open(surface);
    await seed(emulator);
    const analytics = analyticsOf(surface, emulator, client);
    const before = emulator.core.state;
    const table = (tablePayload: Record<string, unknown>) =>
      analytics.queryPatternsTable({ index: 'products', tablePayload: { parameters: indices, ...tablePayload } });
    await rejects(
      table({ metrics: [{ kind: 'searchCount' }] }),
      400,
      'Unknown metric "searchCount" in domain core: see /3/patterns/fields',
    );
    await rejects(
      table({ metrics: [{ kind: 'searchesCount' }], groupBy: [{ kind: 'query' }] }),
      400,
      'Missing `orderBy`: it is required when `groupBy` is set',
    );
    await rejects(
      table({ metrics: [{ kind: 'conversionRate' }], filters: [{ kind: 'clicked' }] }),
      400,
      'These fields cannot be combined in one query (their roots do not intersect): conversionRate, clicked',
    );
    await rejects(
      table({
        metrics: [{ kind: 'searchesCount' }],
        filters: [{ kind: 'country', operator: '=', parameter: { kind: 'country' } }],
      }),
      400,
      'Invalid `filters[0].parameter`: no parameter named "country" in `parameters`',
    );
    await rejects(
      table({ metrics: [{ kind: 'searchesCount' }], filters: [{ kind: 'query' }] }),
      400,
      'Invalid `filters[0]`: query is not boolean, it needs an operator and a parameter',
    );
    await rejects(
      analytics.queryPatternsTable({
        index: 'other',
        tablePayload: { metrics: [{ kind: 'searchesCount' }], parameters: indices },
      }),
      400,
      'The `index` query parameter must list the same indices as the `indices` parameter',
    );
    expectUnchanged(emulator, before, ['indices', 'tasks']);
  });
});

describe('/3/patterns and restricted keys', () => {
  it('needs the index query parameter with a key restricted to some indices', async () => {
    const { emulator } = open('direct');
    const { key } = await emulator.addApiKey({ acl: ['analytics'], indexes: ['products'] });
    const restricted = emulator.as({ apiKey: key }).initAnalytics();
    const payload = { metrics: [{ kind: 'searchesCount' }], parameters: indices };
    await rejects(
      restricted.queryPatternsScalar({ scalarPayload: payload } as never),
      403,
      'Index not allowed with this API key',
    );
    expect(await restricted.queryPatternsScalar({ index: 'products', scalarPayload: payload } as never)).toEqual({
      searchesCount: 0,
    });
  });
});
