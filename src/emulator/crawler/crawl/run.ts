import type { Draft } from 'immer';
import type { Core } from '../../core';
import { scheduleJob, type Job } from '../../jobs';
import { copyScopes, moveIndex, removeIndex } from '../../search/indices/indices';
import { newCrawl, noteRecords, STEP_INTERVAL, STEP_JOB, temporaryIndex } from '../lifecycle';
import { parseSettingsBody } from '../../search/settings/parse';
import { ensureIndex, writeRecords } from '../../search/store';
import type { SearchRecord, State } from '../../state';
import { enqueue } from '../../tasks';
import { uuid } from '../ids';
import { crawlerIn } from '../store';
import { outcome, readableReason } from '../outcomes';
import type { CachedPage, Crawl, CrawlerRecord, QueuedUrl, UrlOutcome } from '../state';
import { accessProblem } from './access';
import { configWarnings } from '../warnings';
import { pageContext, robotsOf } from './context';
import { logIn } from './login';
import { externalDataKey, processPage, type PageResult } from './page';
import { readSitemap, type SitemapResult } from './sitemaps';
import { forAction, initialSettingsFor, readSettings, type CrawlSettings } from './settings';
import { crawlUrl, pathDepth } from './urls';

type CrawlDraft = Draft<Crawl>;

/**
 * Starts a reindex: checks the application and key, logs in (`login`), prepares a temporary
 * index per action index (settings, synonyms and rules of the live one, or
 * `initialIndexSettings` for an index that does not exist yet), queues the start URLs, extra
 * URLs and sitemaps, and schedules the first step. A crawl that cannot start blocks the
 * crawler on `taskId`. `action`: the crawl an action-level schedule starts, for that action's
 * pages and index only.
 */
export async function startCrawl(core: Core, crawlerId: string, taskId: string, action?: string): Promise<void> {
  const crawler = core.state.crawler.crawlers.get(crawlerId);
  if (!crawler) return;
  const settings = forAction(readSettings(crawler.config), action);
  const live = [...new Set(settings.actions.map((item) => item.indexName))];
  const fresh = live.filter((name) => !core.state.indices.has(name));
  const applySettings = fresh.some((name) => initialSettingsFor(settings, name) !== undefined);
  let problem =
    (await accessProblem(core, settings, [...live, ...live.map(temporaryIndex)], applySettings)) ??
    externalDataProblem(core, settings);
  const session = problem === undefined ? await logIn(core, settings) : { headers: {} };
  if ('error' in session) problem = `Error: ${session.error}`;
  const now = core.now();
  const runId = uuid(core);
  const targets = new Map(live.map((name) => [name, temporaryIndex(name)]));
  const first =
    action === undefined
      ? `Crawl started (run ${runId})`
      : `Crawl of action "${action}" started (run ${runId}, its schedule)`;
  const stamp = new Date(now).toISOString();
  const warnings = configWarnings(crawler.config).map((warning) => `${stamp} Warning: ${warning}`);
  const begun = newCrawl(crawler, runId, taskId, now, targets, first, action);
  const crawl: Crawl = {
    ...begun,
    log: [...begun.log, ...warnings],
    session: 'headers' in session ? session.headers : {},
  };
  const current = core.state.crawler.crawlers.get(crawlerId);
  if (!current || current.crawl) return; // deleted or restarted while the key was checked
  if (problem !== undefined) {
    const error = problem;
    core.commit((draft) => {
      const target = crawlerIn(draft, crawlerId);
      target.crawl = { ...crawl, log: [...crawl.log, `${stamp} ${error}`] } as CrawlDraft;
      block(core, draft, target, error, now);
    });
    return;
  }
  for (const name of live) {
    enqueue(core, name, (draft) => {
      const temp = temporaryIndex(name);
      removeIndex(draft, temp);
      if (draft.indices.has(name)) copyScopes(draft, name, temp, ['settings', 'synonyms', 'rules'], core.now());
      else {
        const index = ensureIndex(draft, temp, core.now());
        const initial = initialSettingsFor(settings, name);
        if (initial)
          for (const [key, value] of Object.entries(parseSettingsBody(initial).values))
            if (key !== 'replicas' && value !== null) index.settings[key] = value;
      }
    });
  }
  core.commit((draft) => {
    const target = crawlerIn(draft, crawlerId);
    const seeded = crawl as CrawlDraft;
    for (const url of settings.startUrls) addUrl(seeded, settings, url, 'start', 'page', stamp);
    for (const url of settings.extraUrls) addUrl(seeded, settings, url, 'extra', 'page', stamp);
    for (const url of settings.sitemaps) addUrl(seeded, settings, url, 'start', 'sitemap', stamp);
    target.crawl = seeded;
    target.reindexing = true;
    target.running = true;
    target.paused = false;
    target.lastReindexStartedAt = now;
    scheduleJob(draft, now + STEP_INTERVAL, STEP_JOB, { crawlerId, runId, step: 0 });
  });
}

