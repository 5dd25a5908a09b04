import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src';
import { setupSurfaces, SURFACES, type Api, type Surface } from '../support/surfaces';

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const open = setupSurfaces({ now: START });

const RECORDS = [
  { objectID: 'iphone', name: 'iPhone phone', brand: 'apple' },
  { objectID: 'pixel', name: 'Pixel phone', brand: 'google' },
  { objectID: 'case', name: 'phone case', brand: 'apple' },
  { objectID: 'laptop', name: 'Laptop', brand: 'lenovo' },
];
const QUERIES = ['phone', 'pho', 'ph', 'laptop', 'case', 'nothing here', ''];

/** Every analytics report, with the parameters that change what it reads. */
const REPORTS: [string, Record<string, unknown>][] = [
  ['getTopSearches', { clickAnalytics: true, revenueAnalytics: true }],
  ['getTopSearches', { clickAnalytics: true, orderBy: 'clickThroughRate', direction: 'asc', tags: 'mobile' }],
  ['getSearchesCount', {}],
  ['getSearchesNoResults', {}],
  ['getSearchesNoClicks', {}],
  ['getNoResultsRate', { tags: 'mobile OR desktop' }],
  ['getNoClickRate', {}],
  ['getTopHits', { clickAnalytics: true, revenueAnalytics: true }],
  ['getTopHits', { search: 'phone', clickAnalytics: true }],
  ['getUsersCount', {}],
  ['getTopFilterAttributes', {}],
  ['getTopFilterForAttribute', { attribute: 'brand' }],
  ['getTopFiltersNoResults', {}],
  ['getTopCountries', {}],
  ['getAverageClickPosition', {}],
  ['getClickPositions', {}],
  ['getClickThroughRate', { tags: 'desktop' }],
  ['getConversionRate', {}],
  ['getAddToCartRate', {}],
  ['getPurchaseRate', {}],
  ['getRevenue', {}],
];

type Analytics = Record<string, (params: Record<string, unknown>) => Promise<unknown>>;

/** Every report over the given days; the clock moves a minute first (100 analytics calls a minute). */
async function everyReport(
  emulator: Emulator,
  analytics: Analytics,
  startDate: string,
  endDate: string,
): Promise<unknown[]> {
  emulator.clock.advance('1m');
  const answers: unknown[] = [];
  for (const [name, params] of REPORTS) {
    answers.push(await analytics[name]({ index: 'products', startDate, endDate, limit: 1000, ...params }));
  }
  return answers;
}

/** One step of a random history: a search (maybe tracked, tagged, filtered), then maybe events, then time passes. */
const step = fc.record({
  query: fc.constantFrom(...QUERIES),
  user: fc.constantFrom('alice', 'bob', 'carol'),
  tracked: fc.boolean(),
  tags: fc.subarray(['mobile', 'desktop']),
  brand: fc.option(fc.constantFrom('apple', 'google', 'nope'), { nil: undefined }),
  country: fc.option(fc.constantFrom('FR', 'US'), { nil: undefined }),
  click: fc.option(fc.record({ position: fc.integer({ min: 1, max: 25 }), late: fc.boolean() }), { nil: undefined }),
  purchase: fc.option(fc.constantFrom(10, 2.5, 99.99), { nil: undefined }),
  wait: fc.constantFrom(1_000, 20_000, 3_600_000, 5 * 3_600_000, DAY),
});

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function replay(emulator: Emulator, steps: Step[]): Promise<void> {
  for (const s of steps) {
    const headers: Record<string, string> = s.country ? { 'x-emulator-country': s.country } : {};
    const res = await emulator.as({ apiKey: emulator.adminApiKey, headers }).searchSingleIndex({
      indexName: 'products',
      searchParams: {
        query: s.query,
        userToken: s.user,
        clickAnalytics: s.tracked,
        analyticsTags: s.tags,
        ...(s.brand ? { facetFilters: [`brand:${s.brand}`] } : {}),
      },
    });
    const hit = (res.hits as { objectID: string }[])[0]?.objectID;
    if (res.queryID && hit) {
      const timestamp = emulator.clock.now() + (s.click?.late ? 2 * 3_600_000 : 60_000);
      const events: Record<string, unknown>[] = [];
      if (s.click)
        events.push({
          eventType: 'click',
          eventName: 'Clicked',
          index: 'products',
          userToken: s.user,
          queryID: res.queryID,
          objectIDs: [hit],
          positions: [s.click.position],
          timestamp,
        });
      if (s.purchase !== undefined) {
        events.push({
          eventType: 'conversion',
          eventSubtype: 'purchase',
          eventName: 'Bought',
          index: 'products',
          userToken: s.user,
          queryID: res.queryID,
          objectIDs: [hit],
          objectData: [{ price: s.purchase, quantity: 2 }],
          currency: 'EUR',
          timestamp,
        });
      }
      if (events.length > 0) await emulator.pushEvents({ events: events as never });
    }
    emulator.clock.advance(s.wait);
  }
}

