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

/** A scheduled crawl: the crawler's (`schedule`), or one action's (its own `schedule`, by its `name`). */
export interface SchedulePlan {
  readonly action?: string;
  readonly at: number;
}

/**
 * Plans a crawler's next scheduled crawls (inside a commit, after `schedulePlans` computed
 * them with the schedule module): any earlier plan is dropped.
 */
export function planSchedules(draft: Draft<State>, crawlerId: string, plans: readonly SchedulePlan[]): void {
  cancelJobs(draft, (job) => job.kind === SCHEDULE_JOB && job.data.crawlerId === crawlerId);
  for (const { action, at } of plans)
    scheduleJob(draft, at, SCHEDULE_JOB, { crawlerId, ...(action === undefined ? {} : { action }) });
}

/** The schedule text of the crawler (`action` undefined) or of one of its actions. */
export function scheduleTextOf(config: CrawlerConfig, action?: string): string | undefined {
  if (action === undefined) return typeof config.schedule === 'string' ? config.schedule : undefined;
  const found = (
    Array.isArray(config.actions) ? (config.actions as { name?: unknown; schedule?: unknown }[]) : []
  ).find((item) => item?.name === action);
  return typeof found?.schedule === 'string' ? found.schedule : undefined;
}

/** When each of a configuration's schedules next runs after `now` (loads the schedule reader only when there is one). */
export async function schedulePlans(
  config: CrawlerConfig,
  now: number,
  only?: { action?: string },
): Promise<SchedulePlan[]> {
  const owners: (string | undefined)[] = only
    ? [only.action]
    : [
        undefined,
        ...(Array.isArray(config.actions) ? (config.actions as { name?: unknown }[]) : [])
          .map((item) => item?.name)
          .filter((name): name is string => typeof name === 'string'),
      ];
  const texts = owners
    .map((action) => ({ action, text: scheduleTextOf(config, action) }))
    .filter((item): item is { action: string | undefined; text: string } => item.text !== undefined);
  if (texts.length === 0) return [];
  const { nextScheduled } = await import('./crawl/schedule');
  const plans: SchedulePlan[] = [];
  for (const { action, text } of texts) {
    const at = nextScheduled(text, now);
    if (at !== undefined) plans.push({ ...(action === undefined ? {} : { action }), at });
  }
  return plans;
}
