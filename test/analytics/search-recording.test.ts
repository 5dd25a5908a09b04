import { algoliasearch } from 'algoliasearch';
import * as searchInsights from 'search-insights';
import { describe, expect, it } from 'vitest';
import { emulatorFor } from './support';
import { createHandlers } from '../../src/msw';
import { setupMsw } from '../support/server';
import type { Emulator } from '../../src';

const { getRequesterForNode } = searchInsights as unknown as {
  getRequesterForNode: () => (url: string, data: Record<string, unknown>) => Promise<boolean>;
};

const server = setupMsw();

async function shop(options: Parameters<typeof emulatorFor>[0] = {}) {
  const emulator: Emulator = emulatorFor(options);
  server.use(...createHandlers(emulator));
  const client = algoliasearch(emulator.appId, emulator.adminApiKey);
  // Same text everywhere, no custom ranking: only personalization can tell them apart.
  await client.saveObjects({
    indexName: 'products',
    objects: [
      { objectID: 'iphone', name: 'smart phone', brand: 'Apple' },
      { objectID: 'pixel', name: 'smart phone', brand: 'Google' },
      { objectID: 'galaxy', name: 'smart phone', brand: 'Samsung' },
    ],
  });
  return { emulator, client };
}

describe('searches through the real client are recorded', () => {
  it('records tracked searches with their queryID, tags, user token and country; not analytics:false', async () => {
    const { emulator, client } = await shop({ country: 'DE' });
    const tracked = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'phone', clickAnalytics: true, analyticsTags: ['mobile'], userToken: 'alice' },
    });
    expect(tracked.queryID).toMatch(/^[0-9a-f]{32}$/);
    await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'hidden', analytics: false } });
    await client.searchSingleIndex(
      { indexName: 'products', searchParams: { query: 'nothing' } },
      { headers: { 'x-emulator-country': 'FR', 'x-algolia-usertoken': 'bob' } },
    );
    const multi = await client.search({
      requests: [
        { indexName: 'products', query: 'smart', clickAnalytics: true, userToken: 'carol' },
        { indexName: 'products', query: 'phone', userToken: 'dave' },
      ],
    });
    expect(multi.results).toHaveLength(2);

    const searches = emulator.core.state.analytics.searches.toArray();
    expect(searches.map((s) => [s.query, s.user, s.nbHits, s.country, s.tags, s.queryID !== undefined])).toEqual([
      ['phone', 'alice', 3, 'DE', ['mobile'], true],
      ['nothing', 'bob', 0, 'FR', [], false],
      ['smart', 'carol', 3, 'DE', [], true],
      ['phone', 'dave', 3, 'DE', [], false],
    ]);
    expect(searches[0].hits).toEqual(['pixel', 'iphone', 'galaxy']);

    const analytics = client.initAnalytics({ region: 'us' });
    expect(await analytics.getSearchesCount({ index: 'products' })).toMatchObject({ count: 4 });
    expect(await analytics.getTopCountries({ index: 'products' })).toEqual({
      countries: [
        { country: 'DE', count: 3 },
        { country: 'FR', count: 1 },
      ],
    });
    expect(await analytics.getSearchesCount({ index: 'products', tags: 'mobile' })).toMatchObject({ count: 1 });
    expect(await analytics.getSearchesNoResults({ index: 'products' })).toEqual({
      searches: [{ search: 'nothing', count: 1, withFilterCount: 0 }],
    });

    // A click with the returned queryID, through search-insights, counts for the search.
    const insights = new searchInsights.AlgoliaAnalytics({ requestFn: getRequesterForNode() });
    insights.init({ appId: emulator.appId, apiKey: emulator.adminApiKey, userToken: 'alice' });
    expect(
      await insights.clickedObjectIDsAfterSearch({
        index: 'products',
        eventName: 'Clicked',
        queryID: tracked.queryID!,
        objectIDs: ['pixel'],
        positions: [2],
      }),
    ).toBe(true);
    expect(await analytics.getClickThroughRate({ index: 'products' })).toMatchObject({
      rate: 0.5,
      clickCount: 1,
      trackedSearchCount: 2,
    });
    expect(await analytics.getAverageClickPosition({ index: 'products' })).toMatchObject({ average: 2, clickCount: 1 });
    // An invalid event: search-insights resolves false, nothing is stored.
    expect(
      await insights.clickedObjectIDsAfterSearch({
        index: 'products',
        eventName: 'Clicked',
        queryID: tracked.queryID!,
        objectIDs: ['pixel'],
        positions: [],
      }),
    ).toBe(false);
    expect(emulator.core.state.analytics.events).toHaveLength(1);
  });

  it('records the filters of real searches, in every form', async () => {
    const { client } = await shop();
    await client.setSettings({ indexName: 'products', indexSettings: { attributesForFaceting: ['brand'] } });
    await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'phone', facetFilters: [['brand:Apple', 'brand:Google']], userToken: 'a' },
    });
    await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'phone', filters: 'brand:Apple AND NOT brand:Nokia', userToken: 'b' },
    });
    await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'zzz', facetFilters: ['brand:Apple'], userToken: 'c' },
    });
    const analytics = client.initAnalytics({ region: 'us' });
    expect(await analytics.getTopFilterAttributes({ index: 'products' })).toEqual({
      attributes: [{ attribute: 'brand', count: 3 }],
    });
    expect(await analytics.getTopFilterForAttribute({ index: 'products', attribute: 'brand' })).toEqual({
      values: [
        { attribute: 'brand', operator: ':', value: 'Apple', count: 3 },
        { attribute: 'brand', operator: ':', value: 'Google', count: 1 },
        { attribute: 'brand', operator: ':', value: 'Nokia', count: 1 },
      ],
    });
    expect(await analytics.getTopFiltersNoResults({ index: 'products', search: 'zzz' })).toEqual({
      values: [{ count: 1, values: [{ attribute: 'brand', operator: ':', value: 'Apple' }] }],
    });
  });

  it('keeps only the last query of a typing sequence (within 30 s, same user)', async () => {
    const { emulator, client } = await shop();
    for (const query of ['s', 'sm', 'sma', 'smart']) {
      await client.searchSingleIndex({ indexName: 'products', searchParams: { query, userToken: 'alice' } });
      emulator.clock.advance('1s');
    }
    // Another user typing at the same time is a sequence of their own.
    await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'sm', userToken: 'bob' } });
    emulator.clock.advance('31s');
    // 31 s later: a new search, even though it extends the previous one.
    await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'smart phone', userToken: 'alice' },
    });
    const top = await client.initAnalytics({ region: 'us' }).getTopSearches({ index: 'products' });
    expect(top.searches.map((s) => [s.search, s.count])).toEqual([
      ['sm', 1],
      ['smart', 1],
      ['smart phone', 1],
    ]);
  });

  it('answers 429 to the v5 analytics client after 100 calls in a minute', async () => {
    const { emulator } = await shop();
    const analytics = algoliasearch(emulator.appId, emulator.adminApiKey).initAnalytics({
      region: 'us',
      options: { maxRateLimitRetries: 0 } as never,
    });
    for (let i = 0; i < 100; i++) await analytics.getStatus({ index: 'products' });
    await expect(analytics.getStatus({ index: 'products' })).rejects.toMatchObject({ status: 429 });
    emulator.clock.advance('1m');
    await expect(analytics.getStatus({ index: 'products' })).resolves.toEqual({ updatedAt: null });
  });
});

