import type { Draft } from 'immer';
import type { Core } from './core';
import { badRequest, messages, notFound } from './errors';
import type { State } from './state';

/** Task IDs grow by a seeded step so they look like the real service's, yet replay. */
function nextTaskID(core: Core, draft: Draft<State>): number {
  draft.tasks.lastID += core.random.int(1, 9);
  return draft.tasks.lastID;
}

/**
 * Accepts a write: gives it a task ID and applies `apply` at once, or when the clock
 * reaches now + indexingDelay. `apply` runs against the state of its publication time,
 * so later writes see earlier ones, as on the real service.
 */
export function enqueue(core: Core, indexName: string | null, apply: (draft: Draft<State>) => void): number {
  return enqueueMany(core, [{ indexName, apply }])[0];
}

/** Accepts several writes in one step (a multi-index batch): one task ID each, in order. */
export function enqueueMany(
  core: Core,
  writes: readonly { indexName: string | null; apply: (draft: Draft<State>) => void }[],
): number[] {
  const delay = core.options.indexingDelay;
  const publishAt = core.now() + delay;
  const ids: number[] = [];
  core.commit((draft) => {
    for (const write of writes) {
      const taskID = nextTaskID(core, draft);
      ids.push(taskID);
      if (delay <= 0) write.apply(draft);
      else draft.tasks.pending.push({ taskID, indexName: write.indexName, publishAt, apply: write.apply });
    }
  });
  return ids;
}

/**
 * `published` or `notPublished`, or undefined when the ID was never handed out. Task IDs
 * are unique per application, so the index a caller names does not matter: the client's
 * `replaceAllObjects` waits on a copy task under the destination's name.
 */
function taskStatus(state: State, taskID: number): 'published' | 'notPublished' | undefined {
  if (!Number.isSafeInteger(taskID) || taskID <= 0 || taskID > state.tasks.lastID) return undefined;
  return state.tasks.pending.some((task) => task.taskID === taskID) ? 'notPublished' : 'published';
}

/** A path's `{taskID}`: 400 unless it is an integer. */
export function readTaskID(raw: string): number {
  const taskID = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(taskID)) throw badRequest(`taskID must be an integer, got "${raw}"`);
  return taskID;
}

/** {@link taskStatus}, or 404 for an ID never handed out. */
export function requireTaskStatus(state: State, taskID: number): 'published' | 'notPublished' {
  const status = taskStatus(state, taskID);
  if (!status) throw notFound(messages.taskNotFound);
  return status;
}

/** Pending tasks of one index, for the index list. */
export function pendingCount(state: State, indexName: string): number {
  return state.tasks.pending.reduce((count, task) => count + (task.indexName === indexName ? 1 : 0), 0);
}
