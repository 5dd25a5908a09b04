import type { Draft } from 'immer';
import type { Core } from '../core';
import { cancelJobs, scheduleJob, type Job } from '../jobs';
import type { State } from '../state';
import { enqueue } from '../tasks';
import { writeSuggestions } from './build/records';
import { closingLines, computeBuild, type BuildOutcome } from './build/run';
import type { BuildHistory, RunningBuild, SuggestionsConfig } from './state';

/** The job kinds (jobs.ts) of a configuration's daily build, and of the end of a build under way. */
export const DAILY_BUILD_JOB = 'querySuggestions.daily';
export const FINISH_BUILD_JOB = 'querySuggestions.finish';
const BUILD_PERIOD_MS = 86_400_000;

const jobsOf = (indexName: string) => (job: Job) =>
  (job.kind === DAILY_BUILD_JOB || job.kind === FINISH_BUILD_JOB) && job.data.indexName === indexName;

/**
 * Stores a created or updated configuration and starts its build now, in one commit once the
 * build is computed (nothing is written if computing it fails): a build under way is dropped,
 * the next one is due in 24 hours, then every 24 hours.
 */
export function saveAndBuild(core: Core, config: SuggestionsConfig): void {
  const { indexName } = config;
  const outcome = computeBuild(core, config);
  core.commit((draft) => {
    draft.querySuggestions.configs.set(indexName, config as Draft<SuggestionsConfig>);
    cancelJobs(draft, jobsOf(indexName));
    scheduleJob(draft, core.now() + BUILD_PERIOD_MS, DAILY_BUILD_JOB, { indexName });
    begin(draft, indexName, outcome, core.now(), outcome.duration);
  });
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
  const config = core.state.querySuggestions.configs.get(indexName);
  if (!config) return;
  const outcome = computeBuild(core, config);
  let running: RunningBuild | undefined;
  core.commit((draft) => {
    cancelJobs(draft, (job) => job.kind === FINISH_BUILD_JOB && job.data.indexName === indexName);
    running = begin(draft, indexName, outcome, core.now(), 0);
  });
  complete(core, indexName, running!);
}

/**
 * Records a build computed at `now` as under way until `now + duration` (`isRunning` true
 * meanwhile), with its log so far, and schedules its end.
 */
function begin(
  draft: Draft<State>,
  indexName: string,
  outcome: BuildOutcome,
  now: number,
  duration: number,
): RunningBuild {
  const suggestions = draft.querySuggestions;
  const id = ++suggestions.lastBuildID;
  const running: RunningBuild = {
    id,
    startedAt: now,
    finishAt: now + duration,
    ...(outcome.records ? { records: outcome.records } : {}),
  };
  const { running: _dropped, ...before } = suggestions.builds.get(indexName) ?? {};
  suggestions.builds.set(indexName, { ...before, running, log: outcome.log } as Draft<BuildHistory>);
  if (duration > 0) scheduleJob(draft, running.finishAt, FINISH_BUILD_JOB, { indexName, build: id });
  return running;
}

export function dailyBuild(core: Core, indexName: string): void {
  const config = core.state.querySuggestions.configs.get(indexName);
  if (!config) return;
  // A build still under way when the next one is due finishes first (builds take seconds).
  const idle = core.state.querySuggestions.builds.get(indexName)?.running === undefined;
  const outcome = idle ? computeBuild(core, config) : undefined;
  core.commit((draft) => {
    scheduleJob(draft, core.now() + BUILD_PERIOD_MS, DAILY_BUILD_JOB, { indexName });
    if (outcome) begin(draft, indexName, outcome, core.now(), outcome.duration);
  });
}

export function finishBuild(core: Core, indexName: string, id: number): void {
  const running = core.state.querySuggestions.builds.get(indexName)?.running;
  if (running?.id === id) complete(core, indexName, running);
}

/** Ends a build: its records replace the index's (one task), its status and log are updated. */
function complete(core: Core, indexName: string, running: RunningBuild): void {
  const config = core.state.querySuggestions.configs.get(indexName);
  const before = core.state.querySuggestions.builds.get(indexName);
  if (!config || !before) return;
  const { records } = running;
  const now = core.now();
  if (records)
    enqueue(core, indexName, (draft) =>
      writeSuggestions(draft, indexName, records, config.enablePersonalization, core.now()),
    );
  const { running: _ended, ...rest } = before;
  const history: BuildHistory = {
    ...rest,
    log: [...before.log, ...closingLines(records, now - running.startedAt, indexName, now)],
    lastBuiltAt: now,
    ...(records ? { lastSuccessfulBuiltAt: now, lastSuccessfulBuildDuration: now - running.startedAt } : {}),
  };
  core.commit((draft) => void draft.querySuggestions.builds.set(indexName, history as Draft<BuildHistory>));
}
