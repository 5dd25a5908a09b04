import type { SearchFacts } from './dataset';

/** A rate over tracked searches: null when there were none (the spec's null-versus-zero rule). */
export const rateOf = (count: number, total: number): number | null => (total === 0 ? null : count / total);

/** Click and conversion figures of a set of searches. */
export interface ClickFigures {
  trackedSearchCount: number;
  clickCount: number;
  searchesWithClick: number;
  positions: number[];
  conversionCount: number;
  searchesWithConversion: number;
  addToCartCount: number;
  searchesWithAddToCart: number;
  purchaseCount: number;
  searchesWithPurchase: number;
  revenue: Map<string, number>;
}

export function clickFigures(facts: readonly SearchFacts[]): ClickFigures {
  const out: ClickFigures = {
    trackedSearchCount: 0,
    clickCount: 0,
    searchesWithClick: 0,
    positions: [],
    conversionCount: 0,
    searchesWithConversion: 0,
    addToCartCount: 0,
    searchesWithAddToCart: 0,
    purchaseCount: 0,
    searchesWithPurchase: 0,
    revenue: new Map(),
  };
  for (const fact of facts) {
    if (!fact.tracked) continue;
    out.trackedSearchCount++;
    out.clickCount += fact.clicks.length;
    if (fact.clicks.length > 0) out.searchesWithClick++;
    for (const click of fact.clicks) if (click.position !== undefined) out.positions.push(click.position);
    out.conversionCount += fact.conversions.length;
    if (fact.conversions.length > 0) out.searchesWithConversion++;
    const carts = fact.conversions.filter((c) => c.subtype === 'addToCart').length;
    const purchases = fact.conversions.filter((c) => c.subtype === 'purchase').length;
    out.addToCartCount += carts;
    if (carts > 0) out.searchesWithAddToCart++;
    out.purchaseCount += purchases;
    if (purchases > 0) out.searchesWithPurchase++;
    for (const [currency, amount] of fact.revenue) out.revenue.set(currency, (out.revenue.get(currency) ?? 0) + amount);
  }
  return out;
}

export function average(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Positions 1 to 10 each in a bucket, 11-20 together, 21 and up together (`[21, -1]`). */
export function positionBuckets(positions: readonly number[]): { position: [number, number]; clickCount: number }[] {
  const buckets: { position: [number, number]; clickCount: number }[] = [];
  for (let p = 1; p <= 10; p++) buckets.push({ position: [p, p], clickCount: 0 });
  buckets.push({ position: [11, 20], clickCount: 0 }, { position: [21, -1], clickCount: 0 });
  for (const p of positions) buckets[p <= 10 ? p - 1 : p <= 20 ? 10 : 11].clickCount++;
  return buckets;
}

/** `{ EUR: { currency: 'EUR', revenue } }`, as the API shapes revenue. */
export function currencies(revenue: ReadonlyMap<string, number>): Record<string, { currency: string; revenue: number }> {
  const out: Record<string, { currency: string; revenue: number }> = {};
  for (const [currency, amount] of [...revenue].sort(([a], [b]) => a.localeCompare(b))) out[currency] = { currency, revenue: amount };
  return out;
}

/** The searches of each day of the range. */
export function perDay<T>(days: readonly string[], facts: readonly SearchFacts[], build: (day: SearchFacts[], date: string) => T): T[] {
  const groups = new Map<string, SearchFacts[]>(days.map((d) => [d, []]));
  for (const fact of facts) groups.get(fact.date)?.push(fact);
  return days.map((date) => build(groups.get(date) ?? [], date));
}

/** Groups by a key; most frequent first, then by key. */
export function countBy<T>(items: readonly T[], key: (item: T) => string | undefined): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const list = groups.get(k) ?? [];
    list.push(item);
    groups.set(k, list);
  }
  return [...groups].sort(([ka, a], [kb, b]) => b.length - a.length || (ka < kb ? -1 : ka > kb ? 1 : 0));
}
