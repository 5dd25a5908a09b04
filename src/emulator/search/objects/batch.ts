import type { Draft } from 'immer';
import type { Core } from '../../core';
import { badRequest } from '../../errors';
import { assertIndexAllowed } from '../../gate';
import type { Acl, OperationContext } from '../../route';
import type { SearchRecord, State } from '../../state';
import { enqueue, enqueueMany } from '../../tasks';
import { clearRecords, removeIndex } from '../indices/indices';
import { applyPartialTo, parsePartialBody, type PartialUpdate } from './partial';
import { assertIndexName, deleteRecords, freezeRecord, recordOf, writeRecords } from '../store';
import { assertNotReplica, generateObjectIDs, requireObject, requireObjectID } from '../validate';

/** The batch actions and the right each one needs (spec 000, batch). */
const ACTION_ACL = {
  addObject: 'addObject',
  updateObject: 'addObject',
  partialUpdateObject: 'addObject',
  partialUpdateObjectNoCreate: 'addObject',
  deleteObject: 'deleteObject',
  delete: 'deleteIndex',
  clear: 'deleteIndex',
} as const satisfies Record<string, Acl>;

type Action = keyof typeof ACTION_ACL;
const ACTIONS = Object.keys(ACTION_ACL) as Action[];

/** One validated batch request; objectIDs are fixed (and generated) at acceptance time. */
export type BatchOperation =
  | { readonly action: 'addObject' | 'updateObject'; readonly record: SearchRecord }
  | { readonly action: 'partialUpdateObject' | 'partialUpdateObjectNoCreate'; readonly update: PartialUpdate }
  | { readonly action: 'deleteObject'; readonly objectID: string }
  | { readonly action: 'delete' | 'clear' };

/** The rights a batch body needs: one per distinct action. Unknown actions are left to the handler's 400. */
export function batchAcl(ctx: OperationContext): Acl[] {
  const requests = (ctx.req.body as { requests?: unknown } | undefined)?.requests;
  const needed = new Set<Acl>();
  if (Array.isArray(requests)) {
    for (const request of requests) {
      const action = (request as { action?: unknown } | null)?.action;
      if (typeof action === 'string' && action in ACTION_ACL) needed.add(ACTION_ACL[action as Action]);
    }
  }
  if (needed.size === 0) needed.add('addObject');
  return [...needed];
}

/**
 * Validates every request first, then draws the generated objectIDs in request order, so a
 * rejected batch leaves the seeded generator untouched too. Records are parsed once.
 */
export function parseAll(
  core: Core,
  requests: readonly unknown[],
  check: (request: unknown, index: number) => void = () => {},
): BatchOperation[] {
  const operations: BatchOperation[] = [];
  // Requests whose objectID is drawn once the whole batch is valid.
  const unnamed: number[] = [];
  const later = () => {
    unnamed.push(operations.length);
    return '';
  };
  for (let i = 0; i < requests.length; i++) {
    check(requests[i], i);
    operations.push(parseBatchRequest(later, requests[i], i));
  }
  const generated = generateObjectIDs(core, unnamed.length);
  for (let k = 0; k < unnamed.length; k++) {
    // The record is this parse's own copy, not frozen yet.
    (operations[unnamed[k]] as { record: SearchRecord }).record.objectID = generated[k];
  }
  for (let i = 0; i < operations.length; i++) {
    const operation = operations[i];
    if (operation.action === 'addObject' || operation.action === 'updateObject') freezeRecord(operation.record);
  }
  return operations;
}

/** Reads `requests` from a batch body, or a 400 naming it. */
function readRequests(body: unknown): unknown[] {
  const object = requireObject(body, 'The batch body');
  if (!Array.isArray(object.requests)) throw badRequest('`requests` is required and must be an array');
  return object.requests;
}

/** How messages name request `index` of a batch, or a member of it (`requests[3].body`): built only for a message. */
const whereOf = (index: number, member = '') => `requests[${index}]${member}`;

/** Validates request `index` of a batch. */
function parseBatchRequest(nextID: () => string, request: unknown, index: number): BatchOperation {
  const entry = isObject(request) ? request : requireObject(request, whereOf(index));
  const action = entry.action;
  if (typeof action !== 'string' || !ACTIONS.includes(action as Action)) {
    throw badRequest(
      `${whereOf(index, '.action')} ${JSON.stringify(action)} is invalid: expected one of ${ACTIONS.join(', ')}`,
    );
  }
  if (action === 'delete' || action === 'clear') return { action };
  const body = isObject(entry.body) ? entry.body : requireObject(entry.body, whereOf(index, '.body'));
  switch (action) {
    case 'addObject': {
      const objectID = body.objectID === undefined ? nextID() : objectIDOf(body.objectID, index);
      return { action, record: recordOf(body, objectID) };
    }
    case 'updateObject':
      return { action, record: recordOf(body, needsID(body, action, index)) };
    case 'partialUpdateObject':
    case 'partialUpdateObjectNoCreate': {
      const objectID = needsID(body, action, index);
      return {
        action,
        update: parsePartialBody(body, objectID, action === 'partialUpdateObject', `${whereOf(index)}: `),
      };
    }
    case 'deleteObject':
      return { action, objectID: needsID(body, action, index) };
  }
  throw badRequest(`${whereOf(index, '.action')} ${JSON.stringify(action)} is invalid`);
}

