import type { OperationContext } from '../../route';
import { readTaskID, requireTaskStatus } from '../../tasks';

/**
 * With `advanceOnTaskPoll`, asking for a task not published yet first moves the clock to its
 * publication time, so a client's `waitForTask` resolves at its first poll instead of polling
 * on real timers until the test times out.
 */
function advanceToPublication(ctx: OperationContext, taskID: number): void {
  if (!ctx.core.options.advanceOnTaskPoll) return;
  const task = ctx.core.state.tasks.pending.find((pending) => pending.taskID === taskID);
  if (task) ctx.core.clock.advance(Math.max(0, task.publishAt - ctx.core.now()));
}

/** GET /1/indexes/{indexName}/task/{taskID} */
export function getTask(ctx: OperationContext) {
  const taskID = readTaskID(ctx.params.taskID);
  advanceToPublication(ctx, taskID);
  const status = requireTaskStatus(ctx.core.state, taskID);
  return { status, pendingTask: status === 'notPublished' };
}

/** GET /1/task/{taskID} — application-level tasks (dictionaries, keys). */
export function getAppTask(ctx: OperationContext) {
  const taskID = readTaskID(ctx.params.taskID);
  advanceToPublication(ctx, taskID);
  return { status: requireTaskStatus(ctx.core.state, taskID) };
}
