import { badRequest } from '../../errors';
import type { OperationContext } from '../../route';
import type { RecordedFilter } from '../state';
import { tallies as talliesOf } from './dataset';
import {
  addAmounts,
  clickFigures,
  currencies,
  perDay,
  positionAverage,
  positionBuckets,
  rank,
  rateOf,
  type ClickFigures,
} from './metrics';
import { addConversions, emptyHit, type ConversionKind, type HitTally, type QueryTally } from './tally';
import { lastRefresh, readIndex, readWindow, slice, visibleBefore, type Window } from './window';

type Report = (ctx: OperationContext) => unknown;

function tallies(ctx: OperationContext, defaultLimit?: number): { window: Window; tallies: QueryTally[] } {
  const window = readWindow(ctx, defaultLimit);
  return { window, tallies: talliesOf(ctx.core.state.analytics, window, visibleBefore(ctx.core)) };
}

function flag(ctx: OperationContext, name: string): boolean {
  const value = ctx.req.query[name];
  if (value === undefined || value === '') return false;
  if (value === 'true' || value === 'false') return value === 'true';
  throw badRequest(`Invalid ${name} ${JSON.stringify(value)}: expected true or false`);
}

const roundedAverage = (sum: number, count: number) => (count === 0 ? 0 : Math.round(sum / count));
const sum = (tallies: readonly QueryTally[], read: (tally: QueryTally) => number) =>
  tallies.reduce((total, tally) => total + read(tally), 0);
const byQuery = (tally: QueryTally) => tally.query;

export const getStatus: Report = (ctx) => {
  const index = readIndex(ctx);
  const before = visibleBefore(ctx.core);
  const analytics = ctx.core.state.analytics;
  const any =
    analytics.folded.some((day) => day.index === index) ||
    analytics.searches.some((s) => s.index === index && s.at < before);
  return { updatedAt: any ? new Date(lastRefresh(ctx.core)).toISOString() : null };
};

const ORDER_BY = ['searchCount', 'clickThroughRate', 'conversionRate', 'averageClickPosition'] as const;

export const getTopSearches: Report = (ctx) => {
  const { window, tallies: all } = tallies(ctx);
  const revenue = flag(ctx, 'revenueAnalytics');
  const clicks = flag(ctx, 'clickAnalytics') || revenue;
  const orderBy = ctx.req.query.orderBy ?? 'searchCount';
  const direction = ctx.req.query.direction ?? 'desc';
  if (!ORDER_BY.includes(orderBy as never))
    throw badRequest(`Invalid orderBy ${JSON.stringify(orderBy)}: expected one of ${ORDER_BY.join(', ')}`);
  if (direction !== 'asc' && direction !== 'desc')
    throw badRequest(`Invalid direction ${JSON.stringify(direction)}: expected asc or desc`);
  if (!clicks && orderBy !== 'searchCount') throw badRequest(`orderBy ${orderBy} requires clickAnalytics=true`);
  const rows = groups(all, byQuery).map(([search, group]) => {
    const count = sum(group, (t) => t.count);
    const base = {
      search,
      count,
      nbHits: roundedAverage(
        sum(group, (t) => t.nbHitsSum),
        count,
      ),
    };
    if (!clicks) return base;
    const figures = clickFigures(group);
    const row: Record<string, unknown> = {
      ...base,
      clickThroughRate: rateOf(figures.searchesWithClick, figures.trackedSearchCount),
      averageClickPosition: positionAverage(figures.positions).average,
      clickPositions: positionBuckets(figures.positions),
      conversionRate: rateOf(figures.conversions.all.converting, figures.trackedSearchCount),
      trackedSearchCount: figures.trackedSearchCount,
      clickCount: figures.clickCount,
      conversionCount: figures.conversions.all.count,
    };
    if (revenue) {
      Object.assign(row, {
        currencies: currencies(figures.revenue),
        addToCartRate: rateOf(figures.conversions.addToCart.converting, figures.trackedSearchCount),
        addToCartCount: figures.conversions.addToCart.count,
        purchaseRate: rateOf(figures.conversions.purchase.converting, figures.trackedSearchCount),
        purchaseCount: figures.conversions.purchase.count,
      });
    }
    return row;
  });
  if (orderBy !== 'searchCount' || direction === 'asc') {
    const key = orderBy === 'searchCount' ? 'count' : orderBy;
    const sign = direction === 'asc' ? 1 : -1;
    // Stable: ties keep the most-frequent-first order; nulls always last.
    rows.sort((a, b) => {
      const x = (a as Record<string, unknown>)[key] as number | null;
      const y = (b as Record<string, unknown>)[key] as number | null;
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return sign * (x - y);
    });
  }
  return { searches: slice(rows, window) };
};

