import { badRequest, notFound } from '../errors';
import type { OperationContext } from '../route';
import { taskStatus } from '../tasks';

function readTaskID(raw: string): number {
  const taskID = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(taskID)) throw badRequest(`taskID must be an integer, got "${raw}"`);
  return taskID;
}

/** GET /1/indexes/{indexName}/task/{taskID} */
export function getTask(ctx: OperationContext) {
  const status = taskStatus(ctx.core.state, readTaskID(ctx.params.taskID));
  if (!status) throw notFound('Task does not exist');
  return { status, pendingTask: status === 'notPublished' };
}

/** GET /1/task/{taskID} — application-level tasks (dictionaries, keys). */
export function getAppTask(ctx: OperationContext) {
  const status = taskStatus(ctx.core.state, readTaskID(ctx.params.taskID));
  if (!status) throw notFound('Task does not exist');
  return { status };
}
