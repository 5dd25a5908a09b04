import type { Draft } from 'immer';
import type { Core } from '../core';
import type { State } from '../state';
import { crawlerError, crawlerMessages, invalidRequest } from './errors';
import { uuid } from './ids';
import { crawlerOptions } from './options';
import type { ConfigVersion, CrawlerConfig, CrawlerRecord } from './state';

/** The crawler, or the 403 the real API gives for a crawler that does not exist. */
export function requireCrawler(core: Core, id: string): CrawlerRecord {
  const crawler = core.state.crawler.crawlers.get(id);
  if (!crawler) throw crawlerError(403, 'forbidden', crawlerMessages.noSuchCrawler);
  return crawler;
}

/** The draft of a crawler known to exist. */
export const crawlerIn = (draft: Draft<State>, id: string) => draft.crawler.crawlers.get(id) as Draft<CrawlerRecord>;

/** Records a task for an action on a crawler (inside a commit); returns its ID. */
export function addTask(core: Core, draft: Draft<State>, crawlerId: string): string {
  const taskId = uuid(core);
  draft.crawler.tasks.set(taskId, { crawlerId });
  return taskId;
}

/** A time of the clock as the API writes it (`null` stays `null`). */
export function iso(ms: number): string;
export function iso(ms: number | null): string | null;
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** The next configuration version, written now by the crawler user. */
export function newVersion(core: Core, versions: readonly ConfigVersion[], config: CrawlerConfig): ConfigVersion {
  return {
    version: (versions[versions.length - 1]?.version ?? 0) + 1,
    config,
    createdAt: core.now(),
    authorId: crawlerOptions(core).userId,
  };
}

/** A crawler as the API shows it (`config` only when asked for). */
export function renderCrawler(crawler: CrawlerRecord, withConfig: boolean): Record<string, unknown> {
  return {
    id: crawler.id,
    name: crawler.name,
    createdAt: iso(crawler.createdAt),
    updatedAt: iso(crawler.updatedAt),
    running: crawler.running,
    reindexing: crawler.reindexing,
    blocked: crawler.blocked !== undefined,
    ...(crawler.blocked ? { blockingTaskId: crawler.blocked.taskId, blockingError: crawler.blocked.error } : {}),
    lastReindexStartedAt: iso(crawler.lastReindexStartedAt),
    // The live API's spelling of the same field.
    lastReindexStartAt: iso(crawler.lastReindexStartedAt),
    lastReindexEndedAt: iso(crawler.lastReindexEndedAt),
    ...(withConfig ? { config: crawler.config } : {}),
  };
}

/** An integer from the query string (a page, a limit, ...) within bounds, or a 400 naming it. */
export function integerParam(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw invalidRequest(`\`${name}\` must be an integer from ${min} to ${max}, got "${value}"`);
  return number;
}

/** `{ items, itemsPerPage, page, total }`, pages counted from 1. */
export function paginate<T>(
  all: readonly T[],
  query: Readonly<Record<string, string>>,
): { items: T[]; itemsPerPage: number; page: number; total: number } {
  const itemsPerPage = integerParam(query.itemsPerPage, 'itemsPerPage', 20, 1, 100);
  const page = integerParam(query.page, 'page', 1, 1, 100);
  return { items: all.slice((page - 1) * itemsPerPage, page * itemsPerPage), itemsPerPage, page, total: all.length };
}