/** An external data source the configuration names but the emulator was not given. */
function externalDataProblem(core: Core, settings: CrawlSettings): string | undefined {
  const sources = core.options.crawler?.externalData ?? {};
  const missing = settings.externalData.find((id) => !Object.hasOwn(sources, id));
  return missing === undefined
    ? undefined
    : `Error: Failed to fetch external data for source '${missing}': 404 (declare it with the crawlerExternalData option)`;
}

/**
 * Adds a URL to the crawl when it is new: excluded URLs are recorded as such, URLs no action
 * or discovery pattern covers are dropped (the real crawler never adds them to its URL
 * database), links deeper than `maxDepth` too, and nothing past `maxUrls`.
 */
function addUrl(
  crawl: CrawlDraft,
  settings: CrawlSettings,
  href: string,
  from: QueuedUrl['from'],
  kind: QueuedUrl['kind'],
  stamp: string,
): void {
  const url = crawlUrl(href, undefined, settings, from === 'link');
  if (url === undefined || crawl.seen.has(url)) return;
  if (settings.maxUrls !== undefined && crawl.seen.size >= settings.maxUrls) return;
  crawl.seen.add(url);
  if (kind === 'sitemap') {
    crawl.queue.push({ url, kind, from });
    return;
  }
  const pattern = settings.exclusionOf(url);
  if (pattern !== undefined) {
    const excluded = outcome('excluded', 0, `matches exclusionPatterns "${pattern}"`);
    crawl.outcomes.set(url, excluded);
    crawl.log.push(logLine(stamp, url, excluded));
    return;
  }
  if (from === 'link' || from === 'sitemap') {
    if (!settings.inScope(url)) return;
    if (from === 'link' && settings.maxDepth !== undefined && pathDepth(url) > settings.maxDepth) return;
  }
  crawl.queue.push({ url, kind, from });
}

type StepResult = { item: QueuedUrl; page?: PageResult; sitemap?: SitemapResult };

/**
 * One step of a crawl (the `crawler.step` job): processes the next `rateLimit` URLs of the
 * queue with the configuration the crawl started with, at the step's instant, then applies what they gave in queue order (outcomes, new
 * URLs, records as real tasks on the temporary indices) and schedules the next step, or ends
 * the crawl. A step overtaken while its pages were fetched (pause, restart, deletion,
 * restore) changes nothing.
 */
