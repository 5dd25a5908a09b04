/** The units a duration string takes: `ms`, `s` (`sec`), `m` (`min`), `h`, `d`, `w`. */
export type DurationUnit = 'ms' | 's' | 'sec' | 'm' | 'min' | 'h' | 'd' | 'w';

type Part = `${number}${DurationUnit}`;
/** Units a three-part string is written in (`"1h30m15s"`, `"1d2h30m"`). */
type ShortPart = `${number}${'d' | 'h' | 'm' | 's' | 'ms'}`;

/**
 * A duration string: one to three `<number><unit>` parts (`"250ms"`, `"90s"`, `"1h30m"`,
 * `"1h 30m"`, `"1d2h30m"`). A typo such as `"2 seconds"` fails to compile; the parser reads
 * the same strings (and refuses the others with a TypeError naming the forms it takes).
 */
export type DurationString = Part | `${Part}${Part}` | `${Part} ${Part}` | `${ShortPart}${ShortPart}${ShortPart}`;

/** A span of time: milliseconds, a string such as `"1h30m"`, `"4d"`, `"250ms"`, or parts. */
export type Duration =
  | number
  | DurationString
  | { days?: number; hours?: number; minutes?: number; seconds?: number; milliseconds?: number };

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  sec: 1000,
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * Converts a {@link Duration} to milliseconds; throws a TypeError on anything it cannot read.
 * It takes any string too, for text read at run time (a CLI flag, a JSON body).
 */
export function toMilliseconds(duration: Duration | string): number {
  if (typeof duration === 'number') {
    if (!Number.isFinite(duration)) throw new TypeError(`Invalid duration: ${duration}`);
    return duration;
  }
  if (typeof duration === 'string') return parseDurationString(duration);
  const { days = 0, hours = 0, minutes = 0, seconds = 0, milliseconds = 0 } = duration;
  return days * UNIT_MS.d + hours * UNIT_MS.h + minutes * UNIT_MS.m + seconds * UNIT_MS.s + milliseconds;
}

function parseDurationString(text: string): number {
  const compact = text.replace(/\s+/g, '');
  const part = /(-?\d+(?:\.\d+)?)(ms|sec|min|s|m|h|d|w)/gy;
  let total = 0;
  let consumed = 0;
  for (let match = part.exec(compact); match; match = part.exec(compact)) {
    total += Number(match[1]) * UNIT_MS[match[2]];
    consumed = part.lastIndex;
  }
  if (consumed === 0 || consumed !== compact.length) {
    throw new TypeError(`Invalid duration "${text}": use milliseconds or units such as "90s", "1h30m", "4d"`);
  }
  return total;
}