describe('personalization re-ranks a real query', () => {
  it('changes the order once events exist, and stops after the profile is deleted', async () => {
    const { client } = await shop();
    const personalization = client.initPersonalization({ region: 'eu' });
    await personalization.setPersonalizationStrategy({
      eventsScoring: [{ eventName: 'Clicked', eventType: 'click', score: 50 }],
      facetsScoring: [{ facetName: 'brand', score: 100 }],
      personalizationImpact: 100,
    });
    const search = async () => {
      const res = await client.searchSingleIndex<{ brand: string }>({
        indexName: 'products',
        searchParams: { query: 'phone', enablePersonalization: true, userToken: 'alice', getRankingInfo: true },
      });
      return res.hits.map((h) => [
        h.objectID,
        (h._rankingInfo as { personalization?: { score: number } }).personalization?.score,
      ]);
    };
    expect(await search()).toEqual([
      ['pixel', 0],
      ['iphone', 0],
      ['galaxy', 0],
    ]);
    await client.initInsights({}).pushEvents({
      events: [
        { eventType: 'click', eventName: 'Clicked', index: 'products', userToken: 'alice', objectIDs: ['galaxy'] },
      ],
    });
    // Samsung affinity 5 x facet score 100 = 500, a quarter of the strategy maximum (100 x 20).
    expect(await search()).toEqual([
      ['galaxy', 25],
      ['pixel', 0],
      ['iphone', 0],
    ]);
    // Without enablePersonalization, or for another user, the order is the plain one.
    const plain = await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'phone', userToken: 'alice' },
    });
    expect(plain.hits.map((h) => h.objectID)).toEqual(['pixel', 'iphone', 'galaxy']);
    await personalization.deleteUserProfile({ userToken: 'alice' });
    expect((await search()).map(([id]) => id)).toEqual(['pixel', 'iphone', 'galaxy']);
  });
});
