import { toMilliseconds, type Duration } from './duration';

/** A point in time: epoch milliseconds, an ISO 8601 string or a Date. */
export type Instant = number | string | Date;

/**
 * The emulator's only source of time. Key validity, task publication, rate-limit
 * windows, log retention and analytics windows all read `now()`.
 */
export interface Clock {
  readonly kind: 'fake' | 'system';
  /** Current time in epoch milliseconds. */
  now(): number;
  /** Moves time forward (a fake clock) or adds an offset (a system clock). Returns the new time. */
  advance(duration: Duration): number;
  /** Jumps to a point in time. Going backwards is allowed but timers already fired stay fired. */
  set(instant: Instant): number;
  /** Called after every change of time; returns an unsubscribe function. */
  onChange(listener: (now: number) => void): () => void;
  /**
   * Names the instants a forward move must stop at on its way (scheduled jobs): `next(from,
   * to)` answers the earliest one strictly between `from` and `to`, or undefined. Listeners
   * are then called at each stop in order, so a job fires with `now()` at its own instant.
   */
  setStops(next: (from: number, to: number) => number | undefined): void;
}

/** A clock that can go back to where it started (`emulator.reset()` takes it there). */
export interface RestartableClock extends Clock {
  /** Back to the start: a fake clock's first instant, a system clock's zero offset. Returns the new time. */
  restart(): number;
}

/** The default start of a fake clock, so runs replay identically. */
export const DEFAULT_START = Date.UTC(2024, 0, 1, 0, 0, 0);

export function toEpochMs(instant: Instant): number {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'string' ? Date.parse(instant) : instant;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new TypeError(`Invalid time ${JSON.stringify(instant)}: use epoch milliseconds or an ISO 8601 string`);
  }
  return ms;
}

function createClock(
  kind: Clock['kind'],
  read: () => number,
  move: (ms: number) => void,
  jump: (ms: number) => void,
  rewind: () => void,
): RestartableClock {
  const listeners = new Set<(now: number) => void>();
  let stops: (from: number, to: number) => number | undefined = () => undefined;
  const notify = () => {
    const now = read();
    for (const listener of listeners) listener(now);
    return now;
  };
  /** Stops (and notifies) at every stop before `target`; true when it stopped at least once. */
  const stopOnTheWay = (target: number) => {
    let stopped = false;
    for (
      let stop = stops(read(), target);
      stop !== undefined && stop > read() && stop < target;
      stop = stops(read(), target)
    ) {
      jump(stop);
      notify();
      stopped = true;
    }
    return stopped;
  };
  return {
    kind,
    now: read,
    advance(duration) {
      const ms = toMilliseconds(duration);
      if (ms < 0) throw new RangeError('clock.advance() takes a positive duration; use clock.set() to go back');
      const target = read() + ms;
      // Without stops a system clock keeps its exact offset arithmetic.
      if (stopOnTheWay(target)) jump(target);
      else move(ms);
      return notify();
    },
    set(instant) {
      const target = toEpochMs(instant);
      if (target > read()) stopOnTheWay(target);
      jump(target);
      return notify();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setStops(next) {
      stops = next;
    },
    restart() {
      rewind();
      return notify();
    },
  };
}

/** A clock that only moves when told to. */
export function createFakeClock(start: Instant = DEFAULT_START): RestartableClock {
  const first = toEpochMs(start);
  let now = first;
  return createClock(
    'fake',
    () => now,
    (ms) => (now += ms),
    (ms) => (now = ms),
    () => (now = first),
  );
}

/**
 * A clock that reads the host's time at every call (so `vi.setSystemTime` is honoured),
 * plus an offset that `advance` and `set` move.
 */
export function createSystemClock(): RestartableClock {
  let offset = 0;
  const host = () => Date.now();
  return createClock(
    'system',
    () => host() + offset,
    (ms) => (offset += ms),
    (ms) => (offset = ms - host()),
    () => (offset = 0),
  );
}
