import { route, type Route } from '../route';
import { addApiKey, deleteApiKey, getApiKey, listApiKeys, restoreApiKey, updateApiKey } from './api-keys';
import { appendSource, deleteSource, getSources, replaceSources } from './firewall';
import {
  addIndexApiKey,
  deleteIndexApiKey,
  getIndexApiKey,
  listAllIndexApiKeys,
  listIndexApiKeys,
  updateIndexApiKey,
} from './index-keys';

const KEYS = '/1/keys';
const INDEX_KEYS = '/1/indexes/{indexName}/keys';
const SOURCES = '/1/security/sources';

/** API keys and firewall allow-list routes. */
// prettier-ignore
export const securityRoutes: Route[] = [
  // Application keys (admin only, except reading a key with itself)
  route({ operation: 'addApiKey', method: 'POST', path: KEYS, host: 'search', acl: 'admin', call: { body: '$params' }, handler: addApiKey }),
  route({ operation: 'listApiKeys', method: 'GET', path: KEYS, host: 'search', acl: 'admin', call: {}, handler: listApiKeys }),
  route({ operation: 'getApiKey', method: 'GET', path: `${KEYS}/{key}`, host: 'search', acl: 'search', call: {}, handler: getApiKey }),
  route({ operation: 'updateApiKey', method: 'PUT', path: `${KEYS}/{key}`, host: 'search', acl: 'admin', call: { body: 'apiKey' }, handler: updateApiKey }),
  route({ operation: 'deleteApiKey', method: 'DELETE', path: `${KEYS}/{key}`, host: 'search', acl: 'admin', call: {}, handler: deleteApiKey }),
  route({ operation: 'restoreApiKey', method: 'POST', path: `${KEYS}/{key}/restore`, host: 'search', acl: 'admin', call: {}, handler: restoreApiKey }),
  // Index-specific keys (spec 000; the v5 client has no methods for them: HTTP and emulator.request only)
  route({ operation: 'addIndexApiKey', method: 'POST', path: INDEX_KEYS, host: 'search', acl: 'admin', handler: addIndexApiKey }),
  route({ operation: 'listIndexApiKeys', method: 'GET', path: INDEX_KEYS, host: 'search', acl: 'admin', handler: listIndexApiKeys }),
  route({ operation: 'listAllIndexApiKeys', method: 'GET', path: '/1/indexes/*/keys', host: 'search', acl: 'admin', handler: listAllIndexApiKeys }),
  route({ operation: 'getIndexApiKey', method: 'GET', path: `${INDEX_KEYS}/{key}`, host: 'search', acl: 'admin', handler: getIndexApiKey }),
  route({ operation: 'updateIndexApiKey', method: 'PUT', path: `${INDEX_KEYS}/{key}`, host: 'search', acl: 'admin', handler: updateIndexApiKey }),
  route({ operation: 'deleteIndexApiKey', method: 'DELETE', path: `${INDEX_KEYS}/{key}`, host: 'search', acl: 'admin', handler: deleteIndexApiKey }),
  // Firewall allow-list
  route({ operation: 'getSources', method: 'GET', path: SOURCES, host: 'search', acl: 'admin', call: {}, handler: getSources }),
  route({ operation: 'replaceSources', method: 'PUT', path: SOURCES, host: 'search', acl: 'admin', call: { body: 'source' }, handler: replaceSources }),
  route({ operation: 'appendSource', method: 'POST', path: `${SOURCES}/append`, host: 'search', acl: 'admin', call: { body: '$params' }, handler: appendSource }),
  route({ operation: 'deleteSource', method: 'DELETE', path: `${SOURCES}/{source}`, host: 'search', acl: 'admin', call: {}, handler: deleteSource }),
];
