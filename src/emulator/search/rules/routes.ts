import { route, type Route } from '../../route';
import { clearRules, deleteRule, getRule, saveRule, saveRules, searchRules } from './operations';

const RULES = '/1/indexes/{indexName}/rules';
const FORWARD = ['forwardToReplicas'];

/** Rule routes. */
// prettier-ignore
export const ruleRoutes: Route[] = [
  route({ operation: 'saveRules', method: 'POST', path: `${RULES}/batch`, host: 'search', acl: 'editSettings', call: { query: [...FORWARD, 'clearExistingRules'], body: 'rules' }, handler: saveRules }),
  route({ operation: 'clearRules', method: 'POST', path: `${RULES}/clear`, host: 'search', acl: 'editSettings', call: { query: FORWARD }, handler: clearRules }),
  route({ operation: 'searchRules', method: 'POST', path: `${RULES}/search`, host: 'search', acl: 'settings', call: { body: 'searchRulesParams' }, handler: searchRules }),
  route({ operation: 'saveRule', method: 'PUT', path: `${RULES}/{objectID}`, host: 'search', acl: 'editSettings', call: { query: FORWARD, body: 'rule' }, handler: saveRule }),
  route({ operation: 'getRule', method: 'GET', path: `${RULES}/{objectID}`, host: 'search', acl: 'settings', call: {}, handler: getRule }),
  route({ operation: 'deleteRule', method: 'DELETE', path: `${RULES}/{objectID}`, host: 'search', acl: 'editSettings', call: { query: FORWARD }, handler: deleteRule }),
];
