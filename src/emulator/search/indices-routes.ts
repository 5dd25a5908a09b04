import { route, type Route } from '../route';
import { clearObjects, deleteIndex, listIndices, operationIndex } from './indices';

const INDEX = '/1/indexes/{indexName}';

/** Index management routes: list, copy/move, delete, clear. */
export const indexRoutes: Route[] = [
  route({ operation: 'listIndices', method: 'GET', path: '/1/indexes', host: 'search', acl: 'listIndexes', call: { query: ['page', 'hitsPerPage'] }, handler: listIndices }),
  route({ operation: 'deleteIndex', method: 'DELETE', path: INDEX, host: 'search', acl: 'deleteIndex', call: {}, handler: deleteIndex }),
  route({ operation: 'clearObjects', method: 'POST', path: `${INDEX}/clear`, host: 'search', acl: 'deleteIndex', call: {}, handler: clearObjects }),
  route({ operation: 'operationIndex', method: 'POST', path: `${INDEX}/operation`, host: 'search', acl: 'addObject', call: { body: 'operationIndexParams' }, handler: operationIndex }),
];
