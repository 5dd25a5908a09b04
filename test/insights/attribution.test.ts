import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES, type Api, type Surface } from '../support/surfaces';

const open = setupSurfaces({ analyticsRefresh: 'immediate' });
const MINUTE = 60_000;
const UNKNOWN = 'feedfacefeedfacefeedfacefeedface';

/** An index, one tracked search, and the insights and analytics APIs of the surface. */
async function tracked(surface: Surface) {
  const { emulator, client, api } = open(surface);
  await api.saveObjects({
    indexName: 'products',
    objects: [
      { objectID: 'a', name: 'phone' },
      { objectID: 'b', name: 'phone case' },
    ],
  });
  const { queryID } = await api.searchSingleIndex({
    indexName: 'products',
    searchParams: { query: 'phone', clickAnalytics: true },
  });
  const insights = (surface === 'direct' ? emulator : client.initInsights({})) as unknown as Api;
  const analytics = (surface === 'direct' ? emulator : client.initAnalytics({})) as unknown as Api;
  return { emulator, queryID: queryID as string, insights, analytics };
}

const click = (queryID: string, timestamp: number) => ({
  eventType: 'click',
  eventName: 'Clicked',
  index: 'products',
  userToken: 'user-1',
  queryID,
  objectIDs: ['a'],
  positions: [1],
  timestamp,
});

describe.each(SURFACES)('insights attribution (%s)', (surface) => {
  it('accepts an event whose queryID no search returned, and analytics do not count it', async () => {
    const { emulator, insights, analytics } = await tracked(surface);
    await expect(insights.pushEvents({ events: [click(UNKNOWN, emulator.clock.now())] })).resolves.toEqual({
      status: 200,
      message: 'OK',
    });
    expect(await analytics.getClickThroughRate({ index: 'products' })).toMatchObject({
      rate: 0,
      clickCount: 0,
      trackedSearchCount: 1,
    });
  });

  it('counts a click or a conversion only within one hour of its search', async () => {
    const { emulator, queryID, insights, analytics } = await tracked(surface);
    const searchedAt = emulator.clock.now();
    emulator.clock.advance('2h');
    const late = click(queryID, searchedAt + 61 * MINUTE);
    const conversion = { ...late, eventType: 'conversion', eventName: 'Bought', positions: undefined };
    await expect(insights.pushEvents({ events: [late, conversion] })).resolves.toEqual({ status: 200, message: 'OK' });
    expect(await analytics.getClickThroughRate({ index: 'products' })).toMatchObject({ rate: 0, clickCount: 0 });
    expect(await analytics.getConversionRate({ index: 'products' })).toMatchObject({ rate: 0, conversionCount: 0 });
    // The event's own timestamp decides, not its arrival: 59 minutes after the search counts.
    const inTime = click(queryID, searchedAt + 59 * MINUTE);
    await insights.pushEvents({ events: [inTime, { ...conversion, timestamp: inTime.timestamp }] });
    expect(await analytics.getClickThroughRate({ index: 'products' })).toMatchObject({
      rate: 1,
      clickCount: 1,
      trackedSearchCount: 1,
    });
    expect(await analytics.getConversionRate({ index: 'products' })).toMatchObject({ rate: 1, conversionCount: 1 });
  });

  it('still refuses an event more than 4 days old', async () => {
    const { emulator, queryID, insights } = await tracked(surface);
    emulator.clock.advance('5d');
    const stale = {
      ...click(queryID, emulator.clock.now() - 4 * 24 * 60 * MINUTE - 1000),
      queryID: undefined,
      positions: undefined,
    };
    await expect(insights.pushEvents({ events: [stale] })).rejects.toMatchObject({
      status: 422,
      message: 'events[0].timestamp: must not be more than 4 days in the past',
    });
  });
});
