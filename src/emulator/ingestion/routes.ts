import type { Acl } from '../route';
import { lazyOperations } from '../lazy';
import { route, type Route } from '../route';

/** The operations, loaded on the first call (lazy.ts); the scheduled runs use them too (install.ts). */
export const lazy = lazyOperations(() => import('./operations'));

/** Every Ingestion API operation needs all three rights (the OpenAPI's `x-acl`). */
const ACL: readonly Acl[] = ['addObject', 'deleteIndex', 'editSettings'];

const AUTHS = '/1/authentications';
const AUTH = `${AUTHS}/{authenticationID}`;
const DESTS = '/1/destinations';
const DEST = `${DESTS}/{destinationID}`;
const SOURCES = '/1/sources';
const SOURCE = `${SOURCES}/{sourceID}`;
const TASKS = '/2/tasks';
const TASK = `${TASKS}/{taskID}`;
const TASKS_V1 = '/1/tasks';
const TASK_V1 = `${TASKS_V1}/{taskID}`;
const TRANSFORMS = '/1/transformations';
const TRANSFORM = `${TRANSFORMS}/{transformationID}`;
const RUN = '/1/runs/{runID}';

const PAGE = ['itemsPerPage', 'page', 'sort', 'order'];
const TASK_FILTERS = ['action', 'enabled', 'sourceID', 'destinationID', 'triggerType'];
const WINDOW = ['status', 'type', 'startDate', 'endDate'];

/** A connector that reads from outside the emulator answers 501 naming it (docs/ingestion.md). */
const OUTSIDE = {
  status: 'partial',
  note: 'json, csv, algoliaIndex and push sources run; other connectors answer 501 naming the connector',
} as const;
const CONNECTOR_ONLY = {
  status: 'partial',
  note: 'only for connectors that read from outside the emulator: validates the request, then answers 501 naming the connector',
} as const;
const NO_CODE = { status: 'partial', note: 'no-code transformations are stored; running one answers 501' } as const;

/**
 * The Ingestion API (`data.{region}.algolia.com`): authentications, sources, destinations,
 * tasks (v2, and the deprecated v1 routes), transformations, pushes, runs and events.
 */
