import { describe, expect, it } from 'vitest';
import type { Emulator } from '../../src';
import { setupSurfaces, SURFACES } from '../support/surfaces';
import { abtesting, seedIndices, twoIndices } from './support';

const open = setupSurfaces();

type Answer = { hits: { objectID: string }[]; abTestVariantID: number; queryID: string };

/**
 * `users` users each search once (tracked); in variant 1 every tenth user clicks the first
 * hit, in variant 2 every second one does, and buys it for 10 USD (20 for the first buyer).
 */
async function drive(emulator: Emulator, users: number, from = 0): Promise<void> {
  let bought = false;
  for (let i = from; i < from + users; i++) {
    const userToken = `user-${i}`;
    const res = (await emulator.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'phone', userToken, clickAnalytics: true },
    })) as Answer;
    const clicks = res.abTestVariantID === 2 ? i % 2 === 0 : i % 10 === 0;
    if (!clicks) continue;
    const objectID = res.hits[0].objectID;
    await emulator.pushEvents({
      events: [
        {
          eventType: 'click',
          eventName: 'Clicked',
          index: 'products',
          userToken,
          queryID: res.queryID,
          objectIDs: [objectID],
          positions: [1],
        },
        ...(res.abTestVariantID === 2
          ? [
              {
                eventType: 'conversion' as const,
                eventSubtype: 'purchase' as const,
                eventName: 'Bought',
                index: 'products',
                userToken,
                queryID: res.queryID,
                objectIDs: [objectID],
                objectData: [{ price: bought ? 10 : 20, quantity: 1 }],
                currency: 'USD',
              },
            ]
          : []),
      ],
    });
    if (res.abTestVariantID === 2) bought = true;
  }
}

describe.each(SURFACES)('A/B test results (%s)', (surface) => {
  it('counts each variant from its searches and their events once analytics refresh, and finds the winner', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 2);
    await ab.addABTests(twoIndices());
    await drive(emulator, 200);
    // Analytics refresh every 5 minutes of clock time: nothing shows yet.
    expect((await ab.getABTest({ id: 1 })).variants[0].searchCount).toBeNull();
    await emulator.advance('5m');
    const test = await ab.getABTest({ id: 1 });
    const [a, b] = test.variants;
    expect(a.searchCount + b.searchCount).toBe(200);
    expect(a.trackedSearchCount).toBe(a.searchCount);
    expect(a.userCount).toBe(a.searchCount);
    expect(a.clickThroughRate).toBeCloseTo(a.clickCount / a.trackedSearchCount, 10);
    expect(a.clickThroughRate).toBeLessThan(0.2);
    expect(b.clickThroughRate).toBeGreaterThan(0.4);
    expect(a.averageClickPosition).toBe(1);
    expect(b.conversionCount).toBe(b.purchaseCount);
    expect(a.purchaseCount).toBe(0);
    expect(test.clickSignificance).toBeGreaterThan(0.95);
    expect(test.purchaseSignificance).toBeGreaterThan(0.95);
    expect(test.revenueSignificance.USD).toBeGreaterThan(0.95);
    expect(b.currencies.USD).toMatchObject({ currency: 'USD', revenue: b.purchaseCount * 10 + 10 });
    // The 20 USD purchase is above the test's 95th percentile (10): the cap removes 10.
    expect(b.currencies.USD.winsorizedAmount).toBe(10);
    expect(a.currencies.USD).toEqual({
      currency: 'USD',
      revenue: 0,
      mean: 0,
      standardDeviation: 0,
      winsorizedAmount: 0,
    });
  });

  it('reports v3 metrics with p-values, intervals, corrections and Bayesian results', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 3);
    await ab.addABTests({
      ...twoIndices(),
      metrics: [
        { name: 'click_through_rate' },
        { name: 'search_count' },
        { name: 'revenue_per_search', dimension: 'USD' },
      ],
      configuration: { errorCorrection: 'bonferroni' },
    });
    await drive(emulator, 200);
    await emulator.advance('5m');
    const both = await ab.getABTest({ id: 1, methods: ['frequentist', 'bayesian'] });
    const [control, variant] = both.variants.map((v: { metrics: Record<string, unknown>[] }) => v.metrics);
    expect(control[0]).toMatchObject({ name: 'click_through_rate', pValue: 0, updatedAt: '2024-01-01T00:05:00.000Z' });
    expect(control[0].bayesian).toBeUndefined();
    const ctr = variant[0] as Record<string, any>;
    expect(ctr.pValue).toBeLessThan(0.001);
    expect(ctr.valueCILow).toBeGreaterThan(1);
    expect(ctr.valueCIHigh).toBeGreaterThan(ctr.valueCILow);
    // Two metrics with a p-value (search_count has none): Bonferroni halves 5 %.
    expect(ctr).toMatchObject({ criticalValue: 0.025, significant: true });
    expect(variant[1]).toEqual({ name: 'search_count', updatedAt: expect.any(String), value: expect.any(Number) });
    expect(ctr.bayesian.probabilityToBeBetter).toBeGreaterThan(0.99);
    expect(ctr.bayesian.relativeEffectCILow).toBeGreaterThan(0);
    expect(variant[2]).toMatchObject({ name: 'revenue_per_search', dimension: 'USD' });
    // Its configured method is Bayesian: a plain read shows only that.
    const plain = await ab.getABTest({ id: 1 });
    expect(plain.variants[1].metrics[0].pValue).toBeUndefined();
    expect(plain.variants[1].metrics[0].bayesian.probabilityToBeBetter).toBe(ctr.bayesian.probabilityToBeBetter);
  });

  it('removes outliers: a user with far more tracked searches than the others', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 2);
    await ab.addABTests(twoIndices());
    await drive(emulator, 40);
    for (let i = 0; i < 60; i++)
      await emulator.searchSingleIndex({
        indexName: 'products',
        searchParams: { query: 'bot', userToken: 'bot', clickAnalytics: true },
      });
    await emulator.advance('5m');
    const { variants } = await ab.getABTest({ id: 1 });
    const robot = variants.find(
      (v: { filterEffects: { outliers: { usersCount: number } } }) => v.filterEffects.outliers.usersCount === 1,
    );
    expect(robot.filterEffects.outliers).toEqual({ usersCount: 1, trackedSearchesCount: 60 });
    expect(variants[0].searchCount + variants[1].searchCount).toBe(40);
  });

  it('gives a timeseries day by day', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 3);
    await ab.addABTests({ ...twoIndices(), metrics: [{ name: 'search_count' }, { name: 'click_through_rate' }] });
    await drive(emulator, 30);
    await emulator.advance('1d');
    await drive(emulator, 10, 30);
    await emulator.advance('5m');
    const series = await ab.getTimeseries({ id: 1, metric: ['search_count'], methods: ['frequentist'] });
    expect(series.abTestID).toBe(1);
    const days = series.variants.map((v: { dates: { date: string; metrics: { value: number }[] }[] }) =>
      v.dates.map((d) => [d.date, d.metrics.map((m) => m.value)[0]]),
    );
    expect(days[0].map(([date]: [string]) => date)).toEqual(['2024-01-01', '2024-01-02']);
    expect(days[0][0][1] + days[1][0][1]).toBe(30);
    expect(days[0][1][1] + days[1][1][1]).toBe(10);
    const first = await ab.getTimeseries({ id: 1, startDate: '2024-01-02', endDate: '2024-01-02' });
    expect(first.variants[0].dates).toHaveLength(1);
    expect(first.variants[0].dates[0].metrics.map((m: { name: string }) => m.name)).toEqual([
      'search_count',
      'click_through_rate',
    ]);
  });
});