/** What {@link requireObject} accepts. */
function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** {@link requireObjectID} of request `index`'s body. */
function objectIDOf(value: unknown, index: number): string {
  // The usual objectID passes as it is, without naming the request.
  if (typeof value === 'string' && value !== '' && value.length <= 512) return value;
  return requireObjectID(value, whereOf(index, '.body.objectID'));
}

/** The objectID an action on an existing record names, or a 400. */
function needsID(body: Record<string, unknown>, action: string, index: number): string {
  if (body.objectID === undefined || body.objectID === null || body.objectID === '') {
    throw badRequest(`The 'objectID' attribute is required to use action=${action} (${whereOf(index)})`);
  }
  return objectIDOf(body.objectID, index);
}

/** Runs the operations of one index in order, inside its task. */
export function applyBatch(
  draft: Draft<State>,
  indexName: string,
  now: number,
  operations: readonly BatchOperation[],
): void {
  for (let i = 0; i < operations.length;) {
    const operation = operations[i];
    switch (operation.action) {
      case 'addObject':
      case 'updateObject':
      case 'partialUpdateObject':
      case 'partialUpdateObjectNoCreate': {
        // A run of record writes is one write of the records map.
        let end = i + 1;
        while (end < operations.length && writesRecord(operations[end])) end++;
        const run = operations.slice(i, end) as RecordWrite[];
        writeRecords(draft, indexName, now, (records) => {
          for (let k = 0; k < run.length; k++) {
            const write = run[k];
            if ('record' in write) records.set(write.record.objectID, write.record);
            else applyPartialTo(records, write.update);
          }
        });
        i = end;
        continue;
      }
      case 'deleteObject': {
        deleteRecords(draft, indexName, now, [operation.objectID]);
        break;
      }
      case 'delete':
        removeIndex(draft, indexName);
        break;
      case 'clear':
        clearRecords(draft, indexName, now);
        break;
    }
    i++;
  }
}

type RecordWrite = Extract<
  BatchOperation,
  { action: 'addObject' | 'updateObject' | 'partialUpdateObject' | 'partialUpdateObjectNoCreate' }
>;

function writesRecord(operation: BatchOperation): operation is RecordWrite {
  return (
    operation.action === 'addObject' ||
    operation.action === 'updateObject' ||
    operation.action === 'partialUpdateObject' ||
    operation.action === 'partialUpdateObjectNoCreate'
  );
}

/** The objectIDs a batch reports, in request order (index-level actions have none). */
function objectIDsOf(operations: readonly BatchOperation[]): string[] {
  const ids: string[] = [];
  for (let i = 0; i < operations.length; i++) {
    const operation = operations[i];
    if (operation.action === 'addObject' || operation.action === 'updateObject') ids.push(operation.record.objectID);
    else if (operation.action === 'deleteObject') ids.push(operation.objectID);
    else if (operation.action === 'partialUpdateObject' || operation.action === 'partialUpdateObjectNoCreate')
      ids.push(operation.update.objectID);
  }
  return ids;
}

const REPLICA_BATCH = 'cannot apply the batch operation on a replica index';

/** POST /1/indexes/{indexName}/batch */
export function batch(ctx: OperationContext) {
  const { core, params } = ctx;
  assertIndexName(params.indexName);
  assertNotReplica(core.state, params.indexName, REPLICA_BATCH);
  const operations = parseAll(core, readRequests(ctx.req.body));
  const taskID = enqueue(core, params.indexName, (draft) =>
    applyBatch(draft, params.indexName, core.now(), operations),
  );
  return { taskID, objectIDs: objectIDsOf(operations) };
}

/** POST /1/indexes/*\/batch — one task per index, applied in the order indices first appear. */
export function multipleBatch(ctx: OperationContext) {
  const { core } = ctx;
  const requests = readRequests(ctx.req.body);
  const indexNames: string[] = [];
  const all = parseAll(core, requests, (request, i) => {
    const indexName = (isObject(request) ? request : requireObject(request, whereOf(i))).indexName;
    if (typeof indexName !== 'string') throw badRequest(`${whereOf(i, '.indexName')} is required and must be a string`);
    assertIndexName(indexName);
    assertIndexAllowed(ctx.auth, indexName);
    assertNotReplica(core.state, indexName, REPLICA_BATCH);
    indexNames.push(indexName);
  });
  const perIndex = new Map<string, BatchOperation[]>();
  all.forEach((operation, i) => {
    const list = perIndex.get(indexNames[i]) ?? [];
    list.push(operation);
    perIndex.set(indexNames[i], list);
  });
  const names = [...perIndex.keys()];
  const ids = enqueueMany(
    core,
    names.map((indexName) => ({
      indexName,
      apply: (draft: Draft<State>) => applyBatch(draft, indexName, core.now(), perIndex.get(indexName)!),
    })),
  );
  return { taskID: Object.fromEntries(names.map((name, i) => [name, ids[i]])), objectIDs: objectIDsOf(all) };
}
