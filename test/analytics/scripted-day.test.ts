import { algoliasearch } from 'algoliasearch';
import * as searchInsights from 'search-insights';
import { describe, expect, it } from 'vitest';
import { emulatorFor, qid, seedSearch } from './support';
import { createHandlers } from '../../src/msw';
import { setupMsw } from '../support/server';
import type { Emulator } from '../../src';

/**
 * A scripted day of searches, clicks and conversions, then a search after midnight; the
 * figures the v5 analytics client reads are computed by hand below.
 */
const { AlgoliaAnalytics } = searchInsights;
// The node entry's requester (node http, or fetch); its types ship with the browser entry only.
const { getRequesterForNode } = searchInsights as unknown as {
  getRequesterForNode: () => (url: string, data: Record<string, unknown>) => Promise<boolean>;
};

const server = setupMsw();

const DAY1 = Date.UTC(2024, 0, 1, 10);
const DAY2 = Date.UTC(2024, 0, 2, 9);
const range = { index: 'products', startDate: '2024-01-01', endDate: '2024-01-02' };

async function scriptedDay(): Promise<{ emulator: Emulator; client: ReturnType<typeof algoliasearch> }> {
  const emulator = emulatorFor({ now: DAY1 });
  server.use(...createHandlers(emulator));
  const client = algoliasearch(emulator.appId, emulator.adminApiKey);
  const tracked = { clickAnalytics: true };
  seedSearch(emulator, {
    user: 'user-a',
    queryID: qid(1),
    nbHits: 3,
    hits: ['p1', 'p2', 'p3'],
    country: 'FR',
    params: { ...tracked, query: 'phone', analyticsTags: ['mobile'], facetFilters: [['brand:apple']] },
  });
  emulator.clock.advance('1m');
  seedSearch(emulator, {
    user: 'user-b',
    queryID: qid(2),
    nbHits: 5,
    hits: ['p1', 'p4'],
    country: 'US',
    params: { ...tracked, query: 'phone' },
  });
  seedSearch(emulator, { user: 'user-c', nbHits: 2, hits: ['l1', 'l2'], country: 'FR', params: { query: 'laptop' } });
  seedSearch(emulator, {
    user: 'user-a',
    queryID: qid(3),
    nbHits: 0,
    params: { ...tracked, query: 'zzz', filters: 'color:red' },
  });
  // Keystrokes within 30 s: only "tv" counts.
  seedSearch(emulator, { user: 'user-d', nbHits: 9, hits: ['t0'], params: { query: 't' } });
  emulator.clock.advance('2s');
  seedSearch(emulator, { user: 'user-d', nbHits: 1, hits: ['t1'], params: { query: 'tv' } });
  // Not recorded at all.
  seedSearch(emulator, { user: 'user-e', nbHits: 4, hits: ['s1'], params: { query: 'secret', analytics: false } });
  emulator.clock.advance('5m');

  // Clicks and a purchase through search-insights, one click through the v5 insights client.
  const insights = new AlgoliaAnalytics({ requestFn: getRequesterForNode() });
  insights.init({ appId: emulator.appId, apiKey: emulator.adminApiKey, userToken: 'user-a' });
  const sent = [
    await insights.clickedObjectIDsAfterSearch({
      index: 'products',
      eventName: 'Clicked',
      queryID: qid(1),
      objectIDs: ['p1', 'p2'],
      positions: [1, 2],
    }),
    await insights.purchasedObjectIDsAfterSearch({
      index: 'products',
      eventName: 'Bought',
      queryID: qid(1),
      objectIDs: ['p1'],
      objectData: [{ price: 100, quantity: 1 }],
      currency: 'EUR',
    }),
  ];
  expect(sent).toEqual([true, true]);
  await client.initInsights({}).pushEvents({
    events: [
      {
        eventType: 'click',
        eventName: 'Clicked',
        index: 'products',
        userToken: 'user-b',
        queryID: qid(2),
        objectIDs: ['p4'],
        positions: [12],
      },
    ],
  });

  // After midnight: one more tracked search, no event.
  emulator.clock.set(DAY2);
  seedSearch(emulator, {
    user: 'user-a',
    queryID: qid(4),
    nbHits: 3,
    hits: ['p1', 'p2', 'p3'],
    params: { ...tracked, query: 'phone' },
  });
  return { emulator, client };
}

