import { route, type Route } from '../../route';
import {
  batchDictionaryEntries,
  getDictionaryLanguages,
  getDictionarySettings,
  searchDictionaryEntries,
  setDictionarySettings,
} from './operations';

const DICTIONARY = '/1/dictionaries/{dictionaryName}';

/** Dictionary routes (application-wide; their tasks are read with getAppTask). */
// prettier-ignore
export const dictionaryRoutes: Route[] = [
  route({ operation: 'batchDictionaryEntries', method: 'POST', path: `${DICTIONARY}/batch`, host: 'search', acl: 'editSettings', call: { body: 'batchDictionaryEntriesParams' }, handler: batchDictionaryEntries }),
  route({ operation: 'searchDictionaryEntries', method: 'POST', path: `${DICTIONARY}/search`, host: 'search', acl: 'settings', call: { body: 'searchDictionaryEntriesParams' }, handler: searchDictionaryEntries }),
  // The spec also documents a GET form; the v5 client only uses POST, so no direct call.
  route({ operation: 'searchDictionaryEntries', method: 'GET', path: `${DICTIONARY}/search`, host: 'search', acl: 'settings', handler: searchDictionaryEntries }),
  route({ operation: 'getDictionarySettings', method: 'GET', path: '/1/dictionaries/*/settings', host: 'search', acl: 'settings', call: {}, handler: getDictionarySettings }),
  route({ operation: 'setDictionarySettings', method: 'PUT', path: '/1/dictionaries/*/settings', host: 'search', acl: 'editSettings', call: { body: '$params' }, handler: setDictionarySettings }),
  route({ operation: 'getDictionaryLanguages', method: 'GET', path: '/1/dictionaries/*/languages', host: 'search', acl: 'settings', call: {}, handler: getDictionaryLanguages }),
];
