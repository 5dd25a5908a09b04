import { badRequest } from '../../errors';
import type { OperationContext } from '../../route';
import type { RecordedFilter } from '../state';
import { collect, type SearchFacts } from './dataset';
import { average, clickFigures, countBy, currencies, perDay, positionBuckets, rateOf } from './metrics';
import { lastRefresh, readIndex, readWindow, slice, visibleBefore, type Window } from './window';

type Report = (ctx: OperationContext) => unknown;

function facts(ctx: OperationContext, defaultLimit?: number): { window: Window; facts: SearchFacts[] } {
  const window = readWindow(ctx, defaultLimit);
  return { window, facts: collect(ctx.core.state.analytics, window, visibleBefore(ctx.core)) };
}

function flag(ctx: OperationContext, name: string): boolean {
  const value = ctx.req.query[name];
  if (value === undefined || value === '') return false;
  if (value === 'true' || value === 'false') return value === 'true';
  throw badRequest(`Invalid ${name} ${JSON.stringify(value)}: expected true or false`);
}

const roundedAverage = (values: readonly number[]) => Math.round(average(values) ?? 0);

export const getStatus: Report = (ctx) => {
  const index = readIndex(ctx);
  const before = visibleBefore(ctx.core);
  const any = ctx.core.state.analytics.searches.some((s) => s.index === index && s.at < before);
  return { updatedAt: any ? new Date(lastRefresh(ctx.core)).toISOString() : null };
};

const ORDER_BY = ['searchCount', 'clickThroughRate', 'conversionRate', 'averageClickPosition'] as const;

