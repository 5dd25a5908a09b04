import { route, type Route } from '../route';
import { createConfig, deleteConfig, getAllConfigs, getConfig, updateConfig } from './configs';
import { getConfigStatus, getLogFile } from './status';

const CONFIG = '/1/configs/{indexName}';
/** What a configuration does not do here (docs/query-suggestions.md, Where the emulator chose). */
const CONFIG_PARITY = {
  status: 'partial',
  note: 'enablePersonalization is stored, but suggestions are not personalized; the region check (401) is not emulated',
} as const;

/**
 * Query Suggestions API routes (`query-suggestions.{us,eu}.algolia.com`). The rights are the
 * live OpenAPI's (`x-acl`, api-clients-automation #2604): `settings` to read, `editSettings`
 * to write; the admin key holds both.
 */
// prettier-ignore
export const querySuggestionsRoutes: Route[] = [
  route({ operation: 'createConfig', method: 'POST', path: '/1/configs', host: 'suggestions', acl: 'editSettings', call: { body: '$params' }, handler: createConfig, parity: CONFIG_PARITY }),
  route({ operation: 'getAllConfigs', method: 'GET', path: '/1/configs', host: 'suggestions', acl: 'settings', call: {}, handler: getAllConfigs }),
  route({ operation: 'getConfig', method: 'GET', path: CONFIG, host: 'suggestions', acl: 'settings', call: {}, handler: getConfig }),
  route({ operation: 'updateConfig', method: 'PUT', path: CONFIG, host: 'suggestions', acl: 'editSettings', call: { body: 'configuration' }, handler: updateConfig, parity: CONFIG_PARITY }),
  route({ operation: 'deleteConfig', method: 'DELETE', path: CONFIG, host: 'suggestions', acl: 'editSettings', call: {}, handler: deleteConfig }),
  route({ operation: 'getConfigStatus', method: 'GET', path: `${CONFIG}/status`, host: 'suggestions', acl: 'settings', call: {}, handler: getConfigStatus }),
  route({ operation: 'getLogFile', method: 'GET', path: '/1/logs/{indexName}', host: 'suggestions', acl: 'settings', call: {}, handler: getLogFile }),
];