describe('a scripted day through search-insights and the v5 clients', () => {
  it('produces the exact figures, per day, with null versus 0', async () => {
    const { client } = await scriptedDay();
    const analytics = client.initAnalytics({ region: 'us' });

    expect(await analytics.getSearchesCount(range)).toEqual({
      count: 6,
      dates: [
        { date: '2024-01-01', count: 5 },
        { date: '2024-01-02', count: 1 },
      ],
    });
    // Distinct users: a, b, c, d; user-a on both days counts once.
    expect(await analytics.getUsersCount(range)).toEqual({
      count: 4,
      dates: [
        { date: '2024-01-01', count: 4 },
        { date: '2024-01-02', count: 1 },
      ],
    });
    expect(await analytics.getTopSearches(range)).toEqual({
      searches: [
        { search: 'phone', count: 3, nbHits: 4 },
        { search: 'laptop', count: 1, nbHits: 2 },
        { search: 'tv', count: 1, nbHits: 1 },
        { search: 'zzz', count: 1, nbHits: 0 },
      ],
    });
    const buckets = (counts: Record<number, number>) =>
      [...Array.from({ length: 10 }, (_, i) => [i + 1, i + 1]), [11, 20], [21, -1]].map((position, i) => ({
        position,
        clickCount: counts[i] ?? 0,
      }));
    const withClicks = await analytics.getTopSearches({ ...range, clickAnalytics: true });
    expect(withClicks.searches).toEqual([
      {
        search: 'phone',
        count: 3,
        nbHits: 4,
        trackedSearchCount: 3,
        clickCount: 3,
        conversionCount: 1,
        clickThroughRate: 2 / 3,
        conversionRate: 1 / 3,
        averageClickPosition: 5,
        clickPositions: buckets({ 0: 1, 1: 1, 10: 1 }),
      },
      {
        search: 'laptop',
        count: 1,
        nbHits: 2,
        trackedSearchCount: 0,
        clickCount: 0,
        conversionCount: 0,
        clickThroughRate: null,
        conversionRate: null,
        averageClickPosition: null,
        clickPositions: buckets({}),
      },
      {
        search: 'tv',
        count: 1,
        nbHits: 1,
        trackedSearchCount: 0,
        clickCount: 0,
        conversionCount: 0,
        clickThroughRate: null,
        conversionRate: null,
        averageClickPosition: null,
        clickPositions: buckets({}),
      },
      {
        search: 'zzz',
        count: 1,
        nbHits: 0,
        trackedSearchCount: 1,
        clickCount: 0,
        conversionCount: 0,
        clickThroughRate: 0,
        conversionRate: 0,
        averageClickPosition: null,
        clickPositions: buckets({}),
      },
    ]);
    const byCtr = await analytics.getTopSearches({
      ...range,
      clickAnalytics: true,
      orderBy: 'clickThroughRate',
      direction: 'asc',
    });
    expect(byCtr.searches.map((s) => s.search)).toEqual(['zzz', 'phone', 'laptop', 'tv']);
    await expect(analytics.getTopSearches({ ...range, orderBy: 'clickThroughRate' })).rejects.toMatchObject({
      status: 400,
    });

    expect(await analytics.getSearchesNoResults(range)).toEqual({
      searches: [{ search: 'zzz', count: 1, withFilterCount: 1 }],
    });
    expect(await analytics.getSearchesNoClicks(range)).toEqual({
      searches: [
        { search: 'phone', count: 1, nbHits: 3 },
        { search: 'zzz', count: 1, nbHits: 0 },
      ],
    });
    expect(await analytics.getNoResultsRate(range)).toEqual({
      rate: 1 / 6,
      count: 6,
      noResultCount: 1,
      dates: [
        { date: '2024-01-01', rate: 0.2, count: 5, noResultCount: 1 },
        { date: '2024-01-02', rate: 0, count: 1, noResultCount: 0 },
      ],
    });
    expect(await analytics.getNoClickRate(range)).toEqual({
      rate: 0.5,
      count: 4,
      noClickCount: 2,
      dates: [
        { date: '2024-01-01', rate: 1 / 3, count: 3, noClickCount: 1 },
        { date: '2024-01-02', rate: 1, count: 1, noClickCount: 1 },
      ],
    });
    // Three days, the first without any tracked search: null, not 0.
    const threeDays = { ...range, startDate: '2023-12-31' };
    expect(await analytics.getClickThroughRate(threeDays)).toEqual({
      rate: 0.5,
      clickCount: 3,
      trackedSearchCount: 4,
      dates: [
        { date: '2023-12-31', rate: null, clickCount: 0, trackedSearchCount: 0 },
        { date: '2024-01-01', rate: 2 / 3, clickCount: 3, trackedSearchCount: 3 },
        { date: '2024-01-02', rate: 0, clickCount: 0, trackedSearchCount: 1 },
      ],
    });
    expect(await analytics.getConversionRate(threeDays)).toEqual({
      rate: 0.25,
      trackedSearchCount: 4,
      conversionCount: 1,
      dates: [
        { date: '2023-12-31', rate: null, trackedSearchCount: 0, conversionCount: 0 },
        { date: '2024-01-01', rate: 1 / 3, trackedSearchCount: 3, conversionCount: 1 },
        { date: '2024-01-02', rate: 0, trackedSearchCount: 1, conversionCount: 0 },
      ],
    });
    expect(await analytics.getPurchaseRate(range)).toMatchObject({
      rate: 0.25,
      purchaseCount: 1,
      trackedSearchCount: 4,
    });
    expect(await analytics.getAddToCartRate(range)).toMatchObject({
      rate: 0,
      addToCartCount: 0,
      trackedSearchCount: 4,
    });
    expect(await analytics.getRevenue(range)).toEqual({
      currencies: { EUR: { currency: 'EUR', revenue: 100 } },
      dates: [
        { date: '2024-01-01', currencies: { EUR: { currency: 'EUR', revenue: 100 } } },
        { date: '2024-01-02', currencies: {} },
      ],
    });
    expect(await analytics.getAverageClickPosition(range)).toEqual({
      average: 5,
      clickCount: 3,
      dates: [
        { date: '2024-01-01', average: 5, clickCount: 3 },
        { date: '2024-01-02', average: null, clickCount: 0 },
      ],
    });
    expect(await analytics.getClickPositions(range)).toEqual({ positions: buckets({ 0: 1, 1: 1, 10: 1 }) });

    expect(await analytics.getTopHits(range)).toEqual({
      hits: [
        { hit: 'p1', count: 3 },
        { hit: 'p2', count: 2 },
        { hit: 'p3', count: 2 },
        { hit: 'l1', count: 1 },
        { hit: 'l2', count: 1 },
        { hit: 'p4', count: 1 },
        { hit: 't1', count: 1 },
      ],
    });
    const hitsForPhone = await analytics.getTopHits({ ...range, search: 'phone', clickAnalytics: true });
    expect(hitsForPhone.hits[0]).toEqual({
      hit: 'p1',
      count: 3,
      trackedHitCount: 3,
      clickCount: 1,
      conversionCount: 1,
      clickThroughRate: 1 / 3,
      conversionRate: 1 / 3,
    });
    expect(hitsForPhone.hits.map((h) => h.hit)).toEqual(['p1', 'p2', 'p3', 'p4']);
    const revenueHits = await analytics.getTopHits({ ...range, search: 'phone', revenueAnalytics: true });
    expect(revenueHits.hits.slice(0, 2)).toMatchObject([
      {
        hit: 'p1',
        purchaseCount: 1,
        purchaseRate: 1 / 3,
        addToCartCount: 0,
        addToCartRate: 0,
        currencies: { EUR: { currency: 'EUR', revenue: 100 } },
      },
      { hit: 'p2', purchaseCount: 0, purchaseRate: 0, currencies: {} },
    ]);
    const revenueSearches = await analytics.getTopSearches({ ...range, revenueAnalytics: true });
    expect(revenueSearches.searches[0]).toMatchObject({
      search: 'phone',
      clickThroughRate: 2 / 3,
      purchaseCount: 1,
      purchaseRate: 1 / 3,
      addToCartCount: 0,
      addToCartRate: 0,
      currencies: { EUR: { currency: 'EUR', revenue: 100 } },
    });
    expect(revenueSearches.searches[1]).toMatchObject({
      search: 'laptop',
      purchaseRate: null,
      addToCartRate: null,
      currencies: {},
    });

    expect(await analytics.getTopFilterAttributes(range)).toEqual({
      attributes: [
        { attribute: 'brand', count: 1 },
        { attribute: 'color', count: 1 },
      ],
    });
    expect(await analytics.getTopFilterAttributes({ ...range, search: 'zzz' })).toEqual({
      attributes: [{ attribute: 'color', count: 1 }],
    });
    expect(await analytics.getTopFilterForAttribute({ ...range, attribute: 'brand' })).toEqual({
      values: [{ attribute: 'brand', operator: ':', value: 'apple', count: 1 }],
    });
    expect(await analytics.getTopFilterForAttribute({ ...range, attribute: 'brand,color', search: 'zzz' })).toEqual({
      values: [{ attribute: 'color', operator: ':', value: 'red', count: 1 }],
    });
    expect(await analytics.getTopFiltersNoResults({ ...range, search: 'zzz' })).toEqual({
      values: [{ count: 1, values: [{ attribute: 'color', operator: ':', value: 'red' }] }],
    });
    expect(await analytics.getTopFiltersNoResults({ ...range, search: 'phone' })).toEqual({ values: null });
    expect(await analytics.getTopCountries(range)).toEqual({
      countries: [
        { country: 'FR', count: 2 },
        { country: 'US', count: 1 },
      ],
    });
    expect(await analytics.getSearchesCount({ ...range, tags: 'mobile' })).toMatchObject({ count: 1 });
    expect(await analytics.getSearchesCount({ ...range, tags: 'mobile OR desktop' })).toMatchObject({ count: 1 });
    expect(await analytics.getSearchesCount({ ...range, tags: 'mobile AND desktop' })).toMatchObject({ count: 0 });
  });

  it('defaults the range to the last 7 days and today, pages with limit and offset', async () => {
    const { client } = await scriptedDay();
    const analytics = client.initAnalytics({ region: 'de' });
    const count = await analytics.getSearchesCount({ index: 'products' });
    expect(count.dates.map((d) => d.date)).toEqual([
      '2023-12-26',
      '2023-12-27',
      '2023-12-28',
      '2023-12-29',
      '2023-12-30',
      '2023-12-31',
      '2024-01-01',
      '2024-01-02',
    ]);
    expect(count.count).toBe(6);
    const page = await analytics.getTopSearches({ ...range, limit: 2, offset: 1 });
    expect(page.searches.map((s) => s.search)).toEqual(['laptop', 'tv']);
    await expect(analytics.getSearchesCount({ ...range, startDate: '2024-13-01' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(analytics.getSearchesCount({ ...range, startDate: '2024-01-03' })).rejects.toMatchObject({
      status: 400,
    });
  });
});
