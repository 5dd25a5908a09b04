import { describe, expect, it } from 'vitest';
import { expectConforms } from '../support/schemas/validate';
import { setupSurfaces, SURFACES, type Api } from '../support/surfaces';

const open = setupSurfaces({ now: '2024-06-03T09:00:00Z', analyticsRefresh: 'immediate' });
const range = { index: 'shop', startDate: '2024-06-03', endDate: '2024-06-03' };

/**
 * A day of tracked searches for "shoe", one per user: those of `clicked` users get a click on
 * the hit. Analytics read through the surface's API.
 */
async function day(surface: (typeof SURFACES)[number], users: readonly string[], clicked: readonly string[]) {
  const { emulator, client } = open(surface);
  await emulator.saveObjects({ indexName: 'shop', objects: [{ objectID: 'p1', name: 'shoe' }] });
  for (const userToken of users) {
    const { queryID } = await emulator.searchSingleIndex({
      indexName: 'shop',
      searchParams: { query: 'shoe', clickAnalytics: true, userToken },
    });
    if (!clicked.includes(userToken)) continue;
    const click = { eventType: 'click', eventName: 'Hit Clicked', index: 'shop', userToken, queryID, positions: [1] };
    await emulator.pushEvents({ events: [{ ...click, objectIDs: ['p1'] } as never] });
  }
  return (surface === 'direct' ? emulator : client.initAnalytics({})) as unknown as Api;
}

describe.each(SURFACES)('analytics fields as the OpenAPI names them (%s)', (surface) => {
  it('top hits count tracked searches as trackedHitCount (not trackedSearchCount)', async () => {
    const analytics = await day(surface, ['u1', 'u2'], ['u1']);
    const top = await analytics.getTopHits({ ...range, clickAnalytics: true });
    expectConforms('getTopHits', 200, top);
    expect(top.hits).toEqual([
      {
        hit: 'p1',
        count: 2,
        clickThroughRate: 0.5,
        conversionRate: 0,
        trackedHitCount: 2,
        clickCount: 1,
        conversionCount: 0,
      },
    ]);
    // Top searches keep trackedSearchCount.
    const searches = await analytics.getTopSearches({ ...range, clickAnalytics: true });
    expectConforms('getTopSearches', 200, searches);
    expect(searches.searches[0]).toMatchObject({ search: 'shoe', trackedSearchCount: 2 });
  });

  it('a day whose tracked searches were all clicked: noClickCount 0 (the OpenAPI minimum of 1 does not fit it)', async () => {
    const analytics = await day(surface, ['u1'], ['u1']);
    const clicked = await analytics.getNoClickRate(range);
    expectConforms('getNoClickRate', 200, clicked);
    expect(clicked).toEqual({
      rate: 0,
      count: 1,
      noClickCount: 0,
      dates: [{ date: '2024-06-03', rate: 0, count: 1, noClickCount: 0 }],
    });
  });
});
