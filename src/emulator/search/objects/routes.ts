import { route, type Route } from '../../route';
import { batch, batchAcl, multipleBatch } from './batch';
import { addOrUpdateObject, deleteObject, getObject, getObjects, saveObject } from './objects';
import { partialUpdateObject } from './partial';

const INDEX = '/1/indexes/{indexName}';

/** Record routes: single records, partial updates and batches. */
// prettier-ignore
export const objectRoutes: Route[] = [
  route({ operation: 'saveObject', method: 'POST', path: INDEX, host: 'search', acl: 'addObject', call: { body: 'body' }, handler: saveObject }),
  route({ operation: 'addOrUpdateObject', method: 'PUT', path: `${INDEX}/{objectID}`, host: 'search', acl: 'addObject', call: { body: 'body' }, handler: addOrUpdateObject }),
  route({ operation: 'deleteObject', method: 'DELETE', path: `${INDEX}/{objectID}`, host: 'search', acl: 'deleteObject', call: {}, handler: deleteObject }),
  route({ operation: 'getObject', method: 'GET', path: `${INDEX}/{objectID}`, host: 'search', acl: 'search', call: { query: ['attributesToRetrieve'] }, handler: getObject }),
  route({ operation: 'getObjects', method: 'POST', path: '/1/indexes/*/objects', host: 'search', acl: 'search', call: { body: '$params' }, handler: getObjects }),
  route({ operation: 'partialUpdateObject', method: 'POST', path: `${INDEX}/{objectID}/partial`, host: 'search', acl: 'addObject', call: { query: ['createIfNotExists'], body: 'attributesToUpdate' }, handler: partialUpdateObject }),
  // Batches: the right depends on the actions inside
  route({ operation: 'batch', method: 'POST', path: `${INDEX}/batch`, host: 'search', acl: batchAcl, call: { body: 'batchWriteParams' }, handler: batch }),
  route({ operation: 'multipleBatch', method: 'POST', path: '/1/indexes/*/batch', host: 'search', acl: batchAcl, call: { body: '$params' }, handler: multipleBatch }),
];
