import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces({ analyticsRefresh: 'immediate' });

/** getClickPositions' twelve buckets: 1 to 10 each, then [11, 20], then [21, -1]. */
const BUCKETS = [...Array.from({ length: 10 }, (_, i) => [i + 1, i + 1]), [11, 20], [21, -1]];

describe.each(SURFACES)('click position buckets (%s)', (surface) => {
  it('count a click at 10 in [10, 10], at 11 and 20 in [11, 20], at 21 and beyond in [21, -1]', async () => {
    const { emulator, api, client } = open(surface);
    const products = Array.from({ length: 30 }, (_, i) => ({ objectID: `p${i + 1}`, name: 'phone' }));
    await emulator.saveObjects({ indexName: 'products', objects: products });
    const { queryID } = await api.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'phone', clickAnalytics: true, hitsPerPage: 30 },
    });
    const insights = surface === 'direct' ? emulator : client.initInsights({ region: 'us' });
    const at = [10, 11, 20, 21, 30];
    await insights.pushEvents({
      events: at.map((position) => ({
        eventType: 'click' as const,
        eventName: 'Clicked',
        index: 'products',
        userToken: 'u1',
        queryID,
        objectIDs: [`p${position}`],
        positions: [position],
      })),
    });
    const analytics = surface === 'direct' ? emulator : client.initAnalytics({ region: 'us' });
    const { positions } = await analytics.getClickPositions({ index: 'products' });
    const counts = Object.fromEntries(
      positions.map((bucket: { position?: number[]; clickCount?: number }) => [
        bucket.position?.join('..'),
        bucket.clickCount,
      ]),
    );
    expect(positions.map((bucket: { position?: number[] }) => bucket.position)).toEqual(BUCKETS);
    expect(counts).toMatchObject({ '9..9': 0, '10..10': 1, '11..20': 2, '21..-1': 2 });
  });
});
