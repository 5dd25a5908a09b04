import type { EventsItems } from '@algolia/client-insights';
import type { PersonalizationStrategyParams } from '@algolia/client-personalization';
import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { personalizationScorer } from '../../src/emulator/analytics';
import { createHandlers } from '../../src/msw';
import { emulatorFor } from '../analytics/support';
import { setupMsw } from '../support/server';
import type { Emulator } from '../../src';

const server = setupMsw();

const strategy: PersonalizationStrategyParams = {
  eventsScoring: [
    { eventName: 'Product Clicked', eventType: 'click', score: 20 },
    { eventName: 'Product Bought', eventType: 'conversion', score: 50 },
  ],
  facetsScoring: [
    { facetName: 'brand', score: 70 },
    { facetName: 'categories', score: 30 },
  ],
  personalizationImpact: 80,
};

async function shop(): Promise<Emulator> {
  const emulator = emulatorFor();
  await emulator.saveObjects({
    indexName: 'products',
    objects: [
      { objectID: 'iphone', name: 'phone one', brand: 'Apple', categories: ['phones'] },
      { objectID: 'pixel', name: 'phone two', brand: 'Google', categories: ['phones'] },
      { objectID: 'macbook', name: 'laptop', brand: 'Apple', categories: ['laptops', 'computers'] },
    ],
  });
  return emulator;
}

const clicked = (objectIDs: string[], userToken = 'alice', extra: Record<string, unknown> = {}): EventsItems => ({
  eventType: 'click',
  eventName: 'Product Clicked',
  index: 'products',
  userToken,
  objectIDs,
  ...extra,
});

describe('personalization strategy', () => {
  it('is 404 until set, then read back as set (v5 personalization client)', async () => {
    const emulator = await shop();
    server.use(...createHandlers(emulator));
    const client = algoliasearch(emulator.appId, emulator.adminApiKey).initPersonalization({ region: 'eu' });
    await expect(client.getPersonalizationStrategy()).rejects.toMatchObject({ status: 404 });
    await expect(client.setPersonalizationStrategy(strategy)).resolves.toEqual({
      status: 200,
      message: 'Strategy was successfully updated',
    });
    expect(await client.getPersonalizationStrategy()).toEqual(strategy);
  });

  it.each([
    [{ eventsScoring: undefined }, 'eventsScoring: required'],
    [{ personalizationImpact: 101 }, 'personalizationImpact: must be an integer between 0 and 100'],
    [{ personalizationImpact: -1 }, 'personalizationImpact: must be an integer between 0 and 100'],
    [
      { eventsScoring: [{ eventName: 'x', eventType: 'purchase', score: 1 }] },
      'eventsScoring[0].eventType: must be one of click, conversion, view',
    ],
    [
      { eventsScoring: [{ eventName: 'x', eventType: 'click', score: 0 }] },
      'eventsScoring[0].score: must be an integer between 1 and 100',
    ],
    [
      { eventsScoring: [{ eventName: '', eventType: 'click', score: 5 }] },
      'eventsScoring[0].eventName: must be a non-empty string',
    ],
    [
      { facetsScoring: [{ facetName: 'brand', score: 101 }] },
      'facetsScoring[0].score: must be an integer between 1 and 100',
    ],
    [{ facetsScoring: 'brand' }, 'facetsScoring: must be an array'],
  ])('rejects %j with 422 naming the field', async (change, message) => {
    const emulator = await shop();
    const body: Record<string, unknown> = { ...strategy, ...change };
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    await expect(emulator.setPersonalizationStrategy(body as never)).rejects.toMatchObject({ status: 422, message });
  });

  it('answers 401 for bad credentials and for a key without the recommendation right', async () => {
    const emulator = await shop();
    await expect(emulator.as({ apiKey: 'nope' }).getPersonalizationStrategy()).rejects.toMatchObject({ status: 401 });
    const { key } = await emulator.addApiKey({ acl: ['search'] });
    await expect(emulator.as({ apiKey: key }).getPersonalizationStrategy()).rejects.toMatchObject({ status: 401 });
    const { key: allowed } = await emulator.addApiKey({ acl: ['recommendation'] });
    await expect(emulator.as({ apiKey: allowed }).getPersonalizationStrategy()).rejects.toMatchObject({ status: 404 });
  });
});

