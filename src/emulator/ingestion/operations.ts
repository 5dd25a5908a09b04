/** The Ingestion API's operations: a chunk of its own, loaded by the first call (routes.ts, install.ts). */
export {
  createAuthentication,
  deleteAuthentication,
  getAuthentication,
  listAuthentications,
  searchAuthentications,
  updateAuthentication,
} from './authentications';
export {
  createDestination,
  deleteDestination,
  getDestination,
  listDestinations,
  searchDestinations,
  updateDestination,
} from './destinations';
export { push, pushTask } from './push';
export { runScheduled, runTask } from './run-task';
export { getEvent, getRun, listEvents, listRuns } from './runs';
export { runSource, triggerDockerSourceDiscover, validateSource, validateSourceBeforeUpdate } from './source-actions';
export { createSource, deleteSource, getSource, listSources, searchSources, updateSource } from './sources';
export {
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
export { createTaskV1, getTaskV1, listTasksV1, searchTasksV1, updateTaskV1 } from './tasks-v1';
export {
  createTransformation,
  deleteTransformation,
  getTransformation,
  listTransformations,
  searchTransformations,
  tryTransformation,
  tryTransformationBeforeUpdate,
  updateTransformation,
} from './transformations';
