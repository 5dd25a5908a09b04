import type { Core } from '../../core';
import { tallies } from '../reports/dataset';
import { addAmounts, rateOf } from '../reports/metrics';
import {
  addConversions,
  conversionFigures,
  type ConversionFigures,
  type ConversionKind,
  type QueryTally,
} from '../reports/tally';
import { visibleBefore } from '../reports/window';
import type { Filter, PatternQuery } from './payload';

/** Sums a query's metrics are computed from. */
export interface Components {
  searches: number;
  tracked: number;
  readonly users: Set<string>;
  noResults: number;
  clickedSearches: number;
  clicks: number;
  noClicks: number;
  /** Click position -> clicks. */
  readonly positions: Map<number, number>;
  readonly conversions: Record<ConversionKind, ConversionFigures>;
  /** Currency -> revenue. */
  readonly revenue: Map<string, number>;
}

/** One piece of data a query reads, with the values its groups and filters look at. */
export interface Unit {
  readonly index: string;
  readonly date: string;
  readonly query: string;
  readonly tags: readonly string[];
  readonly objectID?: string;
  readonly country?: string;
  readonly components: Components;
}

export const emptyComponents = (): Components => ({
  searches: 0,
  tracked: 0,
  users: new Set(),
  noResults: 0,
  clickedSearches: 0,
  clicks: 0,
  noClicks: 0,
  positions: new Map(),
  conversions: conversionFigures(),
  revenue: new Map(),
});

export function addComponents(into: Components, from: Components): void {
  into.searches += from.searches;
  into.tracked += from.tracked;
  for (const user of from.users) into.users.add(user);
  into.noResults += from.noResults;
  into.clickedSearches += from.clickedSearches;
  into.clicks += from.clicks;
  into.noClicks += from.noClicks;
  for (const [position, clicks] of from.positions)
    into.positions.set(position, (into.positions.get(position) ?? 0) + clicks);
  addConversions(into.conversions, from.conversions);
  addAmounts(into.revenue, from.revenue);
}

/**
 * The data of a query: the analytics tallies of its indices and days (the same sums the `/2`
 * reports read, from raw searches and folded days alike), as units of its root, those its
 * filters keep.
 */
export function unitsOf(core: Core, query: PatternQuery): Unit[] {
  const out: Unit[] = [];
  const visible = visibleBefore(core);
  for (const index of query.indices) {
    const window = {
      index,
      from: query.from,
      to: query.to,
      days: query.days,
      limit: 0,
      offset: 0,
      ...(query.tags ? { tags: query.tags } : {}),
    };
    for (const tally of tallies(core.state.analytics, window, visible)) {
      for (const unit of expand(index, tally, query))
        if (query.filters.every((filter) => keeps(filter, unit))) out.push(unit);
    }
  }
  return out;
}

function expand(index: string, tally: QueryTally, query: PatternQuery): Unit[] {
  const base = { index, date: tally.date, query: tally.query, tags: tally.tags };
  switch (query.root) {
    case 'searches':
      return [
        {
          ...base,
          components: {
            searches: tally.count,
            tracked: tally.tracked,
            users: new Set(tally.users),
            noResults: tally.noResultCount,
            clickedSearches: tally.searchesWithClick,
            clicks: tally.clickCount,
            noClicks: tally.noClickCount,
            positions: new Map(tally.positions),
            conversions: copy(tally.conversions),
            revenue: new Map(tally.revenue),
          },
        },
      ];
    case 'clickedSearches':
      if (tally.searchesWithClick === 0) return [];
      return [
        {
          ...base,
          components: {
            ...emptyComponents(),
            searches: tally.searchesWithClick,
            tracked: tally.searchesWithClick,
            clickedSearches: tally.searchesWithClick,
            clicks: tally.clickCount,
            positions: new Map(tally.positions),
          },
        },
      ];
    case 'noResultSearches':
      if (tally.noResultCount === 0) return [];
      return [
        {
          ...base,
          components: { ...emptyComponents(), searches: tally.noResultCount, noResults: tally.noResultCount },
        },
      ];
    case 'hits':
      return [...tally.hits].map(([objectID, hit]) => ({
        ...base,
        objectID,
        components: {
          ...emptyComponents(),
          searches: hit.count,
          tracked: hit.tracked,
          clickedSearches: hit.clicked,
          clicks: hit.clickCount,
          noClicks: hit.tracked - hit.clicked,
          conversions: copy(hit.conversions),
          revenue: new Map(hit.revenue),
        },
      }));
    case 'countries':
      return [...tally.countries].map(([country, searches]) => ({
        ...base,
        country,
        components: { ...emptyComponents(), searches },
      }));
  }
}

