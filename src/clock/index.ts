export {
  createFakeClock,
  createSystemClock,
  toEpochMs,
  DEFAULT_START,
  type Clock,
  type Instant,
  type RestartableClock,
} from './clock';
export { toMilliseconds, type Duration, type DurationString, type DurationUnit } from './duration';
