import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createEmulator, createFakeClock, createSystemClock, toMilliseconds } from '../../src';

describe('durations', () => {
  it.each([
    [1500, 1500],
    ['250ms', 250],
    ['90s', 90_000],
    ['1h30m', 5_400_000],
    ['4d', 345_600_000],
    ['1w', 604_800_000],
    [{ hours: 1, seconds: 1 }, 3_601_000],
  ])('%j is %d ms', (input, ms) => {
    expect(toMilliseconds(input)).toBe(ms);
  });

  it.each(['', 'soon', '1 fortnight', '5x', 'h1'])('rejects %j', (input) => {
    expect(() => toMilliseconds(input)).toThrow(/Invalid duration/);
  });
});

describe('fake clock', () => {
  it('starts at a fixed date by default so runs replay', () => {
    expect(new Date(createEmulator().clock.now()).toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('moves only when told, and notifies listeners', () => {
    const clock = createFakeClock('2024-05-01T00:00:00Z');
    const seen: number[] = [];
    clock.onChange((now) => seen.push(now));
    const start = clock.now();
    expect(clock.now()).toBe(start);
    clock.advance('1m');
    clock.set('2024-05-02T00:00:00Z');
    expect(seen).toEqual([start + 60_000, Date.UTC(2024, 4, 2)]);
  });

  it('refuses negative advances and unreadable times', () => {
    const clock = createFakeClock(0);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.set('not a date')).toThrow(TypeError);
  });

  it('adds up any sequence of advances exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 10 ** 9 })), (steps) => {
        const clock = createFakeClock(0);
        for (const step of steps) clock.advance(step);
        expect(clock.now()).toBe(steps.reduce((a, b) => a + b, 0));
      }),
    );
  });
});

describe('system clock', () => {
  it('reads the host time at each call, so vi.setSystemTime is honoured', () => {
    vi.useFakeTimers();
    try {
      const clock = createSystemClock();
      vi.setSystemTime(Date.UTC(2030, 0, 1));
      expect(clock.now()).toBe(Date.UTC(2030, 0, 1));
      clock.advance('1h');
      expect(clock.now()).toBe(Date.UTC(2030, 0, 1, 1));
    } finally {
      vi.useRealTimers();
    }
  });
});
