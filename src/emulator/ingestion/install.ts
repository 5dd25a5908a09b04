import type { Core } from '../core';
import { runScheduled } from './run-task';
import { CRON_JOB } from './schedule';

/** Registers the scheduled runs of tasks with a `cron` (planned when the task is saved). */
export function installIngestion(core: Core): void {
  core.onJob(CRON_JOB, (_, job) => runScheduled(core, job));
}
