import { route, type Route } from '../../route';
import { clearSynonyms, deleteSynonym, getSynonym, saveSynonym, saveSynonyms, searchSynonyms } from './operations';

const SYNONYMS = '/1/indexes/{indexName}/synonyms';
const FORWARD = ['forwardToReplicas'];

/** Synonym routes. */
// prettier-ignore
export const synonymRoutes: Route[] = [
  route({ operation: 'saveSynonyms', method: 'POST', path: `${SYNONYMS}/batch`, host: 'search', acl: 'editSettings', call: { query: [...FORWARD, 'replaceExistingSynonyms'], body: 'synonymHit' }, handler: saveSynonyms }),
  route({ operation: 'clearSynonyms', method: 'POST', path: `${SYNONYMS}/clear`, host: 'search', acl: 'editSettings', call: { query: FORWARD }, handler: clearSynonyms }),
  route({ operation: 'searchSynonyms', method: 'POST', path: `${SYNONYMS}/search`, host: 'search', acl: 'settings', call: { body: 'searchSynonymsParams' }, handler: searchSynonyms }),
  route({ operation: 'saveSynonym', method: 'PUT', path: `${SYNONYMS}/{objectID}`, host: 'search', acl: 'editSettings', call: { query: FORWARD, body: 'synonymHit' }, handler: saveSynonym }),
  route({ operation: 'getSynonym', method: 'GET', path: `${SYNONYMS}/{objectID}`, host: 'search', acl: 'settings', call: {}, handler: getSynonym }),
  route({ operation: 'deleteSynonym', method: 'DELETE', path: `${SYNONYMS}/{objectID}`, host: 'search', acl: 'editSettings', call: { query: FORWARD }, handler: deleteSynonym }),
];
