import { figuresOf, rate, revenueOf, type Figures, type UserFigures } from './figures';
import { mean } from './stats';

/** How a metric compares variants: as a proportion, as a mean of samples, or not at all (counts). */
export type Comparison =
  | { readonly kind: 'proportion'; readonly successes: number; readonly trials: number }
  | { readonly kind: 'samples'; readonly values: readonly number[] };

/** A metric's value for one variant, and what a comparison with the control reads. */
export interface Measure {
  readonly value: number | null;
  readonly comparison?: Comparison;
  readonly metadata?: Record<string, number>;
}

/** Shared across the variants of one test: the 95th-percentile cap of each currency's amounts. */
export interface Caps {
  /** Currency -> cap of one tracked search's revenue. */
  readonly perSearch: ReadonlyMap<string, number>;
  /** Currency -> cap of one user's revenue. */
  readonly perUser: ReadonlyMap<string, number>;
}

type Reader = (figures: Figures, dimension: string | undefined, caps: Caps) => Measure;

const count =
  (read: (f: Figures) => number): Reader =>
  (f) => ({ value: read(f) });

const proportion =
  (successes: (f: Figures) => number, trials: (f: Figures) => number): Reader =>
  (f) => {
    const s = successes(f);
    const n = trials(f);
    return { value: rate(s, n), comparison: { kind: 'proportion', successes: s, trials: n } };
  };

const users = (f: Figures, has: (user: UserFigures) => boolean) => [...f.perUser.values()].filter(has).length;

/** The mean over tracked users of a per-user figure (users for whom it is defined). */
const perUserMean =
  (read: (user: UserFigures) => number | null): Reader =>
  (f) => {
    const values = [...f.perUser.values()].map(read).filter((value): value is number => value !== null);
    return { value: values.length === 0 ? null : mean(values), comparison: { kind: 'samples', values } };
  };

const capped = (values: readonly number[], cap: number | undefined) =>
  cap === undefined ? [...values] : values.map((value) => Math.min(value, cap));

const userRevenue = (f: Figures, currency: string | undefined) =>
  [...f.perUser.values()].map((user) => user.revenue.get(currency ?? '') ?? 0);

/**
 * The metrics v3 tests report (`MetricName` of the official client), each read from a
 * variant's figures. Rates are per tracked search (`*_users_rate`: per tracked user); revenue
 * figures are per currency (`dimension`), winsorized at the test's 95th percentile where the
 * name says so.
 */
const READERS: Readonly<Record<string, Reader>> = {
  search_count: count((f) => f.searches),
  tracked_search_count: count((f) => f.tracked),
  user_count: count((f) => f.users),
  tracked_user_count: count((f) => f.trackedUsers),
  no_result_count: count((f) => f.noResults),
  tracked_no_result_count: count((f) => f.trackedNoResults),
  add_to_cart_count: count((f) => f.addToCarts),
  purchase_count: count((f) => f.purchases),
  clicked_search_count: count((f) => f.clickedSearches),
  converted_search_count: count((f) => f.convertedSearches),
  click_through_rate: proportion(
    (f) => f.clickedSearches,
    (f) => f.tracked,
  ),
  conversion_rate: proportion(
    (f) => f.convertedSearches,
    (f) => f.tracked,
  ),
  add_to_cart_rate: proportion(
    (f) => f.addToCartSearches,
    (f) => f.tracked,
  ),
  purchase_rate: proportion(
    (f) => f.purchaseSearches,
    (f) => f.tracked,
  ),
  average_click_position: (f) => ({
    value: f.positions.length === 0 ? null : mean(f.positions),
    comparison: { kind: 'samples', values: f.positions },
  }),
  revenue: (f, currency, caps) => {
    const values = revenueOf(f, currency);
    const total = values.reduce((sum, value) => sum + value, 0);
    const kept = capped(values, caps.perSearch.get(currency ?? '')).reduce((sum, value) => sum + value, 0);
    return {
      value: total,
      comparison: { kind: 'samples', values },
      metadata: { winsorizedValue: total - kept, mean: mean(values) },
    };
  },
  revenue_per_search: (f, currency, caps) => {
    const values = capped(revenueOf(f, currency), caps.perSearch.get(currency ?? ''));
    return { value: values.length === 0 ? null : mean(values), comparison: { kind: 'samples', values } };
  },
  average_order_value: (f, currency) => {
    const total = revenueOf(f, currency).reduce((sum, value) => sum + value, 0);
    return { value: f.purchases === 0 ? null : total / f.purchases };
  },
  clicked_users_count: count((f) => users(f, (user) => user.clicked > 0)),
  converted_users_count: count((f) => users(f, (user) => user.converted > 0)),
  add_to_cart_users_count: count((f) => users(f, (user) => user.addedToCart > 0)),
  purchase_users_count: count((f) => users(f, (user) => user.purchased > 0)),
  users_with_no_results_count: count((f) => users(f, (user) => user.noResults > 0)),
  clicked_users_rate: proportion(
    (f) => users(f, (user) => user.clicked > 0),
    (f) => f.trackedUsers,
  ),
  converted_users_rate: proportion(
    (f) => users(f, (user) => user.converted > 0),
    (f) => f.trackedUsers,
  ),
  add_to_cart_users_rate: proportion(
    (f) => users(f, (user) => user.addedToCart > 0),
    (f) => f.trackedUsers,
  ),
  purchase_users_rate: proportion(
    (f) => users(f, (user) => user.purchased > 0),
    (f) => f.trackedUsers,
  ),
  users_with_no_results_rate: proportion(
    (f) => users(f, (user) => user.noResults > 0),
    (f) => f.trackedUsers,
  ),
  avg_click_through_rate_per_user: perUserMean((user) => user.clicked / user.tracked),
  avg_conversion_rate_per_user: perUserMean((user) => user.converted / user.tracked),
  avg_purchase_rate_per_user: perUserMean((user) => user.purchased / user.tracked),
  avg_add_to_cart_rate_per_user: perUserMean((user) => user.addedToCart / user.tracked),
  avg_click_position_per_user: perUserMean((user) => (user.positions.length === 0 ? null : mean(user.positions))),
  winsorized_revenue_per_user: (f, currency, caps) => {
    // Users who bought only in other currencies are left out (the official client's description).
    const kept = [...f.perUser.values()].filter((user) => user.revenue.has(currency ?? '') || user.revenue.size === 0);
    const values = capped(
      kept.map((user) => user.revenue.get(currency ?? '') ?? 0),
      caps.perUser.get(currency ?? ''),
    );
    return {
      value: values.length === 0 ? null : mean(values),
      comparison: { kind: 'samples', values },
      metadata: { userCount: kept.length },
    };
  },
  winsorized_revenue_per_purchaser: (f, currency, caps) => {
    const values = capped(
      [...f.perUser.values()]
        .filter((user) => user.revenue.has(currency ?? ''))
        .map((user) => user.revenue.get(currency ?? '')!),
      caps.perUser.get(currency ?? ''),
    );
    return { value: values.length === 0 ? null : mean(values), comparison: { kind: 'samples', values } };
  },
};