export async function runStep(core: Core, job: Job): Promise<void> {
  const { crawlerId, runId, step } = job.data as { crawlerId: string; runId: string; step: number };
  const stillOurs = () => {
    const crawler = core.state.crawler.crawlers.get(crawlerId);
    const crawl = crawler?.crawl;
    return crawler && crawl && crawl.runId === runId && crawl.step === step && crawler.running && !crawler.blocked
      ? { crawler, crawl }
      : undefined;
  };
  const start = stillOurs();
  if (!start) return;
  const settings = forAction(readSettings(start.crawl.config), start.crawl.action);
  const batch = start.crawl.queue.slice(0, settings.rateLimit);
  // Conditional requests only when the configuration is the one the last reindex ran with.
  const sameConfig = start.crawler.cacheConfig === JSON.stringify(start.crawl.config);
  const ctx = await pageContext(core, settings, {
    robots: start.crawl.robots,
    session: start.crawl.session,
    ...(sameConfig ? { cache: start.crawler.cache } : {}),
  });
  const results: StepResult[] = await Promise.all(
    batch.map(async (item) =>
      item.kind === 'sitemap'
        ? { item, sitemap: await readSitemap(ctx, item.url) }
        : { item, page: await processPage(ctx, item.url) },
    ),
  );
  const robots = await robotsOf(ctx);
  if (!stillOurs()) return;
  const at = job.at;
  const stamp = new Date(at).toISOString();
  const written = new Map<string, SearchRecord[]>();
  core.commit((draft) => {
    const crawler = crawlerIn(draft, crawlerId);
    const crawl = crawler.crawl!;
    crawl.queue.splice(0, batch.length);
    for (const [origin, text] of robots) crawl.robots.set(origin, text);
    for (const { item, page, sitemap } of results) {
      if (sitemap) {
        crawl.log.push(
          `${stamp} Sitemap ${sitemap.url}: ${sitemap.error ?? `${sitemap.pages.length} URLs, ${sitemap.sitemaps.length} sitemaps`}`,
        );
        for (const url of sitemap.sitemaps) addUrl(crawl, settings, url, 'sitemap', 'sitemap', stamp);
        for (const url of sitemap.pages) addUrl(crawl, settings, url, 'sitemap', 'page', stamp);
        continue;
      }
      if (!page) continue;
      crawl.outcomes.set(item.url, page.outcome);
      crawl.log.push(logLine(stamp, item.url, page.outcome));
      for (const link of page.links) addUrl(crawl, settings, link, 'link', 'page', stamp);
      const extracted = page.reused
        ? reusedRecords(core, page.reused)
        : page.extracted.map(({ action, records }) => ({ indexName: action.indexName, records }));
      for (const { indexName, records } of extracted) {
        const target = crawl.targets.get(indexName);
        if (target === undefined) continue; // an index the crawl no longer fills
        written.set(target, [...(written.get(target) ?? []), ...records]);
        noteRecords(crawl, indexName, records);
      }
      const cached = cacheEntry(page, extracted, externalDataKey(ctx, item.url));
      if (cached) crawl.cached.set(item.url, cached as Draft<CachedPage>);
    }
    crawl.step = step + 1;
  });
  for (const [target, records] of written) writeTo(core, target, records);
  const crawl = core.state.crawler.crawlers.get(crawlerId)!.crawl!;
  const failed = [...crawl.outcomes.values()].filter((o) => o.status === 'FAILED').length;
  if (settings.maxFailedUrls !== undefined && failed > settings.maxFailedUrls) {
    const message = `Error: ${failed} URLs failed, more than safetyChecks.beforeIndexPublishing.maxFailedUrls (${settings.maxFailedUrls})`;
    core.commit((draft) => block(core, draft, crawlerIn(draft, crawlerId), message, at));
    return;
  }
  if (crawl.queue.length > 0) {
    core.commit((draft) => void scheduleJob(draft, at + STEP_INTERVAL, STEP_JOB, { crawlerId, runId, step: step + 1 }));
    return;
  }
  finishCrawl(core, crawlerId, settings, at);
}

/** The records of the live indices a page gave at the last reindex, by live index (a 304 keeps them). */
function reusedRecords(core: Core, page: CachedPage): { indexName: string; records: SearchRecord[] }[] {
  return Object.entries(page.records).map(([indexName, ids]) => {
    const live = core.state.indices.get(indexName)?.records;
    const records = ids.map((id) => live?.get(id)).filter((record): record is SearchRecord => record !== undefined);
    return { indexName, records };
  });
}

/** What the next reindex may request conditionally about a page: a page the site validated (ETag, Last-Modified). */
function cacheEntry(
  page: PageResult,
  extracted: readonly { indexName: string; records: readonly SearchRecord[] }[],
  data: string,
): CachedPage | undefined {
  const validators = page.reused ?? page.validators;
  if (!validators || (validators.etag === undefined && validators.lastModified === undefined)) return undefined;
  if (page.outcome.status !== 'DONE' && !page.reused) return undefined;
  const records: Record<string, string[]> = {};
  for (const { indexName, records: list } of extracted)
    records[indexName] = [...(records[indexName] ?? []), ...list.map((record) => record.objectID)];
  return {
    ...(validators.etag === undefined ? {} : { etag: validators.etag }),
    ...(validators.lastModified === undefined ? {} : { lastModified: validators.lastModified }),
    links: [...page.links],
    records,
    data,
  };
}

