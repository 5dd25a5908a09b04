import { assertIndexAllowed } from '../gate';
import type { OperationContext } from '../route';
import { assertIndexName } from '../search/store';
import { ingestionMessages, invalidPayload, resourceNotFound } from './errors';
import { arrayOf, oneOf, readShape, requireObject, shape } from './fields';
import { queryBoolean } from './listing';
import { deliver, PUSH_ACTIONS, transformationsOf, type PushAction } from './pipeline';
import type { Json, TaskRecord } from './state';
import { requireResource } from './store';
import { assertEnabled } from './tasks';

const PAYLOAD = shape(
  {
    action: oneOf(...PUSH_ACTIONS),
    records: arrayOf((value, path) => {
      const record = requireObject(value, path);
      if (typeof record.objectID !== 'string' || record.objectID === '')
        throw invalidPayload(`\`${path}.objectID\` is required and must be a non-empty string`);
      return record;
    }),
  },
  ['action', 'records'],
);

/**
 * The push task that writes to `indexName`: a task whose source is of type `push` and whose
 * destination's index is that one. None is a 404, several a 400 naming them (the live wording).
 */
function pushTaskOf(ctx: OperationContext, indexName: string): TaskRecord {
  const { sources, destinations, tasks } = ctx.core.state.ingestion;
  const found = [...tasks.values()].filter(
    (task) =>
      sources.get(task.sourceID)?.type === 'push' &&
      destinations.get(task.destinationID)?.input.indexName === indexName,
  );
  if (found.length === 0) throw resourceNotFound(ingestionMessages.noPushTask(indexName));
  if (found.length > 1)
    throw invalidPayload(
      ingestionMessages.manyPushTasks(
        found.map((task) => task.taskID),
        indexName,
      ),
    );
  return found[0];
}

/**
 * Sends a push payload through a task: the records go through the destination's
 * transformations and land in `indexName` as an indexing task on the clock; the answer names
 * the run and the event the client's helpers poll (`waitForTasks`). With `watch`, failed
 * events come with the answer.
 */
async function pushThrough(ctx: OperationContext, task: TaskRecord, indexName: string) {
  const { core } = ctx;
  const payload = readShape(ctx.req.body, 'body', PAYLOAD);
  const watch = queryBoolean(ctx.req.query, 'watch') ?? false;
  assertEnabled(task);
  const destination = requireResource(core, 'destination', task.destinationID);
  const chain = await transformationsOf(core, ctx.route.operation, destination);
  const { run, eventIDs } = await deliver(
    core,
    {
      task,
      indexName,
      runType: 'push',
      action: payload.action as PushAction,
      records: payload.records as Json[],
    },
    chain,
  );
  const failed = watch ? (core.state.ingestion.events.get(run.runID) ?? []).filter((e) => e.status === 'failed') : [];
  return {
    runID: run.runID,
    eventID: eventIDs[0],
    // Without `watch` the answer only says the records were accepted.
    message: watch && run.outcome === 'failure' ? run.reason : 'OK',
    createdAt: run.createdAt,
    ...(failed.length > 0 ? { events: failed } : {}),
  };
}

/**
 * POST /1/push/{indexName} — through the index's push task; `referenceIndexName` picks the
 * task of another index (the client's `replaceAllObjectsWithTransformation` pushes to a
 * temporary index with the transformation of the index it replaces).
 */
export function push(ctx: OperationContext) {
  const { indexName } = ctx.params;
  assertIndexName(indexName);
  const reference = ctx.req.query.referenceIndexName;
  if (reference !== undefined) {
    assertIndexName(reference);
    assertIndexAllowed(ctx.auth, reference);
  }
  return pushThrough(ctx, pushTaskOf(ctx, reference ?? indexName), indexName);
}

/** POST /2/tasks/{taskID}/push — through the task named, into its destination's index. */
export function pushTask(ctx: OperationContext) {
  const task = requireResource(ctx.core, 'task', ctx.params.taskID);
  if (ctx.core.state.ingestion.sources.get(task.sourceID)?.type !== 'push')
    throw invalidPayload(`task ${task.taskID} does not read from a push source`);
  const indexName = String(requireResource(ctx.core, 'destination', task.destinationID).input.indexName);
  assertIndexAllowed(ctx.auth, indexName);
  return pushThrough(ctx, task, indexName);
}
