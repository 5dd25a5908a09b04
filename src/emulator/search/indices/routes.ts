import { route, type Route } from '../../route';
import { clearObjects, deleteIndex, listIndices, operationIndex } from './indices';
import { getAppTask, getTask } from './tasks';

const INDEX = '/1/indexes/{indexName}';

/** Task routes: whether a write (of an index, or of the application) is published yet. */
// prettier-ignore
export const taskRoutes: Route[] = [
  route({ operation: 'getTask', method: 'GET', path: `${INDEX}/task/{taskID}`, host: 'search', acl: 'addObject', call: {}, handler: getTask }),
  route({ operation: 'getAppTask', method: 'GET', path: '/1/task/{taskID}', host: 'search', acl: 'editSettings', call: {}, handler: getAppTask }),
];

/** Index management routes: list, copy/move, delete, clear. */
// prettier-ignore
export const indexRoutes: Route[] = [
  route({ operation: 'listIndices', method: 'GET', path: '/1/indexes', host: 'search', acl: 'listIndexes', call: { query: ['page', 'hitsPerPage'] }, handler: listIndices }),
  route({ operation: 'deleteIndex', method: 'DELETE', path: INDEX, host: 'search', acl: 'deleteIndex', call: {}, handler: deleteIndex }),
  route({ operation: 'clearObjects', method: 'POST', path: `${INDEX}/clear`, host: 'search', acl: 'deleteIndex', call: {}, handler: clearObjects }),
  route({ operation: 'operationIndex', method: 'POST', path: `${INDEX}/operation`, host: 'search', acl: 'addObject', call: { body: 'operationIndexParams' }, handler: operationIndex }),
];
