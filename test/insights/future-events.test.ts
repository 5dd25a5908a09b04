import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

/** What a user's code sends: the host's time, in 2025 or later, against the fake clock's 2024. */
const HOST_NOW = Date.UTC(2025, 10, 28, 12);

const view = (timestamp?: number) => ({
  eventType: 'view' as const,
  eventName: 'Viewed',
  index: 'products',
  userToken: 'user-1',
  objectIDs: ['1'],
  ...(timestamp === undefined ? {} : { timestamp }),
});

let warnings: MockInstance<typeof console.warn>;
beforeEach(() => {
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warnings.mockRestore());

describe.each(SURFACES)('an event timestamped more than an hour after the clock (%s)', (surface) => {
  it('is stored and answered as the service does, and said: on the console once, in the journal each time', async () => {
    const { emulator, client } = open(surface);
    const insights = surface === 'client' ? client.initInsights({}) : emulator;
    for (let i = 0; i < 2; i++)
      expect(await insights.pushEvents({ events: [view(), view(HOST_NOW)] })).toEqual({ status: 200, message: 'OK' });
    expect(emulator.core.state.analytics.events.map((event) => event.timestamp)).toEqual([
      emulator.clock.now(),
      HOST_NOW,
      emulator.clock.now(),
      HOST_NOW,
    ]);
    const said =
      'search-emulator: an insights event is timestamped 2025-11-28T12:00:00.000Z, more than an hour after the ' +
      "emulator's clock (2024-01-01T00:00:00.000Z). Click and conversion analytics count an event within an hour " +
      'of its search, and Recommend trains on events up to its own time: until the clock gets there, this one ' +
      "counts in neither. Leave `timestamp` out (the event gets the clock's time), send emulator.clock.now(), or " +
      "create the emulator with now: 'system'";
    expect(warnings.mock.calls).toEqual([[`${said} (said once per emulator; emulator.journal keeps it per request)`]]);
    expect(emulator.journal.of('pushEvents').map((entry) => entry.warnings)).toEqual([[said], [said]]);
    expect(emulator.journal.of('pushEvents')[0].toJSON()).toMatchObject({ warnings: [said] });
  });

  it('says nothing for events before the clock, or within the hour after it (they still count for its searches)', async () => {
    const { emulator, client } = open(surface);
    const insights = surface === 'client' ? client.initInsights({}) : emulator;
    const now = emulator.clock.now();
    await insights.pushEvents({ events: [view(), view(now), view(now - 60_000), view(now + 3_600_000)] });
    expect(warnings).not.toHaveBeenCalled();
    expect(emulator.journal.of('pushEvents')[0].warnings).toEqual([]);
    expect(emulator.journal.of('pushEvents')[0].toJSON()).not.toHaveProperty('warnings');
  });
});
