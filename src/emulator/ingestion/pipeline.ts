import type { Core } from '../core';
import { notImplemented } from '../errors';
import { applyBatch, parseAll, type BatchOperation } from '../search/objects/batch';
import { enqueue } from '../tasks';
import { recordRun, type EventDraft } from './runs';
import type { DestinationRecord, Json, RunRecord, RunType, TaskRecord } from './state';
import { requireResource } from './store';
import { applyAll, compileTransformation, TransformationFailure, type CompiledTransformation } from './transform';

/** The batch actions a push may ask for (the Search API's `batch` actions). */
export const PUSH_ACTIONS = [
  'addObject',
  'updateObject',
  'partialUpdateObject',
  'partialUpdateObjectNoCreate',
  'deleteObject',
  'delete',
  'clear',
] as const;
export type PushAction = (typeof PUSH_ACTIONS)[number];

/** Records on their way from a source (a push, a fetched file, an index) to a task's destination. */
export interface Delivery {
  readonly task: TaskRecord;
  /** The index written: the destination's, or the one a push names (a temporary index). */
  readonly indexName: string;
  readonly runType: RunType;
  readonly action: PushAction;
  /** Clears the index in the same indexing task first (a `replace` task's full reindex). */
  readonly replace?: boolean;
  readonly records: readonly Json[];
  /** Events that come before the records' (a fetch that failed, a file read). */
  readonly before?: readonly EventDraft[];
}

/** Actions whose records carry content a transformation reshapes. */
const TRANSFORMED: ReadonlySet<PushAction> = new Set([
  'addObject',
  'updateObject',
  'partialUpdateObject',
  'partialUpdateObjectNoCreate',
]);

/**
 * The transformations a destination applies, compiled, or a 501 for what the emulator cannot
 * run: an insights destination (records become events) and no-code transformations.
 */
export async function transformationsOf(core: Core, operation: string, destination: DestinationRecord) {
  if (destination.type !== 'search')
    throw notImplemented(
      operation,
      `destinations of type ${destination.type} are stored, but only search destinations receive records`,
    );
  const chain: CompiledTransformation[] = [];
  for (const id of destination.transformationIDs ?? []) {
    const transformation = requireResource(core, 'transformation', id);
    if (transformation.type !== 'code')
      throw notImplemented(operation, `no-code transformation ${id} is stored, but its steps are not run`);
    chain.push(await compileTransformation(core, transformation));
  }
  return chain;
}

/**
 * Runs records through the destination's transformations and writes what comes out to the
 * index as one indexing task (published on the clock like every write); a record a
 * transformation fails is left out and reported by a failed `transform` event. The run fails
 * when the share of failed records passes the task's `failureThreshold` (default 0).
 */
export async function deliver(
  core: Core,
  delivery: Delivery,
  chain: readonly CompiledTransformation[],
): Promise<{ run: RunRecord; eventIDs: string[]; failures: EventDraft[] }> {
  const { task, records, action } = delivery;
  const destination = requireResource(core, 'destination', task.destinationID);
  const failures: EventDraft[] = [];
  const parsed: BatchOperation[] = [];
  const wholeIndex = action === 'delete' || action === 'clear';
  for (const record of wholeIndex ? [] : records) {
    try {
      const outputs = TRANSFORMED.has(action) ? await applyAll(chain, record) : [record];
      for (const output of outputs) {
        const body = excluded(output, destination.input.attributesToExclude as string[] | undefined);
        // Each record is read on its own: one the batch refuses fails alone.
        parsed.push(...parseAll(core, [{ action, body }]));
      }
    } catch (error) {
      failures.push(failed(record, error));
    }
  }
  const operations: BatchOperation[] = [
    ...(delivery.replace ? [{ action: 'clear' } as const] : []),
    ...(wholeIndex ? [{ action }] : parsed),
  ];
  const written = operations.length - (delivery.replace ? 1 : 0);
  let taskID: number | undefined;
  if (operations.length > 0)
    taskID = enqueue(core, delivery.indexName, (draft) =>
      applyBatch(draft, delivery.indexName, core.now(), operations),
    );
  const threshold = task.failureThreshold ?? 0;
  const failedShare = records.length === 0 ? 0 : (failures.length / records.length) * 100;
  const events: EventDraft[] = [
    ...(delivery.before ?? []),
    { status: 'succeeded', type: 'fetch', batchSize: records.length, data: null },
    ...failures,
    ...(taskID === undefined
      ? []
      : [
          {
            status: 'succeeded' as const,
            type: 'record' as const,
            batchSize: written,
            data: { indexName: delivery.indexName, action, taskID },
          },
        ]),
  ];
  const failure = failedShare > threshold;
  const { run, eventIDs } = recordRun(core, task.taskID, delivery.runType, task.failureThreshold, {
    outcome: failure ? 'failure' : 'success',
    reasonCode: failure ? 'too_many_errors' : records.length === 0 ? 'no_events' : 'ok',
    reason: failure
      ? `${failures.length} of ${records.length} records failed, more than the failure threshold of ${threshold}%`
      : `${written} records sent to ${delivery.indexName}`,
    events,
  });
  // The event the push answers with is the records' fetch, after any earlier ones.
  return { run, eventIDs: eventIDs.slice(delivery.before?.length ?? 0), failures };
}

/** A failed `transform` event for a record. */
function failed(record: Json, error: unknown): EventDraft {
  const message = error instanceof TransformationFailure || error instanceof Error ? error.message : String(error);
  return {
    status: 'failed',
    type: 'transform',
    batchSize: 1,
    data: { objectID: record.objectID ?? null, message },
  };
}

/**
 * A record without the destination's `attributesToExclude`: `a.b` drops `b` inside `a`,
 * `a.[0].b` inside the first element of the array `a`, `a.[*].b` inside every element.
 */
export function excluded(record: Json, paths: readonly string[] | undefined): Json {
  if (!paths || paths.length === 0) return record;
  const copy = structuredClone(record) as Record<string, unknown>;
  for (const path of paths) drop(copy, path.split('.'));
  return copy;
}

function drop(value: unknown, steps: readonly string[]): void {
  if (value === null || typeof value !== 'object' || steps.length === 0) return;
  const [step, ...rest] = steps;
  const item = /^\[(\d+|\*)\]$/.exec(step);
  if (item) {
    if (!Array.isArray(value)) return;
    const targets = item[1] === '*' ? value : [value[Number(item[1])]];
    for (const target of targets) drop(target, rest);
    return;
  }
  const object = value as Record<string, unknown>;
  if (rest.length === 0) delete object[step];
  else drop(object[step], rest);
}
