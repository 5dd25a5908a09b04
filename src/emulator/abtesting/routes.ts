import { rateLimited } from '../analytics/reports/rate-limit';
import { route, type Acl, type Route } from '../route';
import { addABTests, deleteABTest, getABTest, listABTests, stopABTest } from './abtests';
import { estimateABTest } from './estimate';
import { applyVariantSettings, getABTestSettings, saveVariantSettings } from './settings';
import { getTimeseries } from './timeseries';

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
  route({ operation: 'addABTests', method: 'POST', path: '/2/abtests', host: 'analytics', acl: 'editSettings', call: { body: '$params' }, handler: rateLimited(addABTests) }),
  route({ operation: 'listABTests', method: 'GET', path: '/2/abtests', host: 'analytics', acl: 'analytics', call: { query: LIST_V2 }, handler: rateLimited(listABTests) }),
  route({ operation: 'estimateABTest', method: 'POST', path: '/2/abtests/estimate', host: 'analytics', acl: 'analytics', call: { body: '$params' }, handler: rateLimited(estimateABTest), parity: ESTIMATE_PARITY }),
  route({ operation: 'getABTest', method: 'GET', path: '/2/abtests/{id}', host: 'analytics', acl: 'analytics', call: {}, handler: rateLimited(getABTest) }),
  route({ operation: 'deleteABTest', method: 'DELETE', path: '/2/abtests/{id}', host: 'analytics', acl: 'editSettings', call: {}, handler: rateLimited(deleteABTest) }),
  route({ operation: 'stopABTest', method: 'POST', path: '/2/abtests/{id}/stop', host: 'analytics', acl: 'editSettings', call: {}, handler: rateLimited(stopABTest) }),
  route({ operation: 'addABTests', method: 'POST', path: '/3/abtests', host: 'analytics', acl: 'editSettings', call: { body: '$params' }, handler: rateLimited(addABTests), parity: V3_FILTERS }),
  route({ operation: 'listABTests', method: 'GET', path: '/3/abtests', host: 'analytics', acl: 'analytics', call: { query: [...LIST_V2, 'direction', 'methods'] }, handler: rateLimited(listABTests), parity: V3_RESULTS }),
  route({ operation: 'estimateABTest', method: 'POST', path: '/3/abtests/estimate', host: 'analytics', acl: 'analytics', call: { body: '$params' }, handler: rateLimited(estimateABTest), parity: ESTIMATE_PARITY }),
  route({ operation: 'getABTest', method: 'GET', path: '/3/abtests/{id}', host: 'analytics', acl: 'analytics', call: { query: ['methods'] }, handler: rateLimited(getABTest), parity: V3_RESULTS }),
  route({ operation: 'deleteABTest', method: 'DELETE', path: '/3/abtests/{id}', host: 'analytics', acl: 'editSettings', call: {}, handler: rateLimited(deleteABTest) }),
  route({ operation: 'stopABTest', method: 'POST', path: '/3/abtests/{id}/stop', host: 'analytics', acl: 'editSettings', call: {}, handler: rateLimited(stopABTest) }),
  route({ operation: 'getTimeseries', method: 'GET', path: '/3/abtests/{id}/timeseries', host: 'analytics', acl: 'analytics', call: { query: ['startDate', 'endDate', 'metric', 'methods'] }, handler: rateLimited(getTimeseries), parity: V3_RESULTS }),
  route({ operation: 'getABTestSettings', method: 'GET', path: '/3/abtests/{id}/settings', host: 'analytics', acl: 'analytics', call: {}, handler: rateLimited(getABTestSettings) }),
  route({ operation: 'saveVariantSettings', method: 'POST', path: '/3/abtests/{id}/settings/{variantId}', host: 'analytics', acl: BOTH, call: { body: 'saveSettingsRequest' }, handler: rateLimited(saveVariantSettings) }),
  route({ operation: 'applyVariantSettings', method: 'POST', path: '/3/abtests/{id}/settings/{variantId}/apply', host: 'analytics', acl: BOTH, call: {}, handler: rateLimited(applyVariantSettings) }),
];