export const METRIC_NAMES: ReadonlySet<string> = new Set(Object.keys(READERS));

/** Metrics that take a currency as their dimension. */
export const DIMENSION_METRICS: ReadonlySet<string> = new Set([
  'revenue',
  'revenue_per_search',
  'average_order_value',
  'winsorized_revenue_per_user',
  'winsorized_revenue_per_purchaser',
]);

/** The primary metrics Bayesian analysis supports (`PrimaryMetric` of the official client). */
export const BAYESIAN_METRICS: ReadonlySet<string> = new Set([
  'add_to_cart_rate',
  'click_through_rate',
  'conversion_rate',
  'purchase_rate',
  'revenue_per_search',
  'add_to_cart_users_rate',
  'clicked_users_rate',
  'converted_users_rate',
  'purchase_users_rate',
  'users_with_no_results_rate',
]);

/** Metrics where a lower value is the better one. */
export const LOWER_IS_BETTER: ReadonlySet<string> = new Set([
  'average_click_position',
  'avg_click_position_per_user',
  'users_with_no_results_rate',
  'no_result_count',
  'tracked_no_result_count',
  'users_with_no_results_count',
]);

/** `minimumDetectableEffect.metric` -> the metric it is measured on. */
export const EFFECT_METRIC: Readonly<Record<string, string>> = {
  addToCartRate: 'add_to_cart_rate',
  clickThroughRate: 'click_through_rate',
  conversionRate: 'conversion_rate',
  purchaseRate: 'purchase_rate',
  noResultsRate: 'no_results_rate',
  addToCartUsersRate: 'add_to_cart_users_rate',
  clickedUsersRate: 'clicked_users_rate',
  convertedUsersRate: 'converted_users_rate',
  purchaseUsersRate: 'purchase_users_rate',
};

/** A metric of one variant's figures (`no_results_rate`: searches without results per search, for estimates). */
export function measure(name: string, figures: Figures, dimension: string | undefined, caps: Caps): Measure {
  if (name === 'no_results_rate')
    return proportion(
      (f) => f.noResults,
      (f) => f.searches,
    )(figures, dimension, caps);
  return READERS[name](figures, dimension, caps);
}

/** The 95th-percentile caps of the test's revenue, over every variant. */
export function capsOf(all: readonly Figures[]): Caps {
  const perSearch = new Map<string, number>();
  const perUser = new Map<string, number>();
  const currencies = new Set(all.flatMap((f) => [...f.revenuePerSearch.keys()]));
  for (const currency of currencies) {
    const searchAmounts = all.flatMap((f) => revenueOf(f, currency)).filter((value) => value > 0);
    const userAmounts = all.flatMap((f) => userRevenue(f, currency)).filter((value) => value > 0);
    perSearch.set(currency, percentile(searchAmounts, 0.95));
    perUser.set(currency, percentile(userAmounts, 0.95));
  }
  return { perSearch, perUser };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

export { figuresOf };