describe('analytics keep tallies per day once no event can reach a search', () => {
  it('every report answers the same before and after its days are folded', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const emulator = createEmulator({ now: START, analyticsRefresh: 'immediate' });
        await emulator.setSettings({ indexName: 'products', indexSettings: { attributesForFaceting: ['brand'] } });
        await emulator.saveObjects({ indexName: 'products', objects: RECORDS });
        await replay(emulator, steps);
        const analytics = emulator as unknown as Analytics;
        const endDate = new Date(emulator.clock.now() + 30 * DAY).toISOString().slice(0, 10);
        const before = await everyReport(emulator, analytics, '2024-01-01', endDate);
        expect(emulator.core.state.analytics.folded).toHaveLength(0);
        emulator.clock.advance('6d');
        expect(emulator.core.state.analytics.searches.length).toBe(0);
        const after = await everyReport(emulator, analytics, '2024-01-01', endDate);
        expect(after).toEqual(before);
        // The status still knows the index had searches.
        expect(await emulator.getStatus({ index: 'products' })).toEqual({ updatedAt: expect.any(String) });
      }),
      { numRuns: 40, seed: 16 },
    );
  });
});

describe.each(SURFACES)('a long soak keeps analytics memory flat (%s)', (surface: Surface) => {
  it('raw searches stay those of the last days; tallies stay those of the retention period', async () => {
    const { emulator, api, client } = open(surface);
    await api.saveObjects({ indexName: 'products', objects: RECORDS });
    const analytics = (surface === 'direct' ? emulator : client.initAnalytics({})) as unknown as Api;
    const raw: number[] = [];
    for (let day = 0; day < 100; day++) {
      for (let i = 0; i < 2; i++) {
        await api.searchSingleIndex({
          indexName: 'products',
          searchParams: { query: QUERIES[(day + i) % 4], clickAnalytics: true, userToken: `user-${i}` },
        });
        emulator.clock.advance('12h');
      }
      raw.push(emulator.core.state.analytics.searches.length);
    }
    // Two searches a day, folded after the 4-day event limit and the 1-hour window: never more than 6 days raw.
    expect(Math.max(...raw)).toBeLessThanOrEqual(6 * 2);
    expect(raw.slice(10)).toEqual(raw.slice(10).map(() => raw[10]));
    // 90 days of tallies (and today's), whatever the soak's length.
    const days = new Set(emulator.core.state.analytics.folded.map((day) => day.date));
    expect(days.size).toBeLessThanOrEqual(91);
    expect([...days].sort()[0]).toBe(
      new Date(Math.floor(emulator.clock.now() / DAY) * DAY - 90 * DAY).toISOString().slice(0, 10),
    );
    // A recent range answers from the tallies; a range past the retention answers nothing.
    const today = new Date(emulator.clock.now()).toISOString().slice(0, 10);
    const lastMonth = new Date(emulator.clock.now() - 30 * DAY).toISOString().slice(0, 10);
    expect(await analytics.getSearchesCount({ index: 'products', startDate: lastMonth, endDate: today })).toMatchObject(
      { count: 30 * 2 },
    );
    expect(
      await analytics.getSearchesCount({ index: 'products', startDate: '2024-01-01', endDate: '2024-01-09' }),
    ).toMatchObject({ count: 0 });
  });
});

describe('the retention period', () => {
  it('is 90 days by default, and analyticsRetention changes it', async () => {
    for (const [options, kept] of [
      [{}, 90],
      [{ analyticsRetention: '30d' }, 30],
    ] as const) {
      const emulator = createEmulator({ now: START, analyticsRefresh: 'immediate', ...options });
      await emulator.saveObjects({ indexName: 'products', objects: RECORDS });
      await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
      const day = (offset: number) => new Date(START + offset * DAY).toISOString().slice(0, 10);
      emulator.clock.set(START + kept * DAY);
      expect(
        await emulator.getSearchesCount({ index: 'products', startDate: day(0), endDate: day(kept) }),
      ).toMatchObject({ count: 1 });
      emulator.clock.set(START + (kept + 1) * DAY);
      expect(
        await emulator.getSearchesCount({ index: 'products', startDate: day(0), endDate: day(kept + 1) }),
      ).toMatchObject({ count: 0 });
      expect(emulator.core.state.analytics.folded).toHaveLength(0);
    }
  });
});
