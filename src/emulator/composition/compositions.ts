import type { Draft } from 'immer';
import type { Core } from '../core';
import { badRequest } from '../errors';
import type { OperationContext } from '../route';
import type { State } from '../state';
import { enqueue, enqueueMany, readTaskID, requireTaskStatus } from '../tasks';
import { compositionMessages, compositionNotFound } from './errors';
import type { CompositionState, StoredComposition } from './state';
import { readComposition, readObject, readSortingStrategy } from './validate';

const slice = (draft: Draft<State>) => draft.composition as Draft<CompositionState>;

/** The composition a path names, or 404. */
export function requireComposition(core: Core, compositionID: string): StoredComposition {
  const composition = core.state.composition.compositions.get(compositionID);
  if (!composition) throw compositionNotFound();
  return composition;
}

function readPage(raw: string | undefined, name: string, fallback: number | undefined): number | undefined {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw badRequest(`Invalid \`${name}\`: expected a non-negative integer`);
  return Number(raw);
}

/**
 * GET /1/compositions — every composition (in creation order), or a page of `hitsPerPage` (100)
 * when `page` is given.
 */
export function listCompositions(ctx: OperationContext) {
  const all = [...ctx.core.state.composition.compositions.values()];
  const page = readPage(ctx.req.query.page, 'page', undefined);
  const hitsPerPage = Math.max(1, readPage(ctx.req.query.hitsPerPage, 'hitsPerPage', 100)!);
  if (page === undefined) return { items: all, nbPages: 1, page: 0, hitsPerPage: all.length, nbHits: all.length };
  return {
    items: all.slice(page * hitsPerPage, (page + 1) * hitsPerPage),
    nbPages: Math.ceil(all.length / hitsPerPage),
    page,
    hitsPerPage,
    nbHits: all.length,
  };
}

/** GET /1/compositions/{compositionID} */
export function getComposition(ctx: OperationContext) {
  return requireComposition(ctx.core, ctx.params.compositionID);
}

/** PUT /1/compositions/{compositionID} — replaces or creates it, when its task publishes. */
export function putComposition(ctx: OperationContext) {
  const id = ctx.params.compositionID;
  const composition = readComposition(ctx.req.body);
  if (composition.objectID !== id) throw badRequest(compositionMessages.idMismatch('compositionID'));
  const taskID = enqueue(ctx.core, null, (draft) => {
    slice(draft).compositions.set(id, composition as Draft<StoredComposition>);
  });
  return { taskID };
}

/**
 * DELETE /1/compositions/{compositionID} — it and its rules go (nothing to delete is no error: the
 * OpenAPI lists no 404).
 */
export function deleteComposition(ctx: OperationContext) {
  const id = ctx.params.compositionID;
  const taskID = enqueue(ctx.core, null, (draft) => {
    slice(draft).compositions.delete(id);
    slice(draft).rules.delete(id);
  });
  return { taskID };
}

/**
 * POST /1/compositions/{compositionID}/sortingStrategy — sets the labels `sortBy` picks from
 * (the indices are checked when a run uses them, as the OpenAPI says).
 */
export function updateSortingStrategyComposition(ctx: OperationContext) {
  const id = ctx.params.compositionID;
  requireComposition(ctx.core, id);
  const strategy = readSortingStrategy(ctx.req.body, 'body');
  const taskID = enqueue(ctx.core, null, (draft) => {
    const current = slice(draft).compositions.get(id);
    if (current)
      slice(draft).compositions.set(id, { ...current, sortingStrategy: strategy } as Draft<StoredComposition>);
  });
  return { taskID };
}

/**
 * POST /1/compositions/*\/batch — upserts and deletes, all checked before any is applied; one
 * task per composition, keyed by its objectID.
 */
export function multipleBatch(ctx: OperationContext) {
  const body = readObject(ctx.req.body, 'body', ['requests']);
  if (!Array.isArray(body.requests)) throw badRequest('Invalid `requests`: expected an array');
  const writes = body.requests.map((raw, i) => {
    const request = readObject(raw, `requests[${i}]`, ['action', 'body']);
    if (request.action === 'upsert') {
      const composition = readComposition(request.body, `requests[${i}].body`);
      return {
        id: composition.objectID,
        apply: (draft: Draft<State>) =>
          void slice(draft).compositions.set(composition.objectID, composition as Draft<StoredComposition>),
      };
    }
    if (request.action !== 'delete') throw badRequest(`Invalid \`requests[${i}].action\`: expected upsert or delete`);
    const target = readObject(request.body, `requests[${i}].body`, ['objectID']);
    if (typeof target.objectID !== 'string' || target.objectID === '')
      throw badRequest(`Invalid \`requests[${i}].body.objectID\`: expected a non-empty string`);
    const id = target.objectID;
    return {
      id,
      apply: (draft: Draft<State>) => {
        slice(draft).compositions.delete(id);
        slice(draft).rules.delete(id);
      },
    };
  });
  const ids = enqueueMany(
    ctx.core,
    writes.map(({ apply }) => ({ indexName: null, apply })),
  );
  return { taskID: Object.fromEntries(writes.map((write, i) => [write.id, ids[i]])) };
}

/**
 * GET /1/compositions/{compositionID}/task/{taskID} — `published` or `notPublished` (task IDs are
 * the application's).
 */
export function getTask(ctx: OperationContext) {
  return { status: requireTaskStatus(ctx.core.state, readTaskID(ctx.params.taskID)) };
}
