import type { Core } from '../core';
import { ApiError } from '../errors';
import type { Job } from '../jobs';
import type { OperationContext } from '../route';
import { readSource } from './connectors';
import { invalidPayload } from './errors';
import { anyObject, readShape, rfc3339, shape } from './fields';
import { deliver, transformationsOf, type PushAction } from './pipeline';
import { recordRun } from './runs';
import { nextCronRun, planTask } from './schedule';
import type { TaskRecord } from './state';
import { ingestionOf, requireResource } from './store';
import { assertEnabled } from './tasks';

/** What each task action writes: a `replace` task clears the index in the same indexing task. */
const WRITES: Record<string, { action: PushAction; replace?: boolean }> = {
  replace: { action: 'addObject', replace: true },
  save: { action: 'addObject' },
  append: { action: 'addObject' },
  partial: { action: 'partialUpdateObject' },
  partialNoCreate: { action: 'partialUpdateObjectNoCreate' },
};

/**
 * Runs a task once: reads its source (a fetched json or csv file, an index of the emulator),
 * then delivers the records to its destination. A source that cannot be read gives a failed
 * run with a failed `fetch` event; a connector reading from outside answers 501 before anything.
 */
export async function runTaskOnce(core: Core, operation: string, task: TaskRecord) {
  const source = requireResource(core, 'source', task.sourceID);
  if (source.type === 'push')
    throw invalidPayload(`task ${task.taskID} reads from a push source: send its records with push or pushTask`);
  const destination = requireResource(core, 'destination', task.destinationID);
  const chain = await transformationsOf(core, operation, destination);
  const read = await readSource(core, operation, source);
  const write = WRITES[task.action ?? 'save'];
  const runType = write.replace ? 'reindex' : 'update';
  const run =
    'error' in read
      ? recordRun(core, task.taskID, runType, task.failureThreshold, {
          outcome: 'failure',
          reasonCode: 'critical',
          reason: read.error,
          events: [{ status: 'failed', type: 'fetch', batchSize: 0, data: { message: read.error } }],
        }).run
      : (
          await deliver(
            core,
            { task, indexName: String(destination.input.indexName), runType, records: read.records, ...write },
            chain,
          )
        ).run;
  core.commit((draft) => {
    const stored = ingestionOf(draft).tasks.get(task.taskID);
    if (stored) stored.lastRun = run.createdAt;
  });
  return { runID: run.runID, createdAt: run.createdAt };
}

/** POST /2/tasks/{taskID}/run and /1/tasks/{taskID}/run — the run is done when the answer comes. */
export async function runTask(ctx: OperationContext) {
  const { core, params } = ctx;
  const task = requireResource(core, 'task', params.taskID);
  if (ctx.req.body !== undefined) readShape(ctx.req.body, 'body', shape({ runMetadata: anyObject }));
  assertEnabled(task);
  return runTaskOnce(core, ctx.route.operation, task);
}

/**
 * A scheduled task's run at its cron instant, then the next one planned. A run the emulator
 * cannot do (a 501 connector, a disabled source) is recorded as a failed run, as a scheduled
 * run the service could not start would be.
 */
export async function runScheduled(core: Core, job: Job): Promise<void> {
  const task = core.state.ingestion.tasks.get(String(job.data.taskID));
  if (!task || !task.enabled || task.cron === undefined) return;
  try {
    await runTaskOnce(core, 'runTask', task);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    recordRun(core, task.taskID, 'update', task.failureThreshold, {
      outcome: 'failure',
      reasonCode: 'critical',
      reason: error.message,
      events: [{ status: 'critical', type: 'log', batchSize: 0, data: { message: error.message } }],
    });
  }
  const nextAt = await nextCronRun(task.cron, job.at);
  core.commit((draft) => {
    const stored = ingestionOf(draft).tasks.get(task.taskID);
    if (!stored) return;
    stored.lastRun = rfc3339(job.at);
    if (nextAt === undefined) delete stored.nextRun;
    else stored.nextRun = rfc3339(nextAt);
    planTask(draft, task.taskID, nextAt);
  });
}