/** The tallies grouped by a key, most searches first, then by key. */
function groups(
  all: readonly QueryTally[],
  key: (tally: QueryTally) => string,
  weight: (tally: QueryTally) => number = (t) => t.count,
): [string, QueryTally[]][] {
  const ranked = rank(
    all,
    (tally) => (weight(tally) > 0 ? key(tally) : undefined),
    () => ({ tallies: [] as QueryTally[], weight: 0 }),
    (entry, tally) => {
      entry.tallies.push(tally);
      entry.weight += weight(tally);
    },
    (entry) => entry.weight,
  );
  return ranked.map(([k, entry]) => [k, entry.tallies]);
}

export const getSearchesCount: Report = (ctx) => {
  const { window, tallies: all } = tallies(ctx);
  const count = (group: QueryTally[]) => sum(group, (t) => t.count);
  return { count: count(all), dates: perDay(window.days, all, (day, date) => ({ date, count: count(day) })) };
};

export const getSearchesNoResults: Report = (ctx) => {
  const { window, tallies: all } = tallies(ctx);
  const rows = groups(all, byQuery, (t) => t.noResultCount).map(([search, group]) => ({
    search,
    count: sum(group, (t) => t.noResultCount),
    withFilterCount: sum(group, (t) => t.noResultWithFilterCount),
  }));
  return { searches: slice(rows, window) };
};

export const getSearchesNoClicks: Report = (ctx) => {
  const { window, tallies: all } = tallies(ctx);
  const rows = groups(all, byQuery, (t) => t.noClickCount).map(([search, group]) => {
    const count = sum(group, (t) => t.noClickCount);
    return {
      search,
      count,
      nbHits: roundedAverage(
        sum(group, (t) => t.noClickNbHitsSum),
        count,
      ),
    };
  });
  return { searches: slice(rows, window) };
};

export const getNoResultsRate: Report = (ctx) => {
  const { window, tallies: all } = tallies(ctx);
  const figures = (group: QueryTally[]) => {
    const count = sum(group, (t) => t.count);
    const noResultCount = sum(group, (t) => t.noResultCount);
    return { rate: count === 0 ? 0 : noResultCount / count, count, noResultCount };
  };
  return { ...figures(all), dates: perDay(window.days, all, (day, date) => ({ date, ...figures(day) })) };
};

export const getNoClickRate: Report = (ctx) => {
  const { window, tallies: all } = tallies(ctx);
  const figures = (group: QueryTally[]) => {
    const count = sum(group, (t) => t.tracked);
    const noClickCount = sum(group, (t) => t.noClickCount);
    return { rate: count === 0 ? 0 : noClickCount / count, count, noClickCount };
  };
  return { ...figures(all), dates: perDay(window.days, all, (day, date) => ({ date, ...figures(day) })) };
};

export const getTopHits: Report = (ctx) => {
  const searched = ctx.req.query.search !== undefined;
  const { window, tallies: all } = tallies(ctx, searched ? 0 : 10);
  const revenue = flag(ctx, 'revenueAnalytics');
  const clicks = flag(ctx, 'clickAnalytics') || revenue;
  const scoped = searched ? all.filter((t) => t.query === window.search) : all;
  const appearances = scoped.flatMap((tally) => [...tally.hits]);
  const ranked = rank(
    appearances,
    ([hit]) => hit,
    emptyHit,
    (totals, [, figures]: [string, HitTally]) => {
      totals.count += figures.count;
      totals.tracked += figures.tracked;
      totals.clicked += figures.clicked;
      totals.clickCount += figures.clickCount;
      addConversions(totals.conversions, figures.conversions);
      addAmounts(totals.revenue, figures.revenue);
    },
    (totals) => totals.count,
  );
  const rows = ranked.map(([hit, totals]) => {
    if (!clicks) return { hit, count: totals.count };
    const row: Record<string, unknown> = {
      hit,
      count: totals.count,
      clickThroughRate: rateOf(totals.clicked, totals.tracked),
      conversionRate: rateOf(totals.conversions.all.converting, totals.tracked),
      // The OpenAPI's name since its March 2024 analytics reference (spec 002 has `trackedSearchCount`).
      trackedHitCount: totals.tracked,
      clickCount: totals.clickCount,
      conversionCount: totals.conversions.all.count,
    };
    if (revenue) {
      Object.assign(row, {
        addToCartRate: rateOf(totals.conversions.addToCart.converting, totals.tracked),
        addToCartCount: totals.conversions.addToCart.count,
        purchaseRate: rateOf(totals.conversions.purchase.converting, totals.tracked),
        purchaseCount: totals.conversions.purchase.count,
        currencies: currencies(totals.revenue),
      });
    }
    return row;
  });
  return { hits: slice(rows, window) };
};

export const getUsersCount: Report = (ctx) => {
  const { window, tallies: all } = tallies(ctx);
  const distinct = (group: QueryTally[]) => {
    const users = new Set<string>();
    for (const tally of group) for (const user of tally.users) users.add(user);
    return users.size;
  };
  return { count: distinct(all), dates: perDay(window.days, all, (day, date) => ({ date, count: distinct(day) })) };
};