// prettier-ignore
export const ingestionRoutes: Route[] = [
  route({ operation: 'createAuthentication', method: 'POST', path: AUTHS, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('createAuthentication') }),
  route({ operation: 'listAuthentications', method: 'GET', path: AUTHS, host: 'ingestion', acl: ACL, call: { query: [...PAGE, 'type', 'platform'] }, handler: lazy('listAuthentications') }),
  route({ operation: 'searchAuthentications', method: 'POST', path: `${AUTHS}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('searchAuthentications') }),
  route({ operation: 'getAuthentication', method: 'GET', path: AUTH, host: 'ingestion', acl: ACL, call: {}, handler: lazy('getAuthentication') }),
  route({ operation: 'updateAuthentication', method: 'PATCH', path: AUTH, host: 'ingestion', acl: ACL, call: { body: 'authenticationUpdate' }, handler: lazy('updateAuthentication') }),
  route({ operation: 'deleteAuthentication', method: 'DELETE', path: AUTH, host: 'ingestion', acl: ACL, call: {}, handler: lazy('deleteAuthentication') }),
  route({ operation: 'createDestination', method: 'POST', path: DESTS, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('createDestination') }),
  route({ operation: 'listDestinations', method: 'GET', path: DESTS, host: 'ingestion', acl: ACL, call: { query: [...PAGE, 'type', 'authenticationID', 'transformationID'] }, handler: lazy('listDestinations') }),
  route({ operation: 'searchDestinations', method: 'POST', path: `${DESTS}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('searchDestinations') }),
  route({ operation: 'getDestination', method: 'GET', path: DEST, host: 'ingestion', acl: ACL, call: {}, handler: lazy('getDestination') }),
  route({ operation: 'updateDestination', method: 'PATCH', path: DEST, host: 'ingestion', acl: ACL, call: { body: 'destinationUpdate' }, handler: lazy('updateDestination') }),
  route({ operation: 'deleteDestination', method: 'DELETE', path: DEST, host: 'ingestion', acl: ACL, call: {}, handler: lazy('deleteDestination') }),
  route({ operation: 'createSource', method: 'POST', path: SOURCES, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('createSource') }),
  route({ operation: 'listSources', method: 'GET', path: SOURCES, host: 'ingestion', acl: ACL, call: { query: [...PAGE, 'type', 'authenticationID'] }, handler: lazy('listSources') }),
  route({ operation: 'searchSources', method: 'POST', path: `${SOURCES}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('searchSources') }),
  route({ operation: 'validateSource', method: 'POST', path: `${SOURCES}/validate`, host: 'ingestion', acl: ACL, call: { body: '$params' }, parity: OUTSIDE, handler: lazy('validateSource') }),
  route({ operation: 'getSource', method: 'GET', path: SOURCE, host: 'ingestion', acl: ACL, call: {}, handler: lazy('getSource') }),
  route({ operation: 'updateSource', method: 'PATCH', path: SOURCE, host: 'ingestion', acl: ACL, call: { body: 'sourceUpdate' }, handler: lazy('updateSource') }),
  route({ operation: 'deleteSource', method: 'DELETE', path: SOURCE, host: 'ingestion', acl: ACL, call: {}, handler: lazy('deleteSource') }),
  route({ operation: 'validateSourceBeforeUpdate', method: 'POST', path: `${SOURCE}/validate`, host: 'ingestion', acl: ACL, call: { body: 'sourceUpdate' }, parity: OUTSIDE, handler: lazy('validateSourceBeforeUpdate') }),
  route({ operation: 'triggerDockerSourceDiscover', method: 'POST', path: `${SOURCE}/discover`, host: 'ingestion', acl: ACL, call: {}, parity: CONNECTOR_ONLY, handler: lazy('triggerDockerSourceDiscover') }),
  route({ operation: 'runSource', method: 'POST', path: `${SOURCE}/run`, host: 'ingestion', acl: ACL, call: { body: 'runSourcePayload' }, parity: CONNECTOR_ONLY, handler: lazy('runSource') }),
  route({ operation: 'createTask', method: 'POST', path: TASKS, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('createTask') }),
  route({ operation: 'listTasks', method: 'GET', path: TASKS, host: 'ingestion', acl: ACL, call: { query: [...PAGE, ...TASK_FILTERS, 'sourceType', 'withEmailNotifications'] }, handler: lazy('listTasks') }),
  route({ operation: 'searchTasks', method: 'POST', path: `${TASKS}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('searchTasks') }),
  route({ operation: 'getTask', method: 'GET', path: TASK, host: 'ingestion', acl: ACL, call: {}, handler: lazy('getTask') }),
  route({ operation: 'replaceTask', method: 'PUT', path: TASK, host: 'ingestion', acl: ACL, call: { body: 'taskReplace' }, handler: lazy('replaceTask') }),
  route({ operation: 'updateTask', method: 'PATCH', path: TASK, host: 'ingestion', acl: ACL, call: { body: 'taskUpdate' }, handler: lazy('updateTask') }),
  route({ operation: 'deleteTask', method: 'DELETE', path: TASK, host: 'ingestion', acl: ACL, call: {}, handler: lazy('deleteTask') }),
  route({ operation: 'runTask', method: 'POST', path: `${TASK}/run`, host: 'ingestion', acl: ACL, call: { body: 'runTaskPayload' }, parity: OUTSIDE, handler: lazy('runTask') }),
  route({ operation: 'pushTask', method: 'POST', path: `${TASK}/push`, host: 'ingestion', acl: ACL, call: { query: ['watch'], body: 'pushTaskPayload' }, parity: NO_CODE, handler: lazy('pushTask') }),
  route({ operation: 'enableTask', method: 'PUT', path: `${TASK}/enable`, host: 'ingestion', acl: ACL, call: {}, handler: lazy('enableTask') }),
  route({ operation: 'disableTask', method: 'PUT', path: `${TASK}/disable`, host: 'ingestion', acl: ACL, call: {}, handler: lazy('disableTask') }),
  route({ operation: 'createTaskV1', method: 'POST', path: TASKS_V1, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('createTaskV1') }),
  route({ operation: 'listTasksV1', method: 'GET', path: TASKS_V1, host: 'ingestion', acl: ACL, call: { query: [...PAGE, ...TASK_FILTERS] }, handler: lazy('listTasksV1') }),
  route({ operation: 'searchTasksV1', method: 'POST', path: `${TASKS_V1}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('searchTasksV1') }),
  route({ operation: 'getTaskV1', method: 'GET', path: TASK_V1, host: 'ingestion', acl: ACL, call: {}, handler: lazy('getTaskV1') }),
  route({ operation: 'updateTaskV1', method: 'PATCH', path: TASK_V1, host: 'ingestion', acl: ACL, call: { body: 'taskUpdate' }, handler: lazy('updateTaskV1') }),
  route({ operation: 'deleteTaskV1', method: 'DELETE', path: TASK_V1, host: 'ingestion', acl: ACL, call: {}, handler: lazy('deleteTask') }),
  route({ operation: 'runTaskV1', method: 'POST', path: `${TASK_V1}/run`, host: 'ingestion', acl: ACL, call: { body: 'runTaskPayload' }, parity: OUTSIDE, handler: lazy('runTask') }),
  route({ operation: 'enableTaskV1', method: 'PUT', path: `${TASK_V1}/enable`, host: 'ingestion', acl: ACL, call: {}, handler: lazy('enableTask') }),
  route({ operation: 'disableTaskV1', method: 'PUT', path: `${TASK_V1}/disable`, host: 'ingestion', acl: ACL, call: {}, handler: lazy('disableTask') }),
  route({ operation: 'createTransformation', method: 'POST', path: TRANSFORMS, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('createTransformation') }),
  route({ operation: 'listTransformations', method: 'GET', path: TRANSFORMS, host: 'ingestion', acl: ACL, call: { query: [...PAGE, 'type'] }, handler: lazy('listTransformations') }),
  route({ operation: 'searchTransformations', method: 'POST', path: `${TRANSFORMS}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: lazy('searchTransformations') }),
  route({ operation: 'tryTransformation', method: 'POST', path: `${TRANSFORMS}/try`, host: 'ingestion', acl: ACL, call: { body: '$params' }, parity: NO_CODE, handler: lazy('tryTransformation') }),
  route({ operation: 'getTransformation', method: 'GET', path: TRANSFORM, host: 'ingestion', acl: ACL, call: {}, handler: lazy('getTransformation') }),
  route({ operation: 'updateTransformation', method: 'PUT', path: TRANSFORM, host: 'ingestion', acl: ACL, call: { body: 'transformationCreate' }, handler: lazy('updateTransformation') }),
  route({ operation: 'deleteTransformation', method: 'DELETE', path: TRANSFORM, host: 'ingestion', acl: ACL, call: {}, handler: lazy('deleteTransformation') }),
  route({ operation: 'tryTransformationBeforeUpdate', method: 'POST', path: `${TRANSFORM}/try`, host: 'ingestion', acl: ACL, call: { body: 'transformationTry' }, parity: NO_CODE, handler: lazy('tryTransformationBeforeUpdate') }),
  route({ operation: 'push', method: 'POST', path: '/1/push/{indexName}', host: 'ingestion', acl: ACL, call: { query: ['watch', 'referenceIndexName'], body: 'pushTaskPayload' }, parity: NO_CODE, handler: lazy('push') }),
  route({ operation: 'listRuns', method: 'GET', path: '/1/runs', host: 'ingestion', acl: ACL, call: { query: [...PAGE, ...WINDOW, 'taskID'] }, handler: lazy('listRuns') }),
  route({ operation: 'getRun', method: 'GET', path: RUN, host: 'ingestion', acl: ACL, call: {}, handler: lazy('getRun') }),
  route({ operation: 'listEvents', method: 'GET', path: `${RUN}/events`, host: 'ingestion', acl: ACL, call: { query: [...PAGE, ...WINDOW] }, handler: lazy('listEvents') }),
  route({ operation: 'getEvent', method: 'GET', path: `${RUN}/events/{eventID}`, host: 'ingestion', acl: ACL, call: {}, handler: lazy('getEvent') }),
];