const copy = (figures: Record<ConversionKind, ConversionFigures>) => {
  const out = conversionFigures();
  addConversions(out, figures);
  return out;
};

/** The value a unit has for a group or filter field (`tags`: the comma-separated tags). */
export function valueOf(unit: Unit, kind: string): string {
  switch (kind) {
    case 'index':
      return unit.index;
    case 'query':
      return unit.query;
    case 'tags':
      return unit.tags.join(',');
    case 'date':
      return unit.date;
    case 'objectID':
      return unit.objectID ?? '';
    default:
      return unit.country ?? '';
  }
}

/** Whether a filter keeps a unit. Boolean filters chose the root already (clicked, noResults searches). */
function keeps(filter: Filter, unit: Unit): boolean {
  if (filter.operator === undefined) return true;
  const values = filter.kind === 'tags' ? [...unit.tags] : [valueOf(unit, filter.kind)];
  const operand = filter.value;
  const test = (value: string): boolean => {
    switch (filter.operator) {
      case '=':
        return value === operand;
      case '!=':
        return value !== operand;
      case 'IN':
        return (operand as string[]).includes(value);
      case 'CONTAINS':
        return value.toLowerCase().includes(String(operand).toLowerCase());
      case 'STARTS_WITH':
        return value.toLowerCase().startsWith(String(operand).toLowerCase());
      default:
        // CONTAINS_PREFIX: a word of the value starts with the operand.
        return value
          .toLowerCase()
          .split(/\s+/)
          .some((word) => word.startsWith(String(operand).toLowerCase()));
    }
  };
  // A search with several tags: `!=` keeps it when no tag is the operand, the others when one matches.
  return filter.operator === '!=' ? values.every(test) : values.some(test);
}

/** A metric's value from its components (rates: null without a denominator, as `/2`). */
export function metricValue(kind: string, c: Components): unknown {
  switch (kind) {
    case 'searchesCount':
      return c.searches;
    case 'trackedSearchesCount':
      return c.tracked;
    case 'usersCount':
      return c.users.size;
    case 'noResultsCount':
      return c.noResults;
    case 'noResultsRate':
      return rateOf(c.noResults, c.searches);
    case 'clicksCount':
      return c.clicks;
    case 'clickThroughRate':
      return rateOf(c.clickedSearches, c.tracked);
    case 'noClicksCount':
      return c.noClicks;
    case 'noClickRate':
      return rateOf(c.noClicks, c.tracked);
    case 'averageClickPosition': {
      let sum = 0;
      let clicks = 0;
      for (const [position, n] of c.positions) {
        sum += position * n;
        clicks += n;
      }
      return clicks === 0 ? null : sum / clicks;
    }
    case 'conversionsCount':
      return c.conversions.all.count;
    case 'conversionRate':
      return rateOf(c.conversions.all.converting, c.tracked);
    case 'addToCartCount':
      return c.conversions.addToCart.count;
    case 'addToCartRate':
      return rateOf(c.conversions.addToCart.converting, c.tracked);
    case 'purchaseCount':
      return c.conversions.purchase.count;
    case 'purchaseRate':
      return rateOf(c.conversions.purchase.converting, c.tracked);
    default:
      return Object.fromEntries([...c.revenue].sort(([a], [b]) => (a < b ? -1 : 1)));
  }
}
