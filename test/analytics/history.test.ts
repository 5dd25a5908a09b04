import type { EventsItems } from '@algolia/client-insights';
import { describe, expect, it } from 'vitest';
import { emulatorFor } from './support';
import type { Emulator } from '../../src';

/**
 * Recorded searches and issued query IDs grow in place (an append-only list shared with older
 * states): snapshots taken before later searches must still read as they were.
 */
const START = Date.UTC(2024, 0, 1, 10);

async function shop(): Promise<Emulator> {
  const emulator = emulatorFor({ now: START });
  await emulator.saveObjects({
    indexName: 'products',
    objects: [
      { objectID: 'iphone', name: 'iPhone phone' },
      { objectID: 'pixel', name: 'Pixel phone' },
      { objectID: 'laptop', name: 'Laptop' },
    ],
  });
  return emulator;
}

const tracked = async (emulator: Emulator, query: string, userToken = 'alice'): Promise<string> =>
  (
    await emulator.searchSingleIndex({
      indexName: 'products',
      searchParams: { query, clickAnalytics: true, userToken },
    })
  ).queryID!;

const click = (queryID: string, objectID = 'iphone'): EventsItems => ({
  eventType: 'click',
  eventName: 'Clicked',
  index: 'products',
  userToken: 'alice',
  queryID,
  objectIDs: [objectID],
  positions: [1],
});

const top = async (emulator: Emulator) =>
  (
    (await emulator.getTopSearches({ index: 'products', clickAnalytics: true })).searches as {
      search: string;
      count: number;
      clickCount: number;
    }[]
  ).map((s) => [s.search, s.count, s.clickCount]);

const pushStatus = (emulator: Emulator, queryID: string) =>
  emulator.pushEvents({ events: [click(queryID)] }).then(
    () => 200,
    (error: { status: number }) => error.status,
  );

describe('recorded searches across snapshot and restore', () => {
  it('a restored snapshot sees neither the searches nor the query IDs issued after it; the branch written after restore is its own', async () => {
    const emulator = await shop();
    await tracked(emulator, 'phone');
    const before = emulator.snapshot();
    emulator.clock.advance('1m');
    const laptop = await tracked(emulator, 'laptop', 'bob');
    const after = emulator.snapshot();

    emulator.restore(before);
    expect(await top(emulator)).toEqual([['phone', 1, 0]]);
    // The generator is restored too: the next tracked search gets the very same query ID, now for another search.
    emulator.clock.advance('1m');
    expect(await tracked(emulator, 'pixel', 'carol')).toBe(laptop);
    expect(await pushStatus(emulator, laptop)).toBe(200);
    expect(await top(emulator)).toEqual([
      ['phone', 1, 0],
      ['pixel', 1, 1],
    ]);

    emulator.restore(after);
    expect(await top(emulator)).toEqual([
      ['laptop', 1, 0],
      ['phone', 1, 0],
    ]);
    expect(await pushStatus(emulator, laptop)).toBe(200);
    expect(await top(emulator)).toEqual([
      ['laptop', 1, 1],
      ['phone', 1, 0],
    ]);
    expect(emulator.core.state.analytics.searches.toArray().map((s) => s.query)).toEqual(['phone', 'laptop']);

    emulator.reset();
    expect(emulator.core.state.analytics.searches.length).toBe(0);
    expect(emulator.core.state.analytics.queries.length).toBe(0);
  });

  it('a keystroke replaces the previous search without rewriting it: snapshots keep counting the earlier keystroke', async () => {
    const emulator = await shop();
    const p = await tracked(emulator, 'p');
    emulator.clock.advance('1s');
    const ph = await tracked(emulator, 'ph');
    const typedPh = emulator.snapshot();
    emulator.clock.advance('1s');
    await tracked(emulator, 'pho');
    // Clicks on an earlier keystroke's query ID count for the search that replaced it.
    await emulator.pushEvents({ events: [click(p), click(ph, 'pixel')] });
    expect(await top(emulator)).toEqual([['pho', 1, 2]]);
    expect(emulator.core.state.analytics.searches.toArray().map((s) => [s.id, s.query, s.replaces])).toEqual([
      [1, 'p', undefined],
      [2, 'ph', 1],
      [3, 'pho', 2],
    ]);

    emulator.restore(typedPh);
    expect(await top(emulator)).toEqual([['ph', 1, 0]]);
    // 31 s later the same user's next query is a search of its own.
    emulator.clock.advance('31s');
    await tracked(emulator, 'phone');
    await emulator.pushEvents({ events: [click(p)] });
    expect(await top(emulator)).toEqual([
      ['ph', 1, 1],
      ['phone', 1, 0],
    ]);
  });

  it('deleting a user token drops their searches; the others keep their keystroke chains', async () => {
    const emulator = await shop();
    await tracked(emulator, 'la', 'bob');
    await tracked(emulator, 'l', 'alice');
    await tracked(emulator, 'lap', 'bob');
    await tracked(emulator, 'la', 'alice');
    const kept = emulator.snapshot();
    await emulator.deleteUserToken({ userToken: 'bob' });
    expect(await top(emulator)).toEqual([['la', 1, 0]]);
    expect(emulator.core.state.analytics.searches.toArray().map((s) => [s.user, s.query])).toEqual([
      ['alice', 'l'],
      ['alice', 'la'],
    ]);
    emulator.restore(kept);
    expect(await top(emulator)).toEqual([
      ['la', 1, 0],
      ['lap', 1, 0],
    ]);
  });
});
