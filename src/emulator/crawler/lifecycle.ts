import type { Core } from '../core';
import { removeIndex } from '../search/indices/indices';
import { enqueue } from '../tasks';
import type { Draft } from 'immer';
import type { SearchRecord } from '../state';
import type { Crawl, CrawlerRecord } from './state';

/** The job that takes one step of a crawl: `rateLimit` URLs, then the next step a second later. */
export const STEP_JOB = 'crawler.step';
/** Emulator time between two steps: `rateLimit` URLs per second. */
export const STEP_INTERVAL = 1000;

/** The temporary index a reindex fills before it replaces the live one. */
export const temporaryIndex = (live: string) => `${live}.tmp`;

/** Removes the temporary indices of a crawl that will not end (cancelled, deleted, restarted). */
export function dropTemporaries(core: Core, crawl: Crawl): void {
  for (const [live, temp] of crawl.targets) enqueue(core, live, (draft) => removeIndex(draft, temp));
}

/**
 * A crawl with nothing done yet: its run, its task, the crawler's configuration as it stands,
 * where its records go, its first log line.
 */
export function newCrawl(
  crawler: CrawlerRecord,
  runId: string,
  taskId: string,
  now: number,
  targets: ReadonlyMap<string, string>,
  firstLine: string,
  action?: string,
): Crawl {
  return {
    runId,
    taskId,
    startedAt: now,
    config: crawler.config,
    configVersion: crawler.versions[crawler.versions.length - 1]?.version ?? 1,
    step: 0,
    queue: [],
    seen: new Set(),
    outcomes: new Map(),
    targets,
    robots: new Map(),
    recordIds: new Map(),
    log: [`${new Date(now).toISOString()} ${firstLine}`],
    session: {},
    cached: new Map(),
    ...(action === undefined ? {} : { action }),
  };
}

/** Counts the objectIDs a crawl wrote for a live index (the safety check compares them with the live index). */
export function noteRecords(crawl: Draft<Crawl>, liveIndex: string, records: readonly SearchRecord[]): void {
  const ids = new Set(crawl.recordIds.get(liveIndex) ?? []);
  for (const record of records) ids.add(record.objectID);
  crawl.recordIds.set(liveIndex, ids);
}
