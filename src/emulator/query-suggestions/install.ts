import type { Core } from '../core';
import { DAILY_BUILD_JOB, dailyBuild, FINISH_BUILD_JOB, finishBuild } from './builds';

/** Registers the build jobs' runners (the clock runs them at their instant). */
export function installQuerySuggestions(core: Core): void {
  core.onJob(DAILY_BUILD_JOB, (_, job) => dailyBuild(core, job.data.indexName as string));
  core.onJob(FINISH_BUILD_JOB, (_, job) => finishBuild(core, job.data.indexName as string, job.data.build as number));
}
