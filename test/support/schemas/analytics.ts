import {
  arrayOf,
  count,
  integer,
  mapOf,
  nullable,
  number,
  object,
  rate,
  string,
  type OperationSchemas,
  type Schema,
} from './parts';

const date: Schema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const rateOrNull = nullable(rate);
const currencies = mapOf(object({ currency: string, revenue: number }));

/** A daily series: the totals, and one entry per day with the same fields and its date. */
function daily(fields: Record<string, Schema>): Schema {
  const names = Object.keys(fields);
  return object({ ...fields, dates: arrayOf(object({ ...fields, date }, [...names, 'date'])) }, [...names, 'dates']);
}

/** The three shapes a top list takes: plain, with click analytics, with revenue analytics. */
function threeShapes(list: string, plain: Record<string, Schema>, clicks: Record<string, Schema>): Schema {
  const revenue = {
    addToCartRate: rateOrNull,
    addToCartCount: count,
    purchaseRate: rateOrNull,
    purchaseCount: count,
    currencies,
  };
  const shape = (fields: Record<string, Schema>) =>
    object({ [list]: arrayOf(object(fields, Object.keys(fields))) }, [list]);
  // anyOf, not oneOf: an empty list fits all three.
  return {
    anyOf: [shape(plain), shape({ ...plain, ...clicks }), shape({ ...plain, ...clicks, ...revenue })],
  };
}

/**
 * A top hit counts its tracked searches as `trackedHitCount` (the OpenAPI's name since the
 * analytics reference of March 2024, api-clients-automation #2883); top searches keep
 * `trackedSearchCount`.
 */
const topHits = threeShapes(
  'hits',
  { hit: string, count },
  {
    clickThroughRate: rateOrNull,
    conversionRate: rateOrNull,
    trackedHitCount: count,
    clickCount: count,
    conversionCount: count,
  },
);

const clickPositions = arrayOf(
  object({ position: arrayOf(integer, { minItems: 2, maxItems: 2 }), clickCount: count }),
  {
    minItems: 12,
    maxItems: 12,
  },
);
const topSearches = threeShapes(
  'searches',
  { search: string, count, nbHits: count },
  {
    clickThroughRate: rateOrNull,
    averageClickPosition: nullable({ type: 'number', minimum: 1 }),
    clickPositions,
    conversionRate: rateOrNull,
    trackedSearchCount: count,
    clickCount: count,
    conversionCount: count,
  },
);

export const analyticsSchemas: Readonly<Record<string, OperationSchemas>> = {
  getTopHits: { 200: topHits },
  getTopSearches: { 200: topSearches },
  getSearchesCount: { 200: daily({ count }) },
  getUsersCount: { 200: daily({ count }) },
  getNoResultsRate: { 200: daily({ rate, count, noResultCount: count }) },
  // `noClickCount` may be 0: the OpenAPI's minimum of 1 fits a search listed for lacking clicks,
  // not a total over searches that were all clicked (docs/parity-decisions.md).
  getNoClickRate: { 200: daily({ rate, count, noClickCount: count }) },
  getClickThroughRate: { 200: daily({ rate: rateOrNull, clickCount: count, trackedSearchCount: count }) },
  getStatus: { 200: object({ updatedAt: nullable(string) }, ['updatedAt']) },
};
