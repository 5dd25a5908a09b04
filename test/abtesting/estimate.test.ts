import { describe, expect, it } from 'vitest';
import type { Emulator } from '../../src';
import { expectUnchanged, rejects, setupSurfaces, SURFACES } from '../support/surfaces';
import { abtesting, answered, seedIndices } from './support';

const open = setupSurfaces();

/** 20 tracked searches on `products`, 2 of them clicked: a 10 % click-through rate. */
async function history(emulator: Emulator): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const res = (await emulator.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: `q${i}`, userToken: `u${i}`, clickAnalytics: true },
    })) as { queryID: string };
    if (i < 2)
      await emulator.pushEvents({
        events: [
          {
            eventType: 'click',
            eventName: 'c',
            index: 'products',
            userToken: `u${i}`,
            queryID: res.queryID,
            objectIDs: ['a1'],
            positions: [1],
          },
        ],
      });
  }
  await emulator.advance('5m');
}

const body = (metric = 'clickThroughRate') => ({
  configuration: { minimumDetectableEffect: { size: 0.1, metric } },
  variants: [
    { index: 'products', trafficPercentage: 50 },
    { index: 'products_b', trafficPercentage: 50 },
  ],
});

describe.each(SURFACES)('estimateABTest (%s)', (surface) => {
  it("sizes each variant from the control index's rate, and the days its traffic takes", async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    await history(emulator);
    for (const version of [2, 3] as const) {
      // p1 = 0.10, p2 = 0.11, 5 % two-sided, 80 % power: (1.95996·√(2·0.105·0.895) +
      // 0.84162·√(0.1·0.9 + 0.11·0.89))² / 0.01² = 14,750.7 searches each.
      // 20 tracked searches in 14 days, half to each variant: 14751 / (20 / 14 / 2) days.
      expect(await abtesting(surface, emulator, client, version).estimateABTest(body())).toEqual({
        durationDays: 20652,
        sampleSizes: [14751, 14751],
      });
    }
  });

  it('sizes an uneven split: the smaller variant needs fewer searches than the control more', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    await history(emulator);
    const { sampleSizes } = await abtesting(surface, emulator, client, 2).estimateABTest({
      ...body(),
      variants: [
        { index: 'products', trafficPercentage: 80 },
        { index: 'products_b', trafficPercentage: 20 },
      ],
    });
    expect(sampleSizes[1]).toBe(Math.ceil(sampleSizes[0] * 0.25));
  });

  it('refuses an index without history, missing indices, and users rates it cannot read', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 3);
    const before = emulator.core.state;
    await rejects(
      ab.estimateABTest(body()),
      400,
      'Not enough data to estimate: the index products has no tracked searches in the last 14 days',
    );
    await rejects(
      ab.estimateABTest({
        ...body(),
        variants: [
          { index: 'nope', trafficPercentage: 50 },
          { index: 'products', trafficPercentage: 50 },
        ],
      }),
      404,
      'Index does not exist',
    );
    await rejects(
      abtesting(surface, emulator, client, 2).estimateABTest(body('noResultsRate')),
      400,
      /^Invalid `configuration.minimumDetectableEffect.metric`/,
    );
    expect(await answered(ab.estimateABTest(body('clickedUsersRate')))).toMatchObject({ status: 501 });
    expectUnchanged(emulator, before, ['indices', 'abtesting']);
  });
});
