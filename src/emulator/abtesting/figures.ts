import type { SearchUnit } from './results';

/** One user's searches in a variant. */
export interface UserFigures {
  tracked: number;
  clicked: number;
  converted: number;
  addedToCart: number;
  purchased: number;
  noResults: number;
  positions: number[];
  /** Currency -> revenue. */
  readonly revenue: Map<string, number>;
}

/** Everything the results of a variant are computed from. */
export interface Figures {
  readonly searches: number;
  readonly tracked: number;
  readonly users: number;
  readonly trackedUsers: number;
  readonly noResults: number;
  readonly trackedNoResults: number;
  readonly clicks: number;
  /** Tracked searches with at least one click, conversion, add-to-cart, purchase. */
  readonly clickedSearches: number;
  readonly convertedSearches: number;
  readonly addToCartSearches: number;
  readonly purchaseSearches: number;
  readonly conversions: number;
  readonly addToCarts: number;
  readonly purchases: number;
  readonly positions: readonly number[];
  /** Currency -> revenue of each tracked search (0 for those without a purchase). */
  readonly revenuePerSearch: ReadonlyMap<string, readonly number[]>;
  /** Tracked users only. */
  readonly perUser: ReadonlyMap<string, UserFigures>;
}

/** Sums a variant's searches. */
export function figuresOf(units: readonly SearchUnit[]): Figures {
  const users = new Set<string>();
  const perUser = new Map<string, UserFigures>();
  const currencies = new Set<string>();
  let tracked = 0;
  let noResults = 0;
  let trackedNoResults = 0;
  let clicks = 0;
  let clickedSearches = 0;
  let convertedSearches = 0;
  let addToCartSearches = 0;
  let purchaseSearches = 0;
  let conversions = 0;
  let addToCarts = 0;
  let purchases = 0;
  const positions: number[] = [];
  for (const unit of units) {
    const { exposure } = unit;
    users.add(exposure.user);
    if (exposure.nbHits === 0) noResults++;
    for (const currency of unit.revenue.keys()) currencies.add(currency);
    if (exposure.queryID === undefined) continue;
    tracked++;
    let user = perUser.get(exposure.user);
    if (!user) {
      user = {
        tracked: 0,
        clicked: 0,
        converted: 0,
        addedToCart: 0,
        purchased: 0,
        noResults: 0,
        positions: [],
        revenue: new Map(),
      };
      perUser.set(exposure.user, user);
    }
    user.tracked++;
    if (exposure.nbHits === 0) {
      trackedNoResults++;
      user.noResults++;
    }
    clicks += unit.clicks.length;
    conversions += unit.conversions;
    addToCarts += unit.addToCarts;
    purchases += unit.purchases;
    if (unit.clicks.length > 0) (clickedSearches++, user.clicked++);
    if (unit.conversions > 0) (convertedSearches++, user.converted++);
    if (unit.addToCarts > 0) (addToCartSearches++, user.addedToCart++);
    if (unit.purchases > 0) (purchaseSearches++, user.purchased++);
    for (const click of unit.clicks) {
      if (click.position === undefined) continue;
      positions.push(click.position);
      user.positions.push(click.position);
    }
    for (const [currency, amount] of unit.revenue)
      user.revenue.set(currency, (user.revenue.get(currency) ?? 0) + amount);
  }
  const revenuePerSearch = new Map<string, number[]>();
  for (const currency of [...currencies].sort()) {
    revenuePerSearch.set(
      currency,
      units.filter((unit) => unit.exposure.queryID !== undefined).map((unit) => unit.revenue.get(currency) ?? 0),
    );
  }
  return {
    searches: units.length,
    tracked,
    users: users.size,
    trackedUsers: perUser.size,
    noResults,
    trackedNoResults,
    clicks,
    clickedSearches,
    convertedSearches,
    addToCartSearches,
    purchaseSearches,
    conversions,
    addToCarts,
    purchases,
    positions,
    revenuePerSearch,
    perUser,
  };
}

/** `part / whole`, or null without a whole. */
export const rate = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** Each tracked search's revenue in `currency` (zeros when the variant has none in it). */
export const revenueOf = (figures: Figures, currency: string | undefined): readonly number[] =>
  figures.revenuePerSearch.get(currency ?? '') ?? new Array<number>(figures.tracked).fill(0);
