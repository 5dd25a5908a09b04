import { lazyOperations } from '../lazy';
import { route, type Route } from '../route';

/** The operations, loaded on the first call (lazy.ts); builds run on the clock (install.ts). */
const lazy = lazyOperations(() => import('./operations'));

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
  route({ operation: 'createConfig', method: 'POST', path: '/1/configs', host: 'suggestions', acl: 'editSettings', call: { body: '$params' }, handler: lazy('createConfig'), parity: CONFIG_PARITY }),
  route({ operation: 'getAllConfigs', method: 'GET', path: '/1/configs', host: 'suggestions', acl: 'settings', call: {}, handler: lazy('getAllConfigs') }),
  route({ operation: 'getConfig', method: 'GET', path: CONFIG, host: 'suggestions', acl: 'settings', call: {}, handler: lazy('getConfig') }),
  route({ operation: 'updateConfig', method: 'PUT', path: CONFIG, host: 'suggestions', acl: 'editSettings', call: { body: 'configuration' }, handler: lazy('updateConfig'), parity: CONFIG_PARITY }),
  route({ operation: 'deleteConfig', method: 'DELETE', path: CONFIG, host: 'suggestions', acl: 'editSettings', call: {}, handler: lazy('deleteConfig') }),
  route({ operation: 'getConfigStatus', method: 'GET', path: `${CONFIG}/status`, host: 'suggestions', acl: 'settings', call: {}, handler: lazy('getConfigStatus') }),
  route({ operation: 'getLogFile', method: 'GET', path: '/1/logs/{indexName}', host: 'suggestions', acl: 'settings', call: {}, handler: lazy('getLogFile') }),
];
