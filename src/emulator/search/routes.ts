import { route, type Route } from '../route';
import { dictionaryRoutes } from './dictionaries/routes';
import { indexRoutes } from './indices-routes';
import { queryRoutes } from './engine/routes';
import { ruleRoutes } from './rules/routes';
import { settingsRoutes } from './settings/routes';
import { synonymRoutes } from './synonyms/routes';
import { addOrUpdateObject, deleteObject, getObject, getObjects, saveObject } from './objects';
import { getAppTask, getTask } from './tasks';
import { batch, batchAcl, multipleBatch } from './batch';
import { partialUpdateObject } from './partial';
import { facetRoutes } from './facets/routes';
import { filterRoutes } from './filters/routes';

const INDEX = '/1/indexes/{indexName}';

/** Object and task routes. */
const objectRoutes: Route[] = [
  // Objects
  route({ operation: 'saveObject', method: 'POST', path: INDEX, host: 'search', acl: 'addObject', call: { body: 'body' }, handler: saveObject }),
  route({ operation: 'addOrUpdateObject', method: 'PUT', path: `${INDEX}/{objectID}`, host: 'search', acl: 'addObject', call: { body: 'body' }, handler: addOrUpdateObject }),
  route({ operation: 'deleteObject', method: 'DELETE', path: `${INDEX}/{objectID}`, host: 'search', acl: 'deleteObject', call: {}, handler: deleteObject }),
  route({ operation: 'getObject', method: 'GET', path: `${INDEX}/{objectID}`, host: 'search', acl: 'search', call: { query: ['attributesToRetrieve'] }, handler: getObject }),
  route({ operation: 'getObjects', method: 'POST', path: '/1/indexes/*/objects', host: 'search', acl: 'search', call: { body: '$params' }, handler: getObjects }),
  route({ operation: 'partialUpdateObject', method: 'POST', path: `${INDEX}/{objectID}/partial`, host: 'search', acl: 'addObject', call: { query: ['createIfNotExists'], body: 'attributesToUpdate' }, handler: partialUpdateObject }),
  // Batches: the right depends on the actions inside
  route({ operation: 'batch', method: 'POST', path: `${INDEX}/batch`, host: 'search', acl: batchAcl, call: { body: 'batchWriteParams' }, handler: batch }),
  route({ operation: 'multipleBatch', method: 'POST', path: '/1/indexes/*/batch', host: 'search', acl: batchAcl, call: { body: '$params' }, handler: multipleBatch }),
  // Tasks
  route({ operation: 'getTask', method: 'GET', path: `${INDEX}/task/{taskID}`, host: 'search', acl: 'addObject', call: {}, handler: getTask }),
  route({ operation: 'getAppTask', method: 'GET', path: '/1/task/{taskID}', host: 'search', acl: 'editSettings', call: {}, handler: getAppTask }),
];

/** Routes of the core search API (spec 000) served on the search hosts. */
export const searchRoutes: Route[] = [
  ...objectRoutes,
  ...indexRoutes,
  ...settingsRoutes,
  ...queryRoutes,
  ...synonymRoutes,
  ...ruleRoutes,
  ...dictionaryRoutes,
  ...facetRoutes,
  ...filterRoutes,
];