describe('user profiles', () => {
  it('are computed from the events the strategy scores, bounded at 20', async () => {
    const emulator = await shop();
    await emulator.setPersonalizationStrategy(strategy);
    await expect(emulator.getUserTokenProfile({ userToken: 'alice' })).rejects.toMatchObject({ status: 404 });
    // Two clicks (20 points each) on Apple phones, one purchase (50) of a macbook, one view the strategy ignores.
    await emulator.pushEvents({ events: [clicked(['iphone']), clicked(['iphone'])] });
    emulator.clock.advance('1m');
    await emulator.pushEvents({
      events: [
        {
          eventType: 'conversion',
          eventName: 'Product Bought',
          index: 'products',
          userToken: 'alice',
          objectIDs: ['macbook'],
        },
        { eventType: 'view', eventName: 'Product Viewed', index: 'products', userToken: 'alice', objectIDs: ['pixel'] },
      ],
    });
    // Apple: 20 + 20 + 50 = 90 points -> 9; phones: 40 -> 4; laptops, computers: 50 -> 5.
    expect(await emulator.getUserTokenProfile({ userToken: 'alice' })).toEqual({
      userToken: 'alice',
      lastEventAt: '2024-01-01T00:01:00.000Z',
      scores: { brand: { Apple: 9 }, categories: { phones: 4, laptops: 5, computers: 5 } },
    });
    // Many events: each affinity stops at 20.
    await emulator.pushEvents({ events: Array.from({ length: 30 }, () => clicked(['pixel'])) });
    const profile = await emulator.getUserTokenProfile({ userToken: 'alice' });
    expect(profile.scores.brand).toEqual({ Apple: 9, Google: 20 });
    expect(profile.scores.categories).toMatchObject({ phones: 20 });
  });

  it('filter events score their facet values', async () => {
    const emulator = await shop();
    await emulator.setPersonalizationStrategy(strategy);
    await emulator.pushEvents({
      events: [
        {
          eventType: 'click',
          eventName: 'Product Clicked',
          index: 'products',
          userToken: 'bob',
          filters: ['brand:Google', 'color:red'],
        },
      ],
    });
    expect((await emulator.getUserTokenProfile({ userToken: 'bob' })).scores).toEqual({ brand: { Google: 2 } });
  });

  it('deletion ignores earlier events; later events start a new profile (v5 client)', async () => {
    const emulator = await shop();
    server.use(...createHandlers(emulator));
    const client = algoliasearch(emulator.appId, emulator.adminApiKey).initPersonalization({ region: 'us' });
    await client.setPersonalizationStrategy(strategy);
    await expect(client.deleteUserProfile({ userToken: 'alice' })).rejects.toMatchObject({ status: 404 });
    await emulator.pushEvents({ events: [clicked(['iphone'])] });
    emulator.clock.advance('10m');
    expect(await client.deleteUserProfile({ userToken: 'alice' })).toEqual({
      userToken: 'alice',
      deletedUntil: '2024-01-01T00:10:00.000Z',
    });
    await expect(client.getUserTokenProfile({ userToken: 'alice' })).rejects.toMatchObject({ status: 404 });
    // An event timestamped before deletedUntil, sent after it, is ignored too.
    await emulator.pushEvents({ events: [clicked(['pixel'], 'alice', { timestamp: emulator.clock.now() - 60_000 })] });
    await expect(client.getUserTokenProfile({ userToken: 'alice' })).rejects.toMatchObject({ status: 404 });
    emulator.clock.advance('1m');
    await emulator.pushEvents({ events: [clicked(['pixel'])] });
    expect(await client.getUserTokenProfile({ userToken: 'alice' })).toEqual({
      userToken: 'alice',
      lastEventAt: '2024-01-01T00:11:00.000Z',
      scores: { brand: { Google: 2 }, categories: { phones: 2 } },
    });
  });
});

