import { route, type Route } from '../../route';
import { getSettings, setSettings } from './operations';

const SETTINGS_PATH = '/1/indexes/{indexName}/settings';

/** Settings routes. */
// prettier-ignore
export const settingsRoutes: Route[] = [
  route({ operation: 'getSettings', method: 'GET', path: SETTINGS_PATH, host: 'search', acl: 'settings', call: { query: ['getVersion'] }, handler: getSettings }),
  route({ operation: 'setSettings', method: 'PUT', path: SETTINGS_PATH, host: 'search', acl: 'editSettings', call: { query: ['forwardToReplicas'], body: 'indexSettings' }, handler: setSettings }),
];
