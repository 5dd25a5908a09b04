import { route, type CallShape, type Route } from '../route';
import { getRecommendations } from './recommendations';
import {
  batchRecommendRules,
  deleteRecommendRule,
  getRecommendRule,
  getRecommendStatus,
  searchRecommendRules,
} from './rules/operations';

const RULES = '/1/indexes/{indexName}/{model}/recommend/rules';

/** The whole object is the body; the legacy array signature is wrapped, as the official client does. */
const RECOMMENDATIONS: CallShape = {
  body: '$params',
  prepare: (params) => (Array.isArray(params) ? { requests: params } : params),
};

/** Recommend API routes: on the search hosts, as the v5 recommend client sends them. */
// prettier-ignore
export const recommendRoutes: Route[] = [
  route({ operation: 'getRecommendations', method: 'POST', path: '/1/indexes/*/recommendations', host: 'search', acl: 'search', call: RECOMMENDATIONS, handler: getRecommendations, parity: { status: 'partial', note: 'no Frequently Bought Together variants (bought-together is the strict one) and no Recommend analytics' } }),
  route({ operation: 'batchRecommendRules', method: 'POST', path: `${RULES}/batch`, host: 'search', acl: 'editSettings', call: { query: ['clearExistingRules'], body: 'recommendRule' }, handler: batchRecommendRules }),
  route({ operation: 'searchRecommendRules', method: 'POST', path: `${RULES}/search`, host: 'search', acl: 'settings', call: { body: 'searchRecommendRulesParams' }, handler: searchRecommendRules }),
  route({ operation: 'getRecommendRule', method: 'GET', path: `${RULES}/{objectID}`, host: 'search', acl: 'settings', call: {}, handler: getRecommendRule }),
  route({ operation: 'deleteRecommendRule', method: 'DELETE', path: `${RULES}/{objectID}`, host: 'search', acl: 'editSettings', call: {}, handler: deleteRecommendRule }),
  route({ operation: 'getRecommendStatus', method: 'GET', path: '/1/indexes/{indexName}/{model}/task/{taskID}', host: 'search', acl: 'editSettings', call: {}, handler: getRecommendStatus }),
];