describe('personalizationScorer (what the engine calls to re-rank)', () => {
  it('scores records by the facet scores of the profile, scaled by the impact', async () => {
    const emulator = await shop();
    await emulator.setPersonalizationStrategy(strategy);
    await emulator.pushEvents({ events: [clicked(['pixel']), clicked(['pixel']), clicked(['iphone'])] });
    const state = emulator.core.state;
    const records = state.indices.get('products')!.records;
    const scorer = personalizationScorer(state, { enablePersonalization: true, userToken: 'alice' })!;
    // Google 4, Apple 2, phones 6: pixel = 70*4 + 30*6 = 460, iphone = 70*2 + 30*6 = 320, macbook = 70*2 = 140.
    // Out of the strategy maximum (70 + 30) x 20 = 2000, pixel is 23% personal; impact 80 weighs it against the custom rank.
    expect(scorer(records.get('pixel')!)).toEqual({ filtersScore: 460, rankingScore: 0, score: 18 });
    expect(scorer(records.get('pixel')!, 50)).toEqual({ filtersScore: 460, rankingScore: 50, score: 28 });
    expect(scorer(records.get('iphone')!).filtersScore).toBe(320);
    expect(scorer(records.get('macbook')!).filtersScore).toBe(140);
    expect(
      personalizationScorer(state, { enablePersonalization: true, userToken: 'alice', personalizationImpact: 50 })!(
        records.get('pixel')!,
      ).score,
    ).toBe(12);
    expect(personalizationScorer(state, { enablePersonalization: false, userToken: 'alice' })).toBeUndefined();
    expect(personalizationScorer(state, { enablePersonalization: true })).toBeUndefined();
    expect(personalizationScorer(state, { enablePersonalization: true, userToken: 'stranger' })).toBeUndefined();
    await emulator.deleteUserProfile({ userToken: 'alice' });
    expect(
      personalizationScorer(emulator.core.state, { enablePersonalization: true, userToken: 'alice' }),
    ).toBeUndefined();
  });
});

describe('personalization against custom ranking (engine order)', () => {
  it('the higher the impact, the less custom ranking counts; textual relevance still comes first', async () => {
    const emulator = emulatorFor();
    await emulator.saveObjects({
      indexName: 'phones',
      objects: [
        { objectID: 'iphone', name: 'smart phone', brand: 'Apple', popularity: 300 },
        { objectID: 'pixel', name: 'smart phone', brand: 'Google', popularity: 200 },
        { objectID: 'galaxy', name: 'smart phone', brand: 'Samsung', popularity: 100 },
        { objectID: 'cable', name: 'phone cable for smart devices', brand: 'Samsung', popularity: 1000 },
      ],
    });
    await emulator.setSettings({ indexName: 'phones', indexSettings: { customRanking: ['desc(popularity)'] } });
    await emulator.setPersonalizationStrategy({
      eventsScoring: [{ eventName: 'Clicked', eventType: 'click', score: 50 }],
      facetsScoring: [{ facetName: 'brand', score: 100 }],
      personalizationImpact: 100,
    });
    await emulator.pushEvents({
      events: [
        { eventType: 'click', eventName: 'Clicked', index: 'phones', userToken: 'alice', objectIDs: ['galaxy'] },
      ],
    });
    const search = async (personalizationImpact: number) => {
      const res = await emulator.searchSingleIndex({
        indexName: 'phones',
        searchParams: {
          query: 'smart phone',
          enablePersonalization: true,
          userToken: 'alice',
          personalizationImpact,
          getRankingInfo: true,
        },
      });
      const hits = res.hits as { objectID: string; _rankingInfo?: { personalization?: { score: number } } }[];
      return hits.map((hit) => [hit.objectID, hit._rankingInfo?.personalization?.score]);
    };
    // Samsung affinity 5 x 100 = 500 of 2000: 25% personal. Custom places: iphone 67, pixel 33, galaxy 0 (cable 100).
    // The cable matches less well (proximity): it stays last whatever its popularity or brand.
    expect(await search(100)).toEqual([
      ['galaxy', 25],
      ['iphone', 0],
      ['pixel', 0],
      ['cable', 25],
    ]);
    expect(await search(50)).toEqual([
      ['iphone', 34],
      ['pixel', 17],
      ['galaxy', 13],
      ['cable', 63],
    ]);
    const first = await emulator.searchSingleIndex({
      indexName: 'phones',
      searchParams: {
        query: 'smart phone',
        enablePersonalization: true,
        userToken: 'alice',
        personalizationImpact: 50,
        getRankingInfo: true,
      },
    });
    expect((first.hits[2] as { _rankingInfo?: Record<string, unknown> })._rankingInfo?.personalization).toEqual({
      filtersScore: 500,
      rankingScore: 0,
      score: 13,
    });
  });
});
