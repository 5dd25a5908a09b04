import { describe, expect, it } from 'vitest';
import { ApiError, createEmulator } from '../../src';
import { ids } from './support';

/** When models train and what a training reads: the daily run on the clock, the direct call, the event windows. */

const conversion = (userToken: string, objectIDs: string[]) => ({
  eventType: 'conversion',
  eventName: 'Bought',
  index: 'shop',
  userToken,
  objectIDs,
});

async function shop(now: string) {
  const emulator = createEmulator({ now });
  await emulator.saveObjects({
    indexName: 'shop',
    objects: ['a', 'b', 'c', 'd'].map((objectID) => ({ objectID, kind: objectID === 'a' ? 'main' : 'extra' })),
  });
  return emulator;
}
type Shop = Awaited<ReturnType<typeof shop>>;

const together = async (emulator: Shop, objectID = 'a') => {
  const { results } = await emulator.getRecommendations({
    requests: [{ indexName: 'shop', model: 'bought-together', objectID, threshold: 0 }],
  });
  return results[0].hits as { objectID: string; _score: number }[];
};
const status = (emulator: Shop) =>
  together(emulator).then(
    () => 200,
    (error: ApiError) => error.status,
  );

describe('the daily training', () => {
  it('runs at 03:00 UTC, and a model answers from its last training until the next one', async () => {
    const emulator = await shop('2024-06-03T10:00:00Z');
    await emulator.pushEvents({ events: [conversion('ann', ['a', 'b'])] as never });
    expect(await status(emulator)).toBe(404);
    emulator.clock.set('2024-06-04T02:59:00Z');
    expect(await status(emulator)).toBe(404);
    emulator.clock.advance('1m');
    expect(await together(emulator)).toEqual([expect.objectContaining({ objectID: 'b', _score: 100 })]);
    emulator.clock.set('2024-06-04T10:00:00Z');
    await emulator.pushEvents({ events: [conversion('bob', ['a', 'c'])] as never });
    expect(ids(await together(emulator))).toEqual(['b']);
    emulator.clock.set('2024-06-05T03:00:00Z');
    expect((await together(emulator)).map(({ objectID, _score }) => ({ objectID, _score }))).toEqual([
      { objectID: 'b', _score: 50 },
      { objectID: 'c', _score: 50 },
    ]);
  });

  it('is on the clock once Recommend is in use: a first request, even refused, starts it', async () => {
    const emulator = await shop('2024-06-03T10:00:00Z');
    emulator.clock.advance('3d');
    expect(emulator.core.state.jobs.queue).toEqual([]);
    expect(await status(emulator)).toBe(404);
    expect(emulator.core.state.jobs.queue).toEqual([
      expect.objectContaining({ kind: 'recommend.training', at: Date.parse('2024-06-07T03:00:00Z') }),
    ]);
    emulator.clock.advance('1d');
    expect(await status(emulator)).toBe(200);
    // One job at a time, rescheduled a day later each run.
    emulator.clock.advance('2d');
    expect(emulator.core.state.jobs.queue).toEqual([
      expect.objectContaining({ kind: 'recommend.training', at: Date.parse('2024-06-10T03:00:00Z') }),
    ]);
  });

  it('trainRecommendModels() trains now, every index or one', async () => {
    const emulator = await shop('2024-06-03T10:00:00Z');
    await emulator.pushEvents({ events: [conversion('ann', ['a', 'b'])] as never });
    expect(emulator.trainRecommendModels({ indexName: 'shop' })).toEqual({
      trainedAt: '2024-06-03T10:00:00.000Z',
      indices: ['shop'],
    });
    expect(ids(await together(emulator))).toEqual(['b']);
    expect(() => emulator.trainRecommendModels({ indexName: 'nope' })).toThrow(
      expect.objectContaining({ status: 404, message: 'Index does not exist' }),
    );
  });

  it('reads the last 30 days of events, or the last 90 when those 30 hold none', async () => {
    const emulator = await shop('2024-01-01T10:00:00Z');
    await emulator.pushEvents({ events: [conversion('ann', ['a', 'b'])] as never });
    emulator.clock.set('2024-02-10T10:00:00Z');
    // 40 days old, the only conversions: read through the 90-day window.
    expect(ids(await together(emulator))).toEqual(['b']);
    await emulator.pushEvents({ events: [conversion('bob', ['c', 'd'])] as never });
    emulator.clock.advance('1d');
    // Now the last 30 days hold a conversion: the old basket is out of the window.
    expect(await together(emulator)).toEqual([]);
    expect(ids(await together(emulator, 'c'))).toEqual(['d']);
  });

  it('is part of snapshots: restore brings a training back, reset drops it', async () => {
    const emulator = await shop('2024-06-03T10:00:00Z');
    await emulator.pushEvents({ events: [conversion('ann', ['a', 'b'])] as never });
    emulator.trainRecommendModels();
    const snapshot = emulator.snapshot();
    emulator.reset();
    await emulator.saveObjects({ indexName: 'shop', objects: [{ objectID: 'a' }] });
    expect(await status(emulator)).toBe(404);
    emulator.restore(snapshot);
    expect(ids(await together(emulator))).toEqual(['b']);
  });
});

describe('configureRecommendModel', () => {
  it('sets the attributes looking-similar compares, from the next training on', async () => {
    const emulator = await shop('2024-06-03T10:00:00Z');
    await emulator.partialUpdateObjects({
      indexName: 'shop',
      objects: [
        { objectID: 'a', color: 'red' },
        { objectID: 'c', color: 'red' },
      ],
    });
    const similar = async () => {
      const { results } = await emulator.getRecommendations({
        requests: [{ indexName: 'shop', model: 'looking-similar', objectID: 'a', threshold: 0 }],
      });
      return (results[0].hits as { objectID: string; _score: number }[]).map(({ objectID, _score }) => ({
        objectID,
        _score,
      }));
    };
    emulator.trainRecommendModels();
    // Default: every attribute of the source item (kind and color); c shares the color.
    expect(await similar()).toEqual([{ objectID: 'c', _score: 50 }]);
    emulator.configureRecommendModel({ indexName: 'shop', model: 'looking-similar', attributes: ['kind'] });
    expect(await similar()).toEqual([{ objectID: 'c', _score: 50 }]);
    emulator.trainRecommendModels();
    expect(await similar()).toEqual([]);
  });

  it('refuses a missing index, another model, or attributes that are not names', async () => {
    const emulator = await shop('2024-06-03T10:00:00Z');
    expect(() =>
      emulator.configureRecommendModel({ indexName: 'nope', model: 'looking-similar', attributes: [] }),
    ).toThrow(expect.objectContaining({ status: 404 }));
    expect(() =>
      emulator.configureRecommendModel({ indexName: 'shop', model: 'trending-items' as never, attributes: [] }),
    ).toThrow(expect.objectContaining({ status: 400 }));
    expect(() =>
      emulator.configureRecommendModel({ indexName: 'shop', model: 'looking-similar', attributes: [''] }),
    ).toThrow(expect.objectContaining({ status: 400 }));
  });
});
