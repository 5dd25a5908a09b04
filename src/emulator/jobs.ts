import type { Draft } from 'immer';
import type { Core } from './core';
import type { State } from './state';

/**
 * Work the emulator does on its own at an instant of its clock: a crawl step, a model's
 * daily training, a suggestions build. Jobs live in the state tree, so `snapshot()` and
 * `restore()` carry them; the service that owns a kind registers its runner with
 * `core.onJob(kind, runner)`. The clock stops at each job's instant on its way forward, so a
 * runner reads `core.now()` as the job's own time.
 */
export interface Job {
  readonly id: number;
  /** Epoch milliseconds at which the job runs. */
  readonly at: number;
  readonly kind: string;
  /** Plain data the runner needs (a crawler ID, a configuration's index name). */
  readonly data: Readonly<Record<string, unknown>>;
}

export interface JobsState {
  /** The last job ID handed out: IDs count up from 1, in scheduling order. */
  readonly lastID: number;
  /** Sorted by `at`, then by ID. */
  readonly queue: readonly Job[];
}

/**
 * Runs one job; it changes state with `core.commit` and may schedule the next occurrence. A
 * runner that waits on something outside the emulator (a crawl fetching pages) returns its
 * promise: the core tracks it, so `emulator.advance()` waits for it before moving the clock on.
 */
export type JobRunner = (core: Core, job: Job) => unknown;

export const initialJobsState = (): JobsState => ({ lastID: 0, queue: [] });

/** Schedules a job (inside a commit); returns its ID. */
export function scheduleJob(draft: Draft<State>, at: number, kind: string, data: Record<string, unknown> = {}): number {
  const id = ++draft.jobs.lastID;
  const queue = draft.jobs.queue as Job[];
  let i = queue.length;
  while (i > 0 && queue[i - 1].at > at) i--;
  queue.splice(i, 0, { id, at, kind, data });
  return id;
}

/** Removes the scheduled jobs `match` picks (a crawler deleted, a configuration removed). */
export function cancelJobs(draft: Draft<State>, match: (job: Job) => boolean): void {
  if (draft.jobs.queue.some((job) => match(job as Job)))
    draft.jobs.queue = draft.jobs.queue.filter((job) => !match(job as Job));
}

/** The first job strictly after `from`, when it is before `to`: a stop of the clock. */
export function nextJobBetween(state: State, from: number, to: number): number | undefined {
  for (const job of state.jobs.queue) {
    if (job.at <= from) continue;
    return job.at < to ? job.at : undefined;
  }
  return undefined;
}
