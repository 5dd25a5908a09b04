import { route, type Route } from '../../route';
import * as ops from './operations';
import { rateLimited } from './rate-limit';

const COMMON = ['index', 'startDate', 'endDate', 'tags'] as const;
const LIST = [...COMMON, 'limit', 'offset'] as const;

const analytics = (operation: keyof typeof ops, path: string, query: readonly string[]): Route =>
  route({
    operation,
    method: 'GET',
    path,
    host: 'analytics',
    acl: 'analytics',
    call: { query },
    handler: rateLimited(ops[operation]),
  });

/** Analytics API routes (`analytics.algolia.com`, `/2/...`; `/3/patterns` in patterns/routes.ts). */
// prettier-ignore
export const reportRoutes: Route[] = [
  analytics('getStatus', '/2/status', ['index']),
  analytics('getTopSearches', '/2/searches', [...LIST, 'clickAnalytics', 'revenueAnalytics', 'orderBy', 'direction']),
  analytics('getSearchesCount', '/2/searches/count', COMMON),
  analytics('getSearchesNoResults', '/2/searches/noResults', LIST),
  analytics('getSearchesNoClicks', '/2/searches/noClicks', LIST),
  analytics('getNoResultsRate', '/2/searches/noResultRate', COMMON),
  analytics('getNoClickRate', '/2/searches/noClickRate', COMMON),
  analytics('getTopHits', '/2/hits', [...LIST, 'search', 'clickAnalytics', 'revenueAnalytics']),
  analytics('getUsersCount', '/2/users/count', COMMON),
  analytics('getTopFilterAttributes', '/2/filters', [...LIST, 'search']),
  analytics('getTopFiltersNoResults', '/2/filters/noResults', [...LIST, 'search']),
  analytics('getTopFilterForAttribute', '/2/filters/{attribute}', [...LIST, 'search']),
  analytics('getTopCountries', '/2/countries', LIST),
  analytics('getAverageClickPosition', '/2/clicks/averageClickPosition', COMMON),
  analytics('getClickPositions', '/2/clicks/positions', COMMON),
  analytics('getClickThroughRate', '/2/clicks/clickThroughRate', COMMON),
  analytics('getConversionRate', '/2/conversions/conversionRate', COMMON),
  analytics('getAddToCartRate', '/2/conversions/addToCartRate', COMMON),
  analytics('getPurchaseRate', '/2/conversions/purchaseRate', COMMON),
  analytics('getRevenue', '/2/conversions/revenue', COMMON),
];
