import { lazyOperations } from '../lazy';
import { route, type CallShape, type Route } from '../route';

/** The operations, loaded on the first call (lazy.ts). */
const lazy = lazyOperations(() => import('./operations'));

const RULES = '/1/indexes/{indexName}/{model}/recommend/rules';

/** The whole object is the body; the legacy array signature is wrapped, as the official client does. */
const RECOMMENDATIONS: CallShape = {
  body: '$params',
  prepare: (params) => (Array.isArray(params) ? { requests: params } : params),
};

/** Recommend API routes: on the search hosts, as the v5 recommend client sends them. */
// prettier-ignore
export const recommendRoutes: Route[] = [
  route({ operation: 'getRecommendations', method: 'POST', path: '/1/indexes/*/recommendations', host: 'search', acl: 'search', call: RECOMMENDATIONS, handler: lazy('getRecommendations'), parity: { status: 'partial', note: 'no Frequently Bought Together variants (bought-together is the strict one) and no Recommend analytics' } }),
  route({ operation: 'batchRecommendRules', method: 'POST', path: `${RULES}/batch`, host: 'search', acl: 'editSettings', call: { query: ['clearExistingRules'], body: 'recommendRule' }, handler: lazy('batchRecommendRules') }),
  route({ operation: 'searchRecommendRules', method: 'POST', path: `${RULES}/search`, host: 'search', acl: 'settings', call: { body: 'searchRecommendRulesParams' }, handler: lazy('searchRecommendRules') }),
  route({ operation: 'getRecommendRule', method: 'GET', path: `${RULES}/{objectID}`, host: 'search', acl: 'settings', call: {}, handler: lazy('getRecommendRule') }),
  route({ operation: 'deleteRecommendRule', method: 'DELETE', path: `${RULES}/{objectID}`, host: 'search', acl: 'editSettings', call: {}, handler: lazy('deleteRecommendRule') }),
  route({ operation: 'getRecommendStatus', method: 'GET', path: '/1/indexes/{indexName}/{model}/task/{taskID}', host: 'search', acl: 'editSettings', call: {}, handler: lazy('getRecommendStatus') }),
];
