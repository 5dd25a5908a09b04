import type { Draft } from 'immer';
import type { Core } from '../core';
import { cancelJobs, scheduleJob, type Job } from '../jobs';
import type { State } from '../state';
import { enqueue } from '../tasks';
import { writeSuggestions } from './build/records';
import { closingLines, computeBuild } from './build/run';
import type { BuildHistory, QuerySuggestionsState, RunningBuild } from './state';

/** The daily build of a configuration, and the end of a build under way. */
const DAILY = 'querySuggestions.daily';
const FINISH = 'querySuggestions.finish';
export const BUILD_PERIOD_MS = 86_400_000;

type SuggestionsDraft = Draft<QuerySuggestionsState>;

/** Registers the build jobs' runners (the clock runs them at their instant). */
export function installQuerySuggestions(core: Core): void {
  core.onJob(DAILY, (_, job) => dailyBuild(core, job.data.indexName as string));
  core.onJob(FINISH, (_, job) => finishBuild(core, job.data.indexName as string, job.data.build as number));
}

const jobsOf = (indexName: string) => (job: Job) => (job.kind === DAILY || job.kind === FINISH) && job.data.indexName === indexName;

/**
 * A configuration was created or updated: any build under way is dropped, a build starts now
 * and the next one is due in 24 hours, then every 24 hours.
 */
export function scheduleBuilds(core: Core, indexName: string): void {
  core.commit((draft) => {
    cancelJobs(draft, jobsOf(indexName));
    dropRunning(draft.querySuggestions, indexName);
    scheduleJob(draft, core.now() + BUILD_PERIOD_MS, DAILY, { indexName });
  });
  startBuild(core, indexName);
}

/** A configuration was deleted: no more builds; the suggestions index stays as it is. */
export function unscheduleBuilds(draft: Draft<State>, indexName: string): void {
  cancelJobs(draft, jobsOf(indexName));
  draft.querySuggestions.builds.delete(indexName);
}

/**
 * Builds now, start to end at the current instant (the documented direct call
 * `buildQuerySuggestions`): a build under way is dropped; the daily schedule is unchanged.
 */
export function buildNow(core: Core, indexName: string): void {
  core.commit((draft) => {
    cancelJobs(draft, (job) => job.kind === FINISH && job.data.indexName === indexName);
    dropRunning(draft.querySuggestions, indexName);
  });
  const running = startBuild(core, indexName, 0);
  if (running) complete(core, indexName, running);
}

/**
 * Computes the build at the current instant and keeps its outcome until it ends, `duration`
 * later on the clock (default: as long as the build takes); `isRunning` is true meanwhile.
 */
function startBuild(core: Core, indexName: string, duration?: number): RunningBuild | undefined {
  const config = core.state.querySuggestions.configs.get(indexName);
  if (!config) return undefined;
  const outcome = computeBuild(core, config);
  const startedAt = core.now();
  const finishAt = startedAt + (duration ?? outcome.duration);
  const id = core.state.querySuggestions.lastBuildID + 1;
  const running: RunningBuild = { id, startedAt, finishAt, ...(outcome.records ? { records: outcome.records } : {}) };
  const before = core.state.querySuggestions.builds.get(indexName);
  const history: BuildHistory = { ...(before ? settled(before) : {}), running, log: outcome.log };
  core.commit((draft) => {
    draft.querySuggestions.lastBuildID = id;
    draft.querySuggestions.builds.set(indexName, history as Draft<BuildHistory>);
    if (finishAt > startedAt) scheduleJob(draft, finishAt, FINISH, { indexName, build: id });
  });
  return running;
}

function dailyBuild(core: Core, indexName: string): void {
  if (!core.state.querySuggestions.configs.has(indexName)) return;
  core.commit((draft) => void scheduleJob(draft, core.now() + BUILD_PERIOD_MS, DAILY, { indexName }));
  // A build still under way when the next one is due finishes first (builds take seconds).
  if (core.state.querySuggestions.builds.get(indexName)?.running === undefined) startBuild(core, indexName);
}

function finishBuild(core: Core, indexName: string, id: number): void {
  const running = core.state.querySuggestions.builds.get(indexName)?.running;
  if (running?.id === id) complete(core, indexName, running);
}

/** Ends a build: its records replace the index's (one task), its status and log are updated. */
function complete(core: Core, indexName: string, running: RunningBuild): void {
  const config = core.state.querySuggestions.configs.get(indexName);
  if (!config) return;
  const { records } = running;
  const now = core.now();
  if (records) enqueue(core, indexName, (draft) => writeSuggestions(draft, indexName, records, config.enablePersonalization, core.now()));
  const before = core.state.querySuggestions.builds.get(indexName) ?? { log: [] };
  const history: BuildHistory = {
    ...settled(before),
    log: [...before.log, ...closingLines(records, now - running.startedAt, indexName, now)],
    lastBuiltAt: now,
    ...(records ? { lastSuccessfulBuiltAt: now, lastSuccessfulBuildDuration: now - running.startedAt } : {}),
  };
  core.commit((draft) => void draft.querySuggestions.builds.set(indexName, history as Draft<BuildHistory>));
}

/** A history without its build under way. */
function settled(history: BuildHistory): BuildHistory {
  const { running: _running, ...rest } = history;
  return rest;
}

function dropRunning(suggestions: SuggestionsDraft, indexName: string): void {
  const history = suggestions.builds.get(indexName);
  if (history?.running) delete history.running;
}