export const getTopSearches: Report = (ctx) => {
  const { window, facts: all } = facts(ctx);
  const revenue = flag(ctx, 'revenueAnalytics');
  const clicks = flag(ctx, 'clickAnalytics') || revenue;
  const orderBy = ctx.req.query.orderBy ?? 'searchCount';
  const direction = ctx.req.query.direction ?? 'desc';
  if (!ORDER_BY.includes(orderBy as never)) throw badRequest(`Invalid orderBy ${JSON.stringify(orderBy)}: expected one of ${ORDER_BY.join(', ')}`);
  if (direction !== 'asc' && direction !== 'desc') throw badRequest(`Invalid direction ${JSON.stringify(direction)}: expected asc or desc`);
  if (!clicks && orderBy !== 'searchCount') throw badRequest(`orderBy ${orderBy} requires clickAnalytics=true`);
  const rows = countBy(all, (f) => f.search.query).map(([search, group]) => {
    const base = { search, count: group.length, nbHits: roundedAverage(group.map((f) => f.search.nbHits)) };
    if (!clicks) return base;
    const figures = clickFigures(group);
    const row: Record<string, unknown> = {
      ...base,
      clickThroughRate: rateOf(figures.searchesWithClick, figures.trackedSearchCount),
      averageClickPosition: average(figures.positions),
      clickPositions: positionBuckets(figures.positions),
      conversionRate: rateOf(figures.searchesWithConversion, figures.trackedSearchCount),
      trackedSearchCount: figures.trackedSearchCount,
      clickCount: figures.clickCount,
      conversionCount: figures.conversionCount,
    };
    if (revenue) {
      Object.assign(row, {
        currencies: currencies(figures.revenue),
        addToCartRate: rateOf(figures.searchesWithAddToCart, figures.trackedSearchCount),
        addToCartCount: figures.addToCartCount,
        purchaseRate: rateOf(figures.searchesWithPurchase, figures.trackedSearchCount),
        purchaseCount: figures.purchaseCount,
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

export const getSearchesCount: Report = (ctx) => {
  const { window, facts: all } = facts(ctx);
  return { count: all.length, dates: perDay(window.days, all, (day, date) => ({ date, count: day.length })) };
};

export const getSearchesNoResults: Report = (ctx) => {
  const { window, facts: all } = facts(ctx);
  const rows = countBy(
    all.filter((f) => f.search.nbHits === 0),
    (f) => f.search.query,
  ).map(([search, group]) => ({ search, count: group.length, withFilterCount: group.filter((f) => f.search.filters.length > 0).length }));
  return { searches: slice(rows, window) };
};

export const getSearchesNoClicks: Report = (ctx) => {
  const { window, facts: all } = facts(ctx);
  const rows = countBy(
    all.filter((f) => f.tracked && f.clicks.length === 0),
    (f) => f.search.query,
  ).map(([search, group]) => ({ search, count: group.length, nbHits: roundedAverage(group.map((f) => f.search.nbHits)) }));
  return { searches: slice(rows, window) };
};

export const getNoResultsRate: Report = (ctx) => {
  const { window, facts: all } = facts(ctx);
  const figures = (group: SearchFacts[]) => {
    const noResultCount = group.filter((f) => f.search.nbHits === 0).length;
    return { rate: group.length === 0 ? 0 : noResultCount / group.length, count: group.length, noResultCount };
  };
  return { ...figures(all), dates: perDay(window.days, all, (day, date) => ({ date, ...figures(day) })) };
};

export const getNoClickRate: Report = (ctx) => {
  const { window, facts: all } = facts(ctx);
  const figures = (group: SearchFacts[]) => {
    const tracked = group.filter((f) => f.tracked);
    const noClickCount = tracked.filter((f) => f.clicks.length === 0).length;
    return { rate: tracked.length === 0 ? 0 : noClickCount / tracked.length, count: tracked.length, noClickCount };
  };
  return { ...figures(all), dates: perDay(window.days, all, (day, date) => ({ date, ...figures(day) })) };
};

export const getTopHits: Report = (ctx) => {
  const searched = ctx.req.query.search !== undefined;
  const { window, facts: all } = facts(ctx, searched ? 0 : 10);
  const revenue = flag(ctx, 'revenueAnalytics');
  const clicks = flag(ctx, 'clickAnalytics') || revenue;
  const scoped = searched ? all.filter((f) => f.search.query === window.search) : all;
  const appearances = scoped.flatMap((fact) => [...new Set(fact.search.hits)].map((hit) => ({ hit, fact })));
  const rows = countBy(appearances, (a) => a.hit).map(([hit, group]) => {
    if (!clicks) return { hit, count: group.length };
    const tracked = group.filter((a) => a.fact.tracked);
    const clicked = tracked.filter((a) => a.fact.clicks.some((c) => c.objectID === hit));
    const converting = (subtype?: string) =>
      tracked.filter((a) => a.fact.conversions.some((c) => c.objectIDs.includes(hit) && (subtype === undefined || c.subtype === subtype)));
    const count = (subtype?: string) =>
      tracked.reduce((n, a) => n + a.fact.conversions.filter((c) => c.objectIDs.includes(hit) && (subtype === undefined || c.subtype === subtype)).length, 0);
    const row: Record<string, unknown> = {
      hit,
      count: group.length,
      clickThroughRate: rateOf(clicked.length, tracked.length),
      conversionRate: rateOf(converting().length, tracked.length),
      trackedHitCount: tracked.length,
      // The spec's name for the same figure.
      trackedSearchCount: tracked.length,
      clickCount: tracked.reduce((n, a) => n + a.fact.clicks.filter((c) => c.objectID === hit).length, 0),
      conversionCount: count(),
    };
    if (revenue) {
      const revenueOfHit = new Map<string, number>();
      for (const { fact } of tracked) {
        for (const item of fact.revenueItems) {
          if (item.objectID === hit) revenueOfHit.set(item.currency, (revenueOfHit.get(item.currency) ?? 0) + item.amount);
        }
      }
      Object.assign(row, {
        addToCartRate: rateOf(converting('addToCart').length, tracked.length),
        addToCartCount: count('addToCart'),
        purchaseRate: rateOf(converting('purchase').length, tracked.length),
        purchaseCount: count('purchase'),
        currencies: currencies(revenueOfHit),
      });
    }
    return row;
  });
  return { hits: slice(rows, window) };
};

export const getUsersCount: Report = (ctx) => {
  const { window, facts: all } = facts(ctx);
  const distinct = (group: SearchFacts[]) => new Set(group.map((f) => f.search.user)).size;
  return { count: distinct(all), dates: perDay(window.days, all, (day, date) => ({ date, count: distinct(day) })) };
};

/** Searches of the request, narrowed to `search` when given. */
function searchedFacts(ctx: OperationContext): { window: Window; facts: SearchFacts[] } {
  const result = facts(ctx);
  const search = result.window.search;
  return search === undefined ? result : { window: result.window, facts: result.facts.filter((f) => f.search.query === search) };
}

export const getTopFilterAttributes: Report = (ctx) => {
  const { window, facts: all } = searchedFacts(ctx);
  const uses = all.flatMap((f) => [...new Set(f.search.filters.map((filter) => filter.attribute))]);
  const rows = countBy(uses, (attribute) => attribute).map(([attribute, group]) => ({ attribute, count: group.length }));
  return { attributes: slice(rows, window) };
};

export const getTopFilterForAttribute: Report = (ctx) => {
  const { window, facts: all } = searchedFacts(ctx);
  const attributes = new Set(ctx.params.attribute.split(',').map((a) => a.trim()));
  const uses = all.flatMap((f) => f.search.filters.filter((filter) => attributes.has(filter.attribute)));
  const rows = countBy(uses, filterKey).map(([, group]) => ({ ...plain(group[0]), count: group.length }));
  return { values: slice(rows, window) };
};

export const getTopFiltersNoResults: Report = (ctx) => {
  const { window, facts: all } = searchedFacts(ctx);
  const failing = all.filter((f) => f.search.nbHits === 0 && f.search.filters.length > 0);
  const combination = (filters: readonly RecordedFilter[]) => [...filters].sort((a, b) => (filterKey(a) < filterKey(b) ? -1 : 1));
  const rows = countBy(failing, (f) => combination(f.search.filters).map(filterKey).join('\u0001')).map(([, group]) => ({
    count: group.length,
    values: combination(group[0].search.filters).map(plain),
  }));
  return { values: rows.length === 0 ? null : slice(rows, window) };
};

export const getTopCountries: Report = (ctx) => {
  const { window, facts: all } = facts(ctx);
  const rows = countBy(all, (f) => f.search.country).map(([country, group]) => ({ country, count: group.length }));
  return { countries: slice(rows, window) };
};

export const getAverageClickPosition: Report = (ctx) => {
  const { window, facts: all } = facts(ctx);
  const figures = (group: SearchFacts[]) => {
    const f = clickFigures(group);
    return { average: average(f.positions), clickCount: f.positions.length };
  };
  return { ...figures(all), dates: perDay(window.days, all, (day, date) => ({ date, ...figures(day) })) };
};

export const getClickPositions: Report = (ctx) => {
  const { facts: all } = facts(ctx);
  return { positions: positionBuckets(clickFigures(all).positions) };
};

export const getClickThroughRate: Report = (ctx) => {
  const { window, facts: all } = facts(ctx);
  const figures = (group: SearchFacts[]) => {
    const f = clickFigures(group);
    return { rate: rateOf(f.searchesWithClick, f.trackedSearchCount), clickCount: f.clickCount, trackedSearchCount: f.trackedSearchCount };
  };
  return { ...figures(all), dates: perDay(window.days, all, (day, date) => ({ date, ...figures(day) })) };
};

/** Conversion, add-to-cart and purchase rates share one shape with their own count name. */
function conversionReport(countName: string, pick: (f: ReturnType<typeof clickFigures>) => [number, number]): Report {
  return (ctx) => {
    const { window, facts: all } = facts(ctx);
    const figures = (group: SearchFacts[]) => {
      const f = clickFigures(group);
      const [searches, count] = pick(f);
      return { rate: rateOf(searches, f.trackedSearchCount), trackedSearchCount: f.trackedSearchCount, [countName]: count };
    };
    return { ...figures(all), dates: perDay(window.days, all, (day, date) => ({ date, ...figures(day) })) };
  };
}

export const getConversionRate = conversionReport('conversionCount', (f) => [f.searchesWithConversion, f.conversionCount]);
export const getAddToCartRate = conversionReport('addToCartCount', (f) => [f.searchesWithAddToCart, f.addToCartCount]);
export const getPurchaseRate = conversionReport('purchaseCount', (f) => [f.searchesWithPurchase, f.purchaseCount]);

export const getRevenue: Report = (ctx) => {
  const { window, facts: all } = facts(ctx);
  return {
    currencies: currencies(clickFigures(all).revenue),
    dates: perDay(window.days, all, (day, date) => ({ date, currencies: currencies(clickFigures(day).revenue) })),
  };
};

function filterKey(filter: RecordedFilter): string {
  return `${filter.attribute}\u0000${filter.operator}\u0000${filter.value}`;
}

function plain(filter: RecordedFilter): RecordedFilter {
  return { attribute: filter.attribute, operator: filter.operator, value: filter.value };
}
