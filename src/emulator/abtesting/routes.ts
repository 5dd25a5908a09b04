import { rateLimited } from '../analytics/reports/rate-limit';
import { lazyOperations } from '../lazy';
import { route, type Acl, type Route } from '../route';

/** The operations, loaded on the first call (lazy.ts). */
const lazy = lazyOperations(() => import('./operations'));

/** What estimates do not reproduce (docs/abtesting.md). */
const ESTIMATE_PARITY = {
  status: 'partial',
  note: "reads the control index's last 14 days of analytics, whose tallies keep no per-user searches: outlier exclusion does not change an estimate, and `*UsersRate` effects answer 501",
} as const;
/** v3 filters the emulator cannot apply (docs/abtesting.md). */
const V3_FILTERS = { status: 'partial', note: 'population filters other than abtesting/isOutlier answer 501' } as const;
/** v3 results the emulator leaves out (docs/abtesting.md). */
const V3_RESULTS = { status: 'partial', note: 'Bayesian results carry no `evidence` status' } as const;

const BOTH: (ctx: unknown) => readonly Acl[] = () => ['analytics', 'editSettings'];
const LIST_V2 = ['offset', 'limit', 'indexPrefix', 'indexSuffix'];

/**
 * A/B testing API routes, v2 and v3 (`analytics.algolia.com`, `/2/abtests`, `/3/abtests`),
 * sharing the analytics API's 100-calls-a-minute window. Both versions see every test.
 */
// prettier-ignore
export const abtestingRoutes: Route[] = [
  route({ operation: 'addABTests', method: 'POST', path: '/2/abtests', host: 'analytics', acl: 'editSettings', call: { body: '$params' }, handler: rateLimited(lazy('addABTests')) }),
  route({ operation: 'listABTests', method: 'GET', path: '/2/abtests', host: 'analytics', acl: 'analytics', call: { query: LIST_V2 }, handler: rateLimited(lazy('listABTests')) }),
  route({ operation: 'estimateABTest', method: 'POST', path: '/2/abtests/estimate', host: 'analytics', acl: 'analytics', call: { body: '$params' }, handler: rateLimited(lazy('estimateABTest')), parity: ESTIMATE_PARITY }),
  route({ operation: 'getABTest', method: 'GET', path: '/2/abtests/{id}', host: 'analytics', acl: 'analytics', call: {}, handler: rateLimited(lazy('getABTest')) }),
  route({ operation: 'deleteABTest', method: 'DELETE', path: '/2/abtests/{id}', host: 'analytics', acl: 'editSettings', call: {}, handler: rateLimited(lazy('deleteABTest')) }),
  route({ operation: 'stopABTest', method: 'POST', path: '/2/abtests/{id}/stop', host: 'analytics', acl: 'editSettings', call: {}, handler: rateLimited(lazy('stopABTest')) }),
  route({ operation: 'addABTests', method: 'POST', path: '/3/abtests', host: 'analytics', acl: 'editSettings', call: { body: '$params' }, handler: rateLimited(lazy('addABTests')), parity: V3_FILTERS }),
  route({ operation: 'listABTests', method: 'GET', path: '/3/abtests', host: 'analytics', acl: 'analytics', call: { query: [...LIST_V2, 'direction', 'methods'] }, handler: rateLimited(lazy('listABTests')), parity: V3_RESULTS }),
  route({ operation: 'estimateABTest', method: 'POST', path: '/3/abtests/estimate', host: 'analytics', acl: 'analytics', call: { body: '$params' }, handler: rateLimited(lazy('estimateABTest')), parity: ESTIMATE_PARITY }),
  route({ operation: 'getABTest', method: 'GET', path: '/3/abtests/{id}', host: 'analytics', acl: 'analytics', call: { query: ['methods'] }, handler: rateLimited(lazy('getABTest')), parity: V3_RESULTS }),
  route({ operation: 'deleteABTest', method: 'DELETE', path: '/3/abtests/{id}', host: 'analytics', acl: 'editSettings', call: {}, handler: rateLimited(lazy('deleteABTest')) }),
  route({ operation: 'stopABTest', method: 'POST', path: '/3/abtests/{id}/stop', host: 'analytics', acl: 'editSettings', call: {}, handler: rateLimited(lazy('stopABTest')) }),
  route({ operation: 'getTimeseries', method: 'GET', path: '/3/abtests/{id}/timeseries', host: 'analytics', acl: 'analytics', call: { query: ['startDate', 'endDate', 'metric', 'methods'] }, handler: rateLimited(lazy('getTimeseries')), parity: V3_RESULTS }),
  route({ operation: 'getABTestSettings', method: 'GET', path: '/3/abtests/{id}/settings', host: 'analytics', acl: 'analytics', call: {}, handler: rateLimited(lazy('getABTestSettings')) }),
  route({ operation: 'saveVariantSettings', method: 'POST', path: '/3/abtests/{id}/settings/{variantId}', host: 'analytics', acl: BOTH, call: { body: 'saveSettingsRequest' }, handler: rateLimited(lazy('saveVariantSettings')) }),
  route({ operation: 'applyVariantSettings', method: 'POST', path: '/3/abtests/{id}/settings/{variantId}/apply', host: 'analytics', acl: BOTH, call: {}, handler: rateLimited(lazy('applyVariantSettings')) }),
];