function logLine(stamp: string, url: string, result: UrlOutcome): string {
  const detail = result.error === undefined ? '' : ` - ${result.error}`;
  return `${stamp} ${result.status} ${url} [${result.category}] ${readableReason(result.reason)}${result.records ? ` (${result.records} records)` : ''}${detail}`;
}

/** Writes records to an index as one real task (added or replaced by objectID). */
export function writeTo(core: Core, indexName: string, records: readonly SearchRecord[]): void {
  if (records.length === 0) return;
  enqueue(core, indexName, (draft) =>
    writeRecords(draft, indexName, core.now(), (map) => {
      for (const record of records) map.set(record.objectID, record);
    }),
  );
}

/**
 * Ends a crawl: the safety check compares the records of each temporary index with the live
 * one (`maxLostRecordsPercentage`, default 10); when it passes, each temporary index replaces
 * its live index (a move, as a real task), otherwise the crawler blocks and the live indices
 * stay as they were.
 */
function finishCrawl(core: Core, crawlerId: string, settings: CrawlSettings, at: number): void {
  const crawl = core.state.crawler.crawlers.get(crawlerId)!.crawl!;
  for (const live of crawl.targets.keys()) {
    const before = core.state.indices.get(live)?.records.size ?? 0;
    const after = crawl.recordIds.get(live)?.size ?? 0;
    if (before > 0 && after < before * (1 - settings.maxLostRecordsPercentage / 100)) {
      const message =
        `SafeReindexingError: index "${live}" would go from ${before} to ${after} records, ` +
        `more than safetyChecks.beforeIndexPublishing.maxLostRecordsPercentage (${settings.maxLostRecordsPercentage}%) lost`;
      core.commit((draft) => block(core, draft, crawlerIn(draft, crawlerId), message, at));
      return;
    }
  }
  for (const [live, temp] of crawl.targets) enqueue(core, live, (draft) => moveIndex(draft, temp, live, core.now()));
  core.commit((draft) => {
    const crawler = crawlerIn(draft, crawlerId);
    const ended = crawler.crawl!;
    ended.log.push(`${new Date(at).toISOString()} Crawl done: the temporary indices replaced the live ones`);
    recordRun(core, draft, crawler, ended as Crawl, at, 'DONE');
    // A full reindex's pages are the cache of the next one; an action's crawl refreshes its own pages.
    crawler.cache = ended.action === undefined ? ended.cached : new Map([...crawler.cache, ...ended.cached]);
    crawler.cacheConfig = JSON.stringify(ended.config);
    crawler.lastOutcomes = ended.outcomes;
    crawler.indexedUrls = new Set([...ended.outcomes].filter(([, o]) => o.records > 0).map(([url]) => url));
    crawler.crawl = undefined;
    crawler.reindexing = false;
    crawler.lastReindexEndedAt = at;
  });
}

/** Blocks a crawler on its crawl's task: the error goes to its logs; cancelling the task unblocks it. */
export function block(core: Core, draft: Draft<State>, crawler: Draft<CrawlerRecord>, error: string, at: number): void {
  const crawl = crawler.crawl!;
  crawl.log.push(`${new Date(at).toISOString()} Crawler blocked: ${error}`);
  crawler.blocked = { taskId: crawl.taskId, error };
  crawler.reindexing = false;
  recordRun(core, draft, crawler, crawl as Crawl, at, 'FAILED');
}

/** Keeps a finished run in the crawl runs list, its log as the run's file. */
function recordRun(
  core: Core,
  draft: Draft<State>,
  crawler: Draft<CrawlerRecord>,
  crawl: Crawl,
  at: number,
  status: 'DONE' | 'FAILED',
): void {
  const outcomes = [...crawl.outcomes.values()];
  const count = (wanted: string) => outcomes.filter((o) => o.status === wanted).length;
  const id = uuid(core);
  draft.crawler.runs.set(id, {
    id,
    crawlerId: crawler.id,
    reindexId: crawl.runId,
    configVersion: crawl.configVersion,
    startedAt: crawl.startedAt,
    completedAt: at,
    status,
    urlsDone: count('DONE'),
    urlsSkipped: count('SKIPPED'),
    urlsFailed: count('FAILED'),
    file: crawl.log.join('\n'),
    accessCount: 0,
    lastAccessedAt: null,
  });
}
