import {
  addConversions,
  conversionFigures,
  type ConversionFigures,
  type ConversionKind,
  type QueryTally,
} from './tally';

/** A rate over tracked searches: null when there were none (the spec's null-versus-zero rule). */
export const rateOf = (count: number, total: number): number | null => (total === 0 ? null : count / total);

/** Click and conversion figures of a set of tallies. */
export interface ClickFigures {
  trackedSearchCount: number;
  clickCount: number;
  searchesWithClick: number;
  /** Click position -> clicks. */
  positions: Map<number, number>;
  conversions: Record<ConversionKind, ConversionFigures>;
  revenue: Map<string, number>;
}

export function clickFigures(tallies: readonly QueryTally[]): ClickFigures {
  const out: ClickFigures = {
    trackedSearchCount: 0,
    clickCount: 0,
    searchesWithClick: 0,
    positions: new Map(),
    conversions: conversionFigures(),
    revenue: new Map(),
  };
  for (const tally of tallies) {
    out.trackedSearchCount += tally.tracked;
    out.clickCount += tally.clickCount;
    out.searchesWithClick += tally.searchesWithClick;
    for (const [position, clicks] of tally.positions)
      out.positions.set(position, (out.positions.get(position) ?? 0) + clicks);
    addConversions(out.conversions, tally.conversions);
    addAmounts(out.revenue, tally.revenue);
  }
  return out;
}

/** Adds each currency's amount of `from` into `into`. */
export function addAmounts(into: Map<string, number>, from: ReadonlyMap<string, number>): void {
  for (const [currency, amount] of from) into.set(currency, (into.get(currency) ?? 0) + amount);
}

/** The number of clicks with a position, and the average position (null without any). */
export function positionAverage(positions: ReadonlyMap<number, number>): {
  average: number | null;
  clickCount: number;
} {
  let sum = 0;
  let clickCount = 0;
  for (const [position, clicks] of positions) {
    sum += position * clicks;
    clickCount += clicks;
  }
  return { average: clickCount === 0 ? null : sum / clickCount, clickCount };
}

/** Positions 1 to 10 each in a bucket, 11-20 together, 21 and up together (`[21, -1]`). */
export function positionBuckets(
  positions: ReadonlyMap<number, number>,
): { position: [number, number]; clickCount: number }[] {
  const buckets: { position: [number, number]; clickCount: number }[] = [];
  for (let p = 1; p <= 10; p++) buckets.push({ position: [p, p], clickCount: 0 });
  buckets.push({ position: [11, 20], clickCount: 0 }, { position: [21, -1], clickCount: 0 });
  for (const [p, clicks] of positions) buckets[p <= 10 ? p - 1 : p <= 20 ? 10 : 11].clickCount += clicks;
  return buckets;
}

/** `{ EUR: { currency: 'EUR', revenue } }`, as the API shapes revenue. */
export function currencies(
  revenue: ReadonlyMap<string, number>,
): Record<string, { currency: string; revenue: number }> {
  const out: Record<string, { currency: string; revenue: number }> = {};
  for (const [currency, amount] of [...revenue].sort(([a], [b]) => a.localeCompare(b)))
    out[currency] = { currency, revenue: amount };
  return out;
}

/** The tallies of each day of the range. */
export function perDay<T>(
  days: readonly string[],
  tallies: readonly QueryTally[],
  build: (day: QueryTally[], date: string) => T,
): T[] {
  const groups = new Map<string, QueryTally[]>(days.map((d) => [d, []]));
  for (const tally of tallies) groups.get(tally.date)?.push(tally);
  return days.map((date) => build(groups.get(date) ?? [], date));
}

/**
 * Sums per key, most frequent first, then by key: `add` accumulates one item's figures into
 * the key's entry (created by `start`), `weight` reads the entry's frequency.
 */
export function rank<T, E>(
  items: Iterable<T>,
  key: (item: T) => string | undefined,
  start: () => E,
  add: (entry: E, item: T) => void,
  weight: (entry: E) => number,
): [string, E][] {
  const entries = new Map<string, E>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    let entry = entries.get(k);
    if (entry === undefined) entries.set(k, (entry = start()));
    add(entry, item);
  }
  return [...entries].sort(([ka, a], [kb, b]) => weight(b) - weight(a) || (ka < kb ? -1 : ka > kb ? 1 : 0));
}
