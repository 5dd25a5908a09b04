export { createFakeClock, createSystemClock, toEpochMs, DEFAULT_START, type Clock, type Instant } from './clock';
export { toMilliseconds, type Duration } from './duration';
