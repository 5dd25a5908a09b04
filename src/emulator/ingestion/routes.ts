import type { Acl } from '../route';
import { route, type Route } from '../route';
import {
  createAuthentication,
  deleteAuthentication,
  getAuthentication,
  listAuthentications,
  searchAuthentications,
  updateAuthentication,
} from './authentications';
import {
  createDestination,
  deleteDestination,
  getDestination,
  listDestinations,
  searchDestinations,
  updateDestination,
} from './destinations';
import { push, pushTask } from './push';
import { runTask } from './run-task';
import { getEvent, getRun, listEvents, listRuns } from './runs';
import { runSource, triggerDockerSourceDiscover, validateSource, validateSourceBeforeUpdate } from './source-actions';
import { createSource, deleteSource, getSource, listSources, searchSources, updateSource } from './sources';
import {
  createTask,
  deleteTask,
  disableTask,
  enableTask,
  getTask,
  listTasks,
  replaceTask,
  searchTasks,
  updateTask,
} from './tasks';
import { createTaskV1, getTaskV1, listTasksV1, searchTasksV1, updateTaskV1 } from './tasks-v1';
import {
  createTransformation,
  deleteTransformation,
  getTransformation,
  listTransformations,
  searchTransformations,
  tryTransformation,
  tryTransformationBeforeUpdate,
  updateTransformation,
} from './transformations';

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
  route({ operation: 'createAuthentication', method: 'POST', path: AUTHS, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: createAuthentication }),
  route({ operation: 'listAuthentications', method: 'GET', path: AUTHS, host: 'ingestion', acl: ACL, call: { query: [...PAGE, 'type', 'platform'] }, handler: listAuthentications }),
  route({ operation: 'searchAuthentications', method: 'POST', path: `${AUTHS}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: searchAuthentications }),
  route({ operation: 'getAuthentication', method: 'GET', path: AUTH, host: 'ingestion', acl: ACL, call: {}, handler: getAuthentication }),
  route({ operation: 'updateAuthentication', method: 'PATCH', path: AUTH, host: 'ingestion', acl: ACL, call: { body: 'authenticationUpdate' }, handler: updateAuthentication }),
  route({ operation: 'deleteAuthentication', method: 'DELETE', path: AUTH, host: 'ingestion', acl: ACL, call: {}, handler: deleteAuthentication }),
  route({ operation: 'createDestination', method: 'POST', path: DESTS, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: createDestination }),
  route({ operation: 'listDestinations', method: 'GET', path: DESTS, host: 'ingestion', acl: ACL, call: { query: [...PAGE, 'type', 'authenticationID', 'transformationID'] }, handler: listDestinations }),
  route({ operation: 'searchDestinations', method: 'POST', path: `${DESTS}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: searchDestinations }),
  route({ operation: 'getDestination', method: 'GET', path: DEST, host: 'ingestion', acl: ACL, call: {}, handler: getDestination }),
  route({ operation: 'updateDestination', method: 'PATCH', path: DEST, host: 'ingestion', acl: ACL, call: { body: 'destinationUpdate' }, handler: updateDestination }),
  route({ operation: 'deleteDestination', method: 'DELETE', path: DEST, host: 'ingestion', acl: ACL, call: {}, handler: deleteDestination }),
  route({ operation: 'createSource', method: 'POST', path: SOURCES, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: createSource }),
  route({ operation: 'listSources', method: 'GET', path: SOURCES, host: 'ingestion', acl: ACL, call: { query: [...PAGE, 'type', 'authenticationID'] }, handler: listSources }),
  route({ operation: 'searchSources', method: 'POST', path: `${SOURCES}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: searchSources }),
  route({ operation: 'validateSource', method: 'POST', path: `${SOURCES}/validate`, host: 'ingestion', acl: ACL, call: { body: '$params' }, parity: OUTSIDE, handler: validateSource }),
  route({ operation: 'getSource', method: 'GET', path: SOURCE, host: 'ingestion', acl: ACL, call: {}, handler: getSource }),
  route({ operation: 'updateSource', method: 'PATCH', path: SOURCE, host: 'ingestion', acl: ACL, call: { body: 'sourceUpdate' }, handler: updateSource }),
  route({ operation: 'deleteSource', method: 'DELETE', path: SOURCE, host: 'ingestion', acl: ACL, call: {}, handler: deleteSource }),
  route({ operation: 'validateSourceBeforeUpdate', method: 'POST', path: `${SOURCE}/validate`, host: 'ingestion', acl: ACL, call: { body: 'sourceUpdate' }, parity: OUTSIDE, handler: validateSourceBeforeUpdate }),
  route({ operation: 'triggerDockerSourceDiscover', method: 'POST', path: `${SOURCE}/discover`, host: 'ingestion', acl: ACL, call: {}, parity: CONNECTOR_ONLY, handler: triggerDockerSourceDiscover }),
  route({ operation: 'runSource', method: 'POST', path: `${SOURCE}/run`, host: 'ingestion', acl: ACL, call: { body: 'runSourcePayload' }, parity: CONNECTOR_ONLY, handler: runSource }),
  route({ operation: 'createTask', method: 'POST', path: TASKS, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: createTask }),
  route({ operation: 'listTasks', method: 'GET', path: TASKS, host: 'ingestion', acl: ACL, call: { query: [...PAGE, ...TASK_FILTERS, 'sourceType', 'withEmailNotifications'] }, handler: listTasks }),
  route({ operation: 'searchTasks', method: 'POST', path: `${TASKS}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: searchTasks }),
  route({ operation: 'getTask', method: 'GET', path: TASK, host: 'ingestion', acl: ACL, call: {}, handler: getTask }),
  route({ operation: 'replaceTask', method: 'PUT', path: TASK, host: 'ingestion', acl: ACL, call: { body: 'taskReplace' }, handler: replaceTask }),
  route({ operation: 'updateTask', method: 'PATCH', path: TASK, host: 'ingestion', acl: ACL, call: { body: 'taskUpdate' }, handler: updateTask }),
  route({ operation: 'deleteTask', method: 'DELETE', path: TASK, host: 'ingestion', acl: ACL, call: {}, handler: deleteTask }),
  route({ operation: 'runTask', method: 'POST', path: `${TASK}/run`, host: 'ingestion', acl: ACL, call: { body: 'runTaskPayload' }, parity: OUTSIDE, handler: runTask }),
  route({ operation: 'pushTask', method: 'POST', path: `${TASK}/push`, host: 'ingestion', acl: ACL, call: { query: ['watch'], body: 'pushTaskPayload' }, parity: NO_CODE, handler: pushTask }),
  route({ operation: 'enableTask', method: 'PUT', path: `${TASK}/enable`, host: 'ingestion', acl: ACL, call: {}, handler: enableTask }),
  route({ operation: 'disableTask', method: 'PUT', path: `${TASK}/disable`, host: 'ingestion', acl: ACL, call: {}, handler: disableTask }),
  route({ operation: 'createTaskV1', method: 'POST', path: TASKS_V1, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: createTaskV1 }),
  route({ operation: 'listTasksV1', method: 'GET', path: TASKS_V1, host: 'ingestion', acl: ACL, call: { query: [...PAGE, ...TASK_FILTERS] }, handler: listTasksV1 }),
  route({ operation: 'searchTasksV1', method: 'POST', path: `${TASKS_V1}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: searchTasksV1 }),
  route({ operation: 'getTaskV1', method: 'GET', path: TASK_V1, host: 'ingestion', acl: ACL, call: {}, handler: getTaskV1 }),
  route({ operation: 'updateTaskV1', method: 'PATCH', path: TASK_V1, host: 'ingestion', acl: ACL, call: { body: 'taskUpdate' }, handler: updateTaskV1 }),
  route({ operation: 'deleteTaskV1', method: 'DELETE', path: TASK_V1, host: 'ingestion', acl: ACL, call: {}, handler: deleteTask }),
  route({ operation: 'runTaskV1', method: 'POST', path: `${TASK_V1}/run`, host: 'ingestion', acl: ACL, call: { body: 'runTaskPayload' }, parity: OUTSIDE, handler: runTask }),
  route({ operation: 'enableTaskV1', method: 'PUT', path: `${TASK_V1}/enable`, host: 'ingestion', acl: ACL, call: {}, handler: enableTask }),
  route({ operation: 'disableTaskV1', method: 'PUT', path: `${TASK_V1}/disable`, host: 'ingestion', acl: ACL, call: {}, handler: disableTask }),
  route({ operation: 'createTransformation', method: 'POST', path: TRANSFORMS, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: createTransformation }),
  route({ operation: 'listTransformations', method: 'GET', path: TRANSFORMS, host: 'ingestion', acl: ACL, call: { query: [...PAGE, 'type'] }, handler: listTransformations }),
  route({ operation: 'searchTransformations', method: 'POST', path: `${TRANSFORMS}/search`, host: 'ingestion', acl: ACL, call: { body: '$params' }, handler: searchTransformations }),
  route({ operation: 'tryTransformation', method: 'POST', path: `${TRANSFORMS}/try`, host: 'ingestion', acl: ACL, call: { body: '$params' }, parity: NO_CODE, handler: tryTransformation }),
  route({ operation: 'getTransformation', method: 'GET', path: TRANSFORM, host: 'ingestion', acl: ACL, call: {}, handler: getTransformation }),
  route({ operation: 'updateTransformation', method: 'PUT', path: TRANSFORM, host: 'ingestion', acl: ACL, call: { body: 'transformationCreate' }, handler: updateTransformation }),
  route({ operation: 'deleteTransformation', method: 'DELETE', path: TRANSFORM, host: 'ingestion', acl: ACL, call: {}, handler: deleteTransformation }),
  route({ operation: 'tryTransformationBeforeUpdate', method: 'POST', path: `${TRANSFORM}/try`, host: 'ingestion', acl: ACL, call: { body: 'transformationTry' }, parity: NO_CODE, handler: tryTransformationBeforeUpdate }),
  route({ operation: 'push', method: 'POST', path: '/1/push/{indexName}', host: 'ingestion', acl: ACL, call: { query: ['watch', 'referenceIndexName'], body: 'pushTaskPayload' }, parity: NO_CODE, handler: push }),
  route({ operation: 'listRuns', method: 'GET', path: '/1/runs', host: 'ingestion', acl: ACL, call: { query: [...PAGE, ...WINDOW, 'taskID'] }, handler: listRuns }),
  route({ operation: 'getRun', method: 'GET', path: RUN, host: 'ingestion', acl: ACL, call: {}, handler: getRun }),
  route({ operation: 'listEvents', method: 'GET', path: `${RUN}/events`, host: 'ingestion', acl: ACL, call: { query: [...PAGE, ...WINDOW] }, handler: listEvents }),
  route({ operation: 'getEvent', method: 'GET', path: `${RUN}/events/{eventID}`, host: 'ingestion', acl: ACL, call: {}, handler: getEvent }),
];