/** Tallies of the request, narrowed to `search` when given. */
function searchedTallies(ctx: OperationContext): { window: Window; tallies: QueryTally[] } {
  const result = tallies(ctx);
  const search = result.window.search;
  return search === undefined
    ? result
    : { window: result.window, tallies: result.tallies.filter((t) => t.query === search) };
}

/** Ranks `[key, count]` pairs: most frequent first, then by key. */
function rankCounts<T>(pairs: Iterable<[string, T, number]>): [string, T, number][] {
  return rank(
    pairs,
    ([key]) => key,
    () => ({ value: undefined as T | undefined, count: 0 }),
    (entry, [, value, count]) => {
      entry.value ??= value;
      entry.count += count;
    },
    (entry) => entry.count,
  ).map(([key, entry]) => [key, entry.value as T, entry.count]);
}

export const getTopFilterAttributes: Report = (ctx) => {
  const { window, tallies: all } = searchedTallies(ctx);
  const uses = all.flatMap((t) =>
    [...t.filterAttributes].map(([attribute, count]): [string, string, number] => [attribute, attribute, count]),
  );
  return {
    attributes: slice(
      rankCounts(uses).map(([attribute, , count]) => ({ attribute, count })),
      window,
    ),
  };
};

export const getTopFilterForAttribute: Report = (ctx) => {
  const { window, tallies: all } = searchedTallies(ctx);
  const attributes = new Set(ctx.params.attribute.split(',').map((a) => a.trim()));
  const uses = all.flatMap((t) =>
    [...t.filterValues]
      .filter(([, { filter }]) => attributes.has(filter.attribute))
      .map(([key, { filter, count }]): [string, RecordedFilter, number] => [key, filter, count]),
  );
  return {
    values: slice(
      rankCounts(uses).map(([, filter, count]) => ({ ...filter, count })),
      window,
    ),
  };
};

export const getTopFiltersNoResults: Report = (ctx) => {
  const { window, tallies: all } = searchedTallies(ctx);
  const uses = all.flatMap((t) =>
    [...t.noResultFilters].map(([key, { values, count }]): [string, readonly RecordedFilter[], number] => [
      key,
      values,
      count,
    ]),
  );
  const rows = rankCounts(uses).map(([, values, count]) => ({
    count,
    values: values.map((filter) => ({ ...filter })),
  }));
  return { values: rows.length === 0 ? null : slice(rows, window) };
};

export const getTopCountries: Report = (ctx) => {
  const { window, tallies: all } = tallies(ctx);
  const uses = all.flatMap((t) =>
    [...t.countries].map(([country, count]): [string, string, number] => [country, country, count]),
  );
  return {
    countries: slice(
      rankCounts(uses).map(([country, , count]) => ({ country, count })),
      window,
    ),
  };
};

export const getAverageClickPosition: Report = (ctx) => {
  const { window, tallies: all } = tallies(ctx);
  const figures = (group: QueryTally[]) => positionAverage(clickFigures(group).positions);
  return { ...figures(all), dates: perDay(window.days, all, (day, date) => ({ date, ...figures(day) })) };
};

export const getClickPositions: Report = (ctx) => {
  const { tallies: all } = tallies(ctx);
  return { positions: positionBuckets(clickFigures(all).positions) };
};

export const getClickThroughRate: Report = (ctx) => {
  const { window, tallies: all } = tallies(ctx);
  const figures = (group: QueryTally[]) => {
    const f = clickFigures(group);
    return {
      rate: rateOf(f.searchesWithClick, f.trackedSearchCount),
      clickCount: f.clickCount,
      trackedSearchCount: f.trackedSearchCount,
    };
  };
  return { ...figures(all), dates: perDay(window.days, all, (day, date) => ({ date, ...figures(day) })) };
};

/** Conversion, add-to-cart and purchase rates share one shape with their own count name. */
function conversionReport(countName: string, kind: ConversionKind): Report {
  return (ctx) => {
    const { window, tallies: all } = tallies(ctx);
    const figures = (group: QueryTally[]) => {
      const f: ClickFigures = clickFigures(group);
      return {
        rate: rateOf(f.conversions[kind].converting, f.trackedSearchCount),
        trackedSearchCount: f.trackedSearchCount,
        [countName]: f.conversions[kind].count,
      };
    };
    return { ...figures(all), dates: perDay(window.days, all, (day, date) => ({ date, ...figures(day) })) };
  };
}

export const getConversionRate = conversionReport('conversionCount', 'all');
export const getAddToCartRate = conversionReport('addToCartCount', 'addToCart');
export const getPurchaseRate = conversionReport('purchaseCount', 'purchase');

export const getRevenue: Report = (ctx) => {
  const { window, tallies: all } = tallies(ctx);
  return {
    currencies: currencies(clickFigures(all).revenue),
    dates: perDay(window.days, all, (day, date) => ({ date, currencies: currencies(clickFigures(day).revenue) })),
  };
};
