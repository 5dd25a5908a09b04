import type { Draft } from 'immer';
import type { Core } from '../core';
import { cancelJobs, scheduleJob } from '../jobs';
import type { State } from '../state';
import { extractorSources, validateConfig } from './config';
import { crawlerError, invalidRequest } from './errors';
import { loadSandbox, sandboxHost } from '../sandbox/sandbox';
import type { CrawlerConfig } from './state';

/** The job that starts a crawler's scheduled reindex. */
export const SCHEDULE_JOB = 'crawler.schedule';

/**
 * Validates a configuration as the real API does before storing it: its properties, then
 * its extractors compile (400 with the syntax error and where it is), then its schedules read.
 */
export async function checkConfig(core: Core, value: unknown, partial = false): Promise<CrawlerConfig> {
  const config = validateConfig(value, partial);
  const sources = extractorSources(config);
  if (sources.length > 0) {
    const sandbox = await loadSandbox();
    for (const { path, source } of sources) {
      try {
        sandbox.compile(source, sandboxHost(core));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw crawlerError(400, 'invalid_config', `Invalid configuration: \`${path}\` does not compile: ${message}`);
      }
    }
  }
  const schedules = scheduleTexts(config);
  if (schedules.length > 0) {
    const { assertSchedule } = await import('./crawl/schedule');
    for (const { path, text } of schedules) assertSchedule(text, path, core.now());
  }
  return config;
}

function scheduleTexts(config: CrawlerConfig): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  if (typeof config.schedule === 'string') out.push({ path: 'config.schedule', text: config.schedule });
  if (Array.isArray(config.actions)) {
    config.actions.forEach((action: { schedule?: unknown }, i) => {
      if (typeof action?.schedule === 'string')
        out.push({ path: `config.actions[${i}].schedule`, text: action.schedule });
    });
  }
  return out;
}

/** A crawler's name: a string of 1 to 64 characters. */
export function checkName(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) {
    throw invalidRequest(`\`name\` must be a string of 1 to 64 characters, got ${JSON.stringify(value) ?? 'nothing'}`);
  }
  return value;
}

/**
 * Plans a crawler's next scheduled reindex from its configuration's `schedule` (inside a
 * commit, after `nextAt` was computed with the schedule module): any earlier plan is dropped.
 */
export function planSchedule(draft: Draft<State>, crawlerId: string, nextAt: number | undefined): void {
  cancelJobs(draft, (job) => job.kind === SCHEDULE_JOB && job.data.crawlerId === crawlerId);
  if (nextAt !== undefined) scheduleJob(draft, nextAt, SCHEDULE_JOB, { crawlerId });
}

/** When a configuration's schedule next runs after `now` (loads the schedule reader only when there is one). */
export async function nextRunOf(config: CrawlerConfig, now: number): Promise<number | undefined> {
  if (typeof config.schedule !== 'string') return undefined;
  const { nextScheduled } = await import('./crawl/schedule');
  return nextScheduled(config.schedule, now);
}
