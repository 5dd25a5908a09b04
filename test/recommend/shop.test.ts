import { recommendClient } from '@algolia/recommend';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, insightsFor, LAST_TRAINING, openShop, PRODUCTS, type Logged } from './shop';

/**
 * The five models after ten scripted days, read through direct calls and through the official
 * `@algolia/recommend` client over msw. Every expectation is computed below from the script's
 * own log, with the formulas docs/recommend.md states, and a few are written out by hand.
 */

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Hit = { objectID?: string; facetValue?: string; _score: number };
type Shop = Awaited<ReturnType<typeof openShop>>;

const round = (score: number) => Math.round(score * 100) / 100;
const byStrength = (strengths: Map<string, number>, scale: (value: number) => number) =>
  [...strengths]
    .filter(([, value]) => value > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .map(([id, value]) => ({ objectID: id, _score: round(scale(value)) }));
const record = (objectID: string) => PRODUCTS.find((product) => product.objectID === objectID)!;

// ---- the models, written again from their documented definitions ------------------------

function expectedBoughtTogether(log: readonly Logged[], source: string) {
  const baskets = new Map<string, Set<string>>();
  for (const { user, kind, objectIDs, at } of log) {
    if (kind !== 'conversion') continue;
    const key = `${user} ${new Date(at).toISOString().slice(0, 10)}`;
    baskets.set(key, new Set([...(baskets.get(key) ?? []), ...objectIDs]));
  }
  const mine = [...baskets.values()].filter((basket) => basket.has(source));
  const counts = new Map<string, number>();
  for (const basket of mine) for (const id of basket) if (id !== source) counts.set(id, (counts.get(id) ?? 0) + 1);
  return byStrength(counts, (count) => (100 * count) / mine.length);
}

function expectedRelated(log: readonly Logged[], source: string) {
  const weights = new Map<string, Map<string, number>>();
  for (const { user, kind, objectIDs } of log) {
    for (const id of objectIDs) {
      const users = weights.get(id) ?? new Map<string, number>();
      users.set(user, (users.get(user) ?? 0) + (kind === 'conversion' ? 2 : 1));
      weights.set(id, users);
    }
  }
  const norm = (users: Map<string, number>) => Math.sqrt([...users.values()].reduce((sum, w) => sum + w * w, 0));
  const mine = weights.get(source)!;
  const strengths = new Map<string, number>();
  for (const [id, users] of weights) {
    if (id === source) continue;
    let dot = 0;
    for (const [user, w] of users) dot += w * (mine.get(user) ?? 0);
    if (dot > 0) strengths.set(id, dot / (norm(mine) * norm(users)));
  }
  if (strengths.size < 10) {
    // Content fallback over attributesForFaceting: Jaccard index of attribute=value pairs.
    const pairs = (id: string) =>
      new Set(['brand', 'category'].map((name) => `${name}=${String(record(id)[name as 'brand']).toLowerCase()}`));
    const a = pairs(source);
    for (const { objectID } of PRODUCTS) {
      if (objectID === source || strengths.has(objectID)) continue;
      const b = pairs(objectID);
      const common = [...a].filter((pair) => b.has(pair)).length;
      if (common > 0) strengths.set(objectID, common / new Set([...a, ...b]).size);
    }
  }
  return byStrength(strengths, (value) => 100 * value);
}

/** Conversions in the week before `end` and the week before that; strength current × (current + 1) / (previous + 1). */
function trendStrengths(log: readonly Logged[], end: number) {
  const counts = new Map<string, { current: number; previous: number }>();
  for (const { kind, objectIDs, at } of log) {
    if (kind !== 'conversion' || at > end || at <= end - 14 * DAY) continue;
    for (const id of objectIDs) {
      const count = counts.get(id) ?? { current: 0, previous: 0 };
      if (at > end - 7 * DAY) count.current += 1;
      else count.previous += 1;
      counts.set(id, count);
    }
  }
  return counts;
}
const strength = ({ current, previous }: { current: number; previous: number }) =>
  (current * (current + 1)) / (previous + 1);

function expectedTrending(log: readonly Logged[], end: number, keep: (id: string) => boolean = () => true) {
  const strengths = new Map(
    [...trendStrengths(log, end)].filter(([id]) => keep(id)).map(([id, count]) => [id, strength(count)]),
  );
  const strongest = Math.max(...strengths.values());
  return byStrength(strengths, (value) => (100 * value) / strongest);
}

function expectedTrendingFacets(log: readonly Logged[], end: number, facet: 'brand' | 'category') {
  const sums = new Map<string, { current: number; previous: number }>();
  for (const [id, count] of trendStrengths(log, end)) {
    const value = record(id)[facet];
    const sum = sums.get(value) ?? { current: 0, previous: 0 };
    sums.set(value, { current: sum.current + count.current, previous: sum.previous + count.previous });
  }
  const strengths = new Map([...sums].map(([value, count]) => [value, strength(count)]));
  const strongest = Math.max(...strengths.values());
  return byStrength(strengths, (value) => (100 * value) / strongest).map(({ objectID, _score }) => ({
    facetValue: objectID,
    _score,
  }));
}

function expectedLookingSimilar(source: string, attributes: readonly ('category' | 'brand' | 'color')[]) {
  const shares = new Map<string, number>();
  for (const product of PRODUCTS) {
    if (product.objectID === source) continue;
    const shared = attributes.filter((name) => product[name] === record(source)[name]).length;
    shares.set(product.objectID, shared / attributes.length);
  }
  return byStrength(shares, (share) => 100 * share);
}

// ---- the tests ----------------------------------------------------------------------------

const scored = (hits: readonly Hit[]) =>
  hits.map((hit) =>
    hit.facetValue !== undefined
      ? { facetValue: hit.facetValue, _score: hit._score }
      : { objectID: hit.objectID, _score: hit._score },
  );

describe.each(['direct', 'client'] as const)('a scripted shop over ten days (%s)', (surface) => {
  let shop: Shop;
  let recommend: (requests: Record<string, unknown>[]) => Promise<{ hits: Hit[]; [field: string]: unknown }[]>;

  beforeAll(async () => {
    server.resetHandlers();
    shop = await openShop(server);
    const client = recommendClient(shop.emulator.appId, shop.emulator.adminApiKey);
    recommend = async (requests) => {
      const response =
        surface === 'direct'
          ? await shop.emulator.getRecommendations({ requests: requests as never })
          : await client.getRecommendations({ requests: requests as never });
      return response.results as never;
    };
  });

  it('bought-together: the share of the source baskets (one user, one UTC day of conversions) holding each record', async () => {
    const [phone, charger] = await recommend([
      { indexName: 'shop', model: 'bought-together', objectID: 'phone-x', threshold: 0 },
      { indexName: 'shop', model: 'bought-together', objectID: 'charger', threshold: 0 },
    ]);
    expect(scored(phone.hits)).toEqual([
      { objectID: 'case-x', _score: 100 },
      { objectID: 'charger', _score: 50 },
    ]);
    // Three baskets hold the charger; ties in score come in objectID order.
    expect(scored(charger.hits)).toEqual([
      { objectID: 'case-x', _score: 66.67 },
      { objectID: 'cable', _score: 33.33 },
      { objectID: 'phone-x', _score: 33.33 },
    ]);
    for (const id of ['phone-x', 'charger', 'speaker', 'case-y', 'cable']) {
      const [result] = await recommend([{ indexName: 'shop', model: 'bought-together', objectID: id, threshold: 0 }]);
      expect(scored(result.hits), id).toEqual(expectedBoughtTogether(shop.log, id));
    }
  });

  it('related-products: cosine of the user vectors, then records sharing attribute values while events are scarce', async () => {
    const [phone] = await recommend([
      { indexName: 'shop', model: 'related-products', objectID: 'phone-x', threshold: 0 },
    ]);
    expect(scored(phone.hits)).toEqual([
      { objectID: 'charger', _score: 92.72 },
      { objectID: 'case-x', _score: 75.09 },
      { objectID: 'cable', _score: 68.82 },
      // No event links them: same brand, another category (Jaccard 1/3).
      { objectID: 'earbuds', _score: 33.33 },
      { objectID: 'phone-y', _score: 7.25 },
    ]);
    for (const { objectID } of PRODUCTS) {
      const [result] = await recommend([{ indexName: 'shop', model: 'related-products', objectID, threshold: 0 }]);
      expect(scored(result.hits), objectID).toEqual(expectedRelated(shop.log, objectID));
    }
  });

  it('trending-items: this week against the week before, globally and for one facet value', async () => {
    const [global, cases] = await recommend([
      { indexName: 'shop', model: 'trending-items', threshold: 0 },
      { indexName: 'shop', model: 'trending-items', facetName: 'category', facetValue: 'case', threshold: 0 },
    ]);
    expect(scored(global.hits)).toEqual([
      { objectID: 'charger', _score: 100 },
      { objectID: 'cable', _score: 66.67 },
      { objectID: 'case-x', _score: 66.67 },
      { objectID: 'earbuds', _score: 66.67 },
      { objectID: 'phone-x', _score: 33.33 },
      { objectID: 'speaker', _score: 33.33 },
    ]);
    expect(scored(global.hits)).toEqual(expectedTrending(shop.log, LAST_TRAINING));
    expect(scored(cases.hits)).toEqual(
      expectedTrending(shop.log, LAST_TRAINING, (id) => record(id).category === 'case'),
    );
    expect(scored(cases.hits)).toEqual([{ objectID: 'case-x', _score: 100 }]);
  });

  it('trending-facets: the facet values by the conversions of their records', async () => {
    const [brands, categories] = await recommend([
      { indexName: 'shop', model: 'trending-facets', facetName: 'brand', threshold: 0 },
      { indexName: 'shop', model: 'trending-facets', facetName: 'category', threshold: 0, maxRecommendations: 2 },
    ]);
    expect(brands.hits).toEqual([
      { facetName: 'brand', facetValue: 'Acme', _score: 100 },
      { facetName: 'brand', facetValue: 'Zen', _score: 17.86 },
    ]);
    expect(scored(categories.hits)).toEqual(expectedTrendingFacets(shop.log, LAST_TRAINING, 'category').slice(0, 2));
  });

  it('looking-similar: the share of the configured attributes holding the source value', async () => {
    const [phone] = await recommend([
      { indexName: 'shop', model: 'looking-similar', objectID: 'phone-x', threshold: 50 },
    ]);
    expect(scored(phone.hits)).toEqual([
      { objectID: 'case-x', _score: 66.67 },
      { objectID: 'earbuds', _score: 66.67 },
      { objectID: 'phone-y', _score: 66.67 },
    ]);
    for (const { objectID } of PRODUCTS) {
      const [result] = await recommend([{ indexName: 'shop', model: 'looking-similar', objectID, threshold: 0 }]);
      expect(scored(result.hits), objectID).toEqual(expectedLookingSimilar(objectID, ['category', 'brand', 'color']));
    }
  });

  it('threshold, maxRecommendations and queryParameters filter through the search core', async () => {
    const [top, cheap, named] = await recommend([
      { indexName: 'shop', model: 'related-products', objectID: 'phone-x', threshold: 70, maxRecommendations: 30 },
      {
        indexName: 'shop',
        model: 'related-products',
        objectID: 'phone-x',
        threshold: 0,
        queryParameters: { numericFilters: ['price<100'], filters: 'NOT brand:Zen' },
      },
      {
        indexName: 'shop',
        model: 'related-products',
        objectID: 'phone-x',
        threshold: 0,
        maxRecommendations: 2,
        queryParameters: { query: 'case', attributesToRetrieve: ['name'], attributesToHighlight: ['name'] },
      },
    ]);
    expect(scored(top.hits)).toEqual([
      { objectID: 'charger', _score: 92.72 },
      { objectID: 'case-x', _score: 75.09 },
    ]);
    expect(top).toMatchObject({
      nbHits: 2,
      page: 0,
      nbPages: 1,
      hitsPerPage: 30,
      index: 'shop',
      exhaustiveNbHits: true,
    });
    expect(scored(cheap.hits)).toEqual([
      { objectID: 'charger', _score: 92.72 },
      { objectID: 'case-x', _score: 75.09 },
    ]);
    // Only records matching the query, with the attributes asked for, highlighted as search does.
    expect(named.hits).toEqual([
      {
        objectID: 'case-x',
        name: 'Case for Phone X',
        _highlightResult: {
          name: {
            value: '<em>Case</em> for Phone X',
            matchLevel: 'full',
            fullyHighlighted: false,
            matchedWords: ['case'],
          },
        },
        _score: 75.09,
      },
    ]);
  });

  it('clickAnalytics: a query ID insights accepts, without counting a search', async () => {
    const analytics = shop.client.initAnalytics({ region: 'us' });
    const range = { index: 'shop', startDate: '2024-06-01', endDate: '2024-06-20' };
    const before = await analytics.getSearchesCount(range);
    const [result] = await recommend([
      {
        indexName: 'shop',
        model: 'related-products',
        objectID: 'phone-x',
        threshold: 0,
        queryParameters: { clickAnalytics: true, userToken: 'fay' },
      },
    ]);
    expect(result.queryID).toMatch(/^[0-9a-f]{32}$/);
    const sent = await insightsFor(shop.emulator, 'fay').clickedObjectIDsAfterSearch({
      index: 'shop',
      eventName: 'Recommendation Clicked',
      queryID: result.queryID as string,
      objectIDs: ['charger'],
      positions: [1],
    });
    expect(sent).toBe(true);
    expect(await analytics.getSearchesCount(range)).toEqual(before);
    expect(before.count).toBe(4);
    // trending-facets takes no events: no query ID.
    const [facets] = await recommend([
      { indexName: 'shop', model: 'trending-facets', facetName: 'brand', threshold: 0 },
    ]);
    expect(facets.queryID).toBeUndefined();
  });
});

describe('training', () => {
  it('is deterministic: the same script and seed give the same answers, byte for byte', async () => {
    server.resetHandlers();
    const requests = [
      {
        indexName: 'shop',
        model: 'related-products',
        objectID: 'phone-x',
        threshold: 0,
        queryParameters: { clickAnalytics: true },
      },
      { indexName: 'shop', model: 'bought-together', objectID: 'charger', threshold: 0 },
      { indexName: 'shop', model: 'trending-items', threshold: 0 },
      { indexName: 'shop', model: 'trending-facets', facetName: 'category', threshold: 0 },
      { indexName: 'shop', model: 'looking-similar', objectID: 'case-x', threshold: 0 },
    ];
    const first = await openShop(server, { seed: 7 });
    const a = JSON.stringify(await first.emulator.getRecommendations({ requests: requests as never }));
    server.resetHandlers();
    const second = await openShop(server, { seed: 7 });
    const b = JSON.stringify(await second.emulator.getRecommendations({ requests: requests as never }));
    expect(b).toBe(a);
  });
});
