import { describe, expect, it } from 'vitest';
import { click, conversion, emulatorFor, qid, seedSearch } from '../analytics/support';
import type { Emulator } from '../../src';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function withSearch(): Emulator {
  const emulator = emulatorFor();
  seedSearch(emulator, {
    query: 'phone',
    queryID: qid(1),
    params: { clickAnalytics: true, query: 'phone' },
    nbHits: 3,
    hits: ['a', 'b', 'c'],
  });
  return emulator;
}

async function rejection(emulator: Emulator, events: unknown[]) {
  const before = emulator.core.state.analytics.events.length;
  const error = await emulator.pushEvents({ events: events as never }).then(
    () => undefined,
    (e: { status: number; message: string }) => e,
  );
  expect(emulator.core.state.analytics.events.length).toBe(before);
  return error;
}

describe('pushEvents', () => {
  it('accepts a valid batch and answers as the real API', async () => {
    const emulator = withSearch();
    const body = await emulator.pushEvents({
      events: [
        click(qid(1), ['a'], [1]),
        conversion(qid(1), ['a']),
        { eventType: 'view', eventName: 'Viewed', index: 'products', userToken: 'user-1', objectIDs: ['b'] },
        {
          eventType: 'click',
          eventName: 'Filter',
          index: 'products',
          userToken: 'user-1',
          filters: ['brand:apple', 'discount:10%25'],
        },
      ],
    });
    expect(body).toEqual({ status: 200, message: 'OK' });
    const stored = emulator.core.state.analytics.events;
    expect(stored).toHaveLength(4);
    expect(stored[3].filters).toEqual(['brand:apple', 'discount:10%']);
    expect(stored[0].timestamp).toBe(emulator.clock.now());
  });

  it.each([
    ['a missing eventType', { eventType: undefined }, 'events[0].eventType: required'],
    ['an unknown eventType', { eventType: 'hover' }, 'events[0].eventType: must be one of click, view, conversion'],
    ['a missing eventName', { eventName: undefined }, 'events[0].eventName: required'],
    [
      'a 65-character eventName',
      { eventName: 'x'.repeat(65) },
      'events[0].eventName: must be 1 to 64 printable ASCII characters',
    ],
    ['a control character in eventName', { eventName: 'a\nb' }, 'events[0].eventName: must be 1 to 64'],
    ['a non-ASCII eventName', { eventName: 'café' }, 'events[0].eventName: must be 1 to 64'],
    ['a missing index', { index: undefined }, 'events[0].index: required'],
    ['a missing userToken', { userToken: undefined }, 'events[0].userToken: required'],
    ['a userToken with a space', { userToken: 'user 1' }, 'events[0].userToken: must be 1 to 128'],
    ['a 129-character userToken', { userToken: 'u'.repeat(129) }, 'events[0].userToken: must be 1 to 128'],
    [
      'a bad authenticatedUserToken',
      { authenticatedUserToken: 'a@b' },
      'events[0].authenticatedUserToken: must be 1 to 128',
    ],
    [
      'objectIDs and filters together',
      { filters: ['brand:apple'] },
      'events[0].objectIDs: objectIDs and filters cannot both be set',
    ],
    [
      'a click with queryID but no positions',
      { positions: undefined },
      'events[0].positions: required for a click event with a queryID',
    ],
    [
      'fewer positions than objectIDs',
      { objectIDs: ['a', 'b'], positions: [1] },
      'events[0].positions: must have one position per objectID',
    ],
    ['a position of 0', { positions: [0] }, 'events[0].positions: must be an array of integers, 1 or more'],
    ['a malformed queryID', { queryID: 'abc' }, 'events[0].queryID: must be 32 hexadecimal characters'],
    [
      'an eventSubtype on a click',
      { eventSubtype: 'purchase' },
      'events[0].eventSubtype: only allowed on conversion events',
    ],
  ])('rejects %s with 422 and the first error', async (_, change, message) => {
    const emulator = withSearch();
    const event: Record<string, unknown> = { ...click(qid(1), ['a'], [1]), ...change };
    for (const key of Object.keys(event)) if (event[key] === undefined) delete event[key];
    const error = await rejection(emulator, [event]);
    expect(error?.status).toBe(422);
    expect(error?.message).toContain(message);
  });

  it('rejects events without objectIDs or filters, more than 20 filters, more than 20 objectIDs', async () => {
    const emulator = withSearch();
    const base = { eventType: 'view', eventName: 'Viewed', index: 'products', userToken: 'u' };
    expect((await rejection(emulator, [base]))?.message).toBe(
      'events[0].objectIDs: one of objectIDs or filters is required',
    );
    const filters = Array.from({ length: 21 }, (_, i) => `brand:b${i}`);
    expect((await rejection(emulator, [{ ...base, filters }]))?.message).toContain(
      'events[0].filters: must contain at most 20 items',
    );
    const objectIDs = Array.from({ length: 21 }, (_, i) => `o${i}`);
    expect((await rejection(emulator, [{ ...base, objectIDs }]))?.message).toContain(
      'events[0].objectIDs: must contain at most 20 items',
    );
  });

  it('validates conversion subtypes, objectData, value and currency', async () => {
    const emulator = withSearch();
    const purchase = conversion(qid(1), ['a', 'b'], {
      eventSubtype: 'purchase',
      currency: 'EUR',
      objectData: [{ price: 10, quantity: 2 }, { price: '5.5' }],
    });
    await expect(emulator.pushEvents({ events: [purchase] })).resolves.toEqual({ status: 200, message: 'OK' });
    const cases: [Record<string, unknown>, string][] = [
      [{ eventSubtype: 'refund' }, 'events[0].eventSubtype: must be addToCart or purchase'],
      [{ objectData: [{ price: 1 }] }, 'events[0].objectData: must have one entry per objectID'],
      [{ objectData: [{ price: 'abc' }, {}] }, 'events[0].objectData[0].price: must be a number or a numeric string'],
      [{ objectData: [{ quantity: 1.5 }, {}] }, 'events[0].objectData[0].quantity: must be a positive integer'],
      [{ objectData: [{ queryID: 'nope' }, {}] }, 'events[0].objectData[0].queryID: must be 32 hexadecimal characters'],
      [{ value: 12, currency: undefined }, 'events[0].currency: required when value or a price is set'],
      [{ value: 12, currency: 'euro' }, 'events[0].currency: must be a three-letter ISO 4217 code'],
    ];
    for (const [change, message] of cases) {
      const event: Record<string, unknown> = {
        ...conversion(qid(1), ['a', 'b'], { eventSubtype: 'purchase' }),
        ...change,
      };
      for (const key of Object.keys(event)) if (event[key] === undefined) delete event[key];
      const error = await rejection(emulator, [event]);
      expect([error?.status, error?.message]).toEqual([422, expect.stringContaining(message)]);
    }
  });

  it('is all-or-nothing and reports the first invalid event only', async () => {
    const emulator = withSearch();
    const error = await rejection(emulator, [
      click(qid(1), ['a'], [1]),
      click(qid(1), ['a'], [1], { userToken: 'bad token' }),
      click(qid(1), ['a'], [1], { eventName: '' }),
    ]);
    expect(error).toMatchObject({ status: 422, message: expect.stringMatching(/^events\[1\]\.userToken/) });
  });

  it('accepts 1000 events and refuses 1001 or none', async () => {
    const emulator = withSearch();
    const view = { eventType: 'view', eventName: 'Viewed', index: 'products', userToken: 'u', objectIDs: ['a'] };
    await expect(emulator.pushEvents({ events: Array(1000).fill(view) })).resolves.toMatchObject({ status: 200 });
    expect((await rejection(emulator, Array(1001).fill(view)))?.message).toBe(
      'events: at most 1000 events per request (got 1001)',
    );
    expect((await rejection(emulator, []))?.message).toBe('events: must contain at least 1 event');
  });

  it('answers 413 for a body of 2 MB or more', async () => {
    const emulator = withSearch();
    const big = {
      eventType: 'view',
      eventName: 'Viewed',
      index: 'products',
      userToken: 'u',
      objectIDs: ['x'.repeat(2 * 1024 * 1024)],
    };
    const res = await emulator.request({
      host: 'insights',
      method: 'POST',
      path: '/1/events',
      body: { events: [big] },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 413 });
    expect(emulator.core.state.analytics.events).toHaveLength(0);
  });

  it('answers 401 with {status, message} for bad credentials or a key without the search right', async () => {
    const emulator = withSearch();
    await expect(
      emulator.as({ apiKey: 'wrong' }).pushEvents({ events: [click(qid(1), ['a'], [1])] }),
    ).rejects.toMatchObject({ status: 401 });
    const res = await emulator.request({
      host: 'insights',
      method: 'POST',
      path: '/1/events',
      headers: {},
      body: { events: [] },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 401, message: expect.any(String) });
  });

  describe('time rules on the clock', () => {
    it('accepts a click whatever its queryID: unknown, or 61 minutes after its search', async () => {
      const emulator = withSearch();
      emulator.clock.advance('61m');
      await expect(
        emulator.pushEvents({ events: [click(qid(1), ['a'], [1]), click(qid(999), ['a'], [1])] }),
      ).resolves.toEqual({ status: 200, message: 'OK' });
      expect(emulator.core.state.analytics.events).toHaveLength(2);
    });

    it('rejects an event 4 days + 1 s old and accepts one exactly 4 days old', async () => {
      const emulator = withSearch();
      emulator.clock.advance('10d');
      const view = (timestamp: number) => ({
        eventType: 'view' as const,
        eventName: 'Viewed',
        index: 'products',
        userToken: 'u',
        objectIDs: ['a'],
        timestamp,
      });
      await expect(emulator.pushEvents({ events: [view(emulator.clock.now() - 4 * DAY)] })).resolves.toMatchObject({
        status: 200,
      });
      const error = await rejection(emulator, [view(emulator.clock.now() - 4 * DAY - 1000)]);
      expect(error).toMatchObject({
        status: 422,
        message: 'events[0].timestamp: must not be more than 4 days in the past',
      });
    });
  });
});

describe('deleteUserToken', () => {
  it("removes the user's events and searches, answers 204", async () => {
    const emulator = withSearch();
    seedSearch(emulator, { query: 'tv', user: 'user-2' });
    await emulator.pushEvents({
      events: [click(qid(1), ['a'], [1]), click(qid(1), ['b'], [2], { userToken: 'user-2' })],
    });
    await expect(emulator.deleteUserToken({ userToken: 'user-2' })).resolves.toBeUndefined();
    const state = emulator.core.state.analytics;
    expect(state.events.map((e) => e.userToken)).toEqual(['user-1']);
    expect(state.searches.toArray().map((s) => s.user)).toEqual(['127.0.0.1']);
    await expect(emulator.deleteUserToken({ userToken: 'not valid!' })).rejects.toMatchObject({ status: 422 });
  });
});
