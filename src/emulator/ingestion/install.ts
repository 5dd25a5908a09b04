import type { Core } from '../core';
import { lazy } from './routes';
import { CRON_JOB } from './schedule';

/** A scheduled run, by the operations the routes load (once loaded, the run starts as the job does). */
const runScheduled = lazy('runScheduled');

/** Registers the scheduled runs of tasks with a `cron` (planned when the task is saved). */
export function installIngestion(core: Core): void {
  core.onJob(CRON_JOB, (_, job) => runScheduled(core, job));
}
