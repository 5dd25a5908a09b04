import type { Draft } from 'immer';
import type { Core } from '../core';
import { cancelJobs, scheduleJob } from '../jobs';
import { Reply, type OperationContext } from '../route';
import type { State } from '../state';
import { requireBody } from './body';
import { checkConfig } from './check';
import { crawlerError, crawlerMessages, invalidRequest } from './errors';
import { crawlEngine } from './engine';
import { dropTemporaries, STEP_INTERVAL, STEP_JOB } from './lifecycle';
import type { CrawlerRecord } from './state';
import { addTask, crawlerIn, newVersion, requireCrawler } from './store';

const DAY = 86_400_000;
/** Crawl-URLs calls allowed per 24 hours (spec 001; the live API documents 500), and URLs per call. */
const CRAWL_CALLS_PER_DAY = 200;
const URLS_PER_CALL = 50;

/** Schedules the crawl's next step (again): after a run that unpauses it, a second from now. */
function resumeSteps(core: Core, draft: Draft<State>, crawler: Draft<CrawlerRecord>): void {
  const crawl = crawler.crawl;
  cancelJobs(draft, (job) => job.kind === STEP_JOB && job.data.crawlerId === crawler.id);
  if (crawl && !crawler.blocked)
    scheduleJob(draft, core.now() + STEP_INTERVAL, STEP_JOB, {
      crawlerId: crawler.id,
      runId: crawl.runId,
      step: crawl.step,
    });
}

/** POST /api/1/crawlers/{id}/run — unpauses: a paused crawl resumes, the schedules run again. */
export function runCrawler(ctx: OperationContext) {
  const { core, params } = ctx;
  const before = requireCrawler(core, params.id);
  let taskId = '';
  core.commit((draft) => {
    const crawler = crawlerIn(draft, params.id);
    crawler.running = true;
    crawler.paused = false;
    if (!before.running) resumeSteps(core, draft, crawler);
    taskId = addTask(core, draft, params.id);
  });
  return { taskId };
}

/** POST /api/1/crawlers/{id}/pause — the crawl under way stops where it is, the schedules too (until runCrawler). */
export function pauseCrawler(ctx: OperationContext) {
  const { core, params } = ctx;
  requireCrawler(core, params.id);
  let taskId = '';
  core.commit((draft) => {
    const crawler = crawlerIn(draft, params.id);
    crawler.running = false;
    crawler.paused = true;
    taskId = addTask(core, draft, params.id);
  });
  return { taskId };
}

/**
 * POST /api/1/crawlers/{id}/reindex — starts a crawl into temporary indices (restarting one
 * under way); the task stays pending until the crawl ends. A blocked crawler must be unblocked first.
 */
export async function startReindex(ctx: OperationContext) {
  const { core, params } = ctx;
  const crawler = requireCrawler(core, params.id);
  if (crawler.blocked)
    throw invalidRequest(
      `The crawler is blocked by task ${crawler.blocked.taskId}: cancel it first (${crawler.blocked.error})`,
    );
  const { startCrawl } = await crawlEngine(); // before any change: a 501 when its parser is not installed
  if (crawler.crawl) dropTemporaries(core, crawler.crawl);
  let taskId = '';
  core.commit((draft) => {
    const target = crawlerIn(draft, params.id);
    target.crawl = undefined;
    cancelJobs(draft, (job) => job.kind === STEP_JOB && job.data.crawlerId === params.id);
    taskId = addTask(core, draft, params.id);
  });
  await startCrawl(core, params.id, taskId);
  return { taskId };
}

/**
 * POST /api/1/crawlers/{id}/urls/crawl — crawls up to 50 URLs at once (200 calls per 24 hours on
 * the clock); records go to the live indices, or the temporary ones during a reindex. `save`:
 * true adds the URLs to `extraUrls` (unless in `startUrls` or `sitemaps`), false never,
 * unspecified only those the last reindex did not index.
 */
export async function crawlUrls(ctx: OperationContext) {
  const { core, params } = ctx;
  const crawler = requireCrawler(core, params.id);
  const { urls, save } = parseCrawlBody(ctx.req.body);
  const now = core.now();
  const recent = core.state.crawler.crawlCalls.filter((at) => at > now - DAY);
  if (recent.length >= CRAWL_CALLS_PER_DAY)
    throw crawlerError(429, 'too_many_requests', crawlerMessages.tooManyCrawlCalls);
  const saved = urlsToSave(crawler, urls, save);
  const { crawlSpecificUrls } = await crawlEngine();
  let taskId = '';
  core.commit((draft) => {
    draft.crawler.crawlCalls = [...recent, now];
    taskId = addTask(core, draft, params.id);
    if (saved.length === 0) return;
    const target = crawlerIn(draft, params.id);
    const config = {
      ...target.config,
      extraUrls: [...((target.config.extraUrls as string[] | undefined) ?? []), ...saved],
    };
    target.config = config;
    target.versions.push(newVersion(core, target.versions, config));
    target.updatedAt = now;
  });
  await crawlSpecificUrls(core, params.id, taskId, urls);
  return { taskId };
}

function parseCrawlBody(body: unknown): { urls: string[]; save: boolean | undefined } {
  const { urls, save, ...rest } = requireBody(body);
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw invalidRequest(`Unknown property \`${unknown}\`: expected urls, save`);
  if (!Array.isArray(urls) || urls.length === 0 || urls.some((url) => typeof url !== 'string'))
    throw invalidRequest('`urls` is required: an array of 1 to 50 URLs');
  if (urls.length > URLS_PER_CALL)
    throw invalidRequest(`\`urls\` holds ${urls.length} URLs: ${URLS_PER_CALL} at most per call`);
  for (const url of urls as string[])
    if (!isHttpUrl(url)) throw invalidRequest(`\`urls\`: "${url}" is not an http(s) URL`);
  if (save !== undefined && typeof save !== 'boolean')
    throw invalidRequest(`\`save\` must be a boolean, got ${JSON.stringify(save)}`);
  return { urls: [...new Set(urls as string[])], save };
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The URLs a crawl-URLs call adds to `extraUrls` (spec 001, rule 2). */
function urlsToSave(crawler: CrawlerRecord, urls: readonly string[], save: boolean | undefined): string[] {
  if (save === false) return [];
  const list = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);
  const configured = new Set([...list(crawler.config.startUrls), ...list(crawler.config.sitemaps)]);
  const extra = new Set(list(crawler.config.extraUrls));
  return urls.filter(
    (url) => !configured.has(url) && !extra.has(url) && (save === true || !crawler.indexedUrls.has(url)),
  );
}

/** POST /api/1/crawlers/{id}/test — what a crawl would do with one URL, `config` overriding the crawler's for this test only. */
export async function testUrl(ctx: OperationContext) {
  const { core, params } = ctx;
  const crawler = requireCrawler(core, params.id);
  const { url, config: overrides, ...rest } = requireBody(ctx.req.body);
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw invalidRequest(`Unknown property \`${unknown}\`: expected url, config`);
  if (typeof url !== 'string' || url === '') throw invalidRequest('`url` is required: the URL to test');
  if (!isHttpUrl(url)) throw invalidRequest(`\`url\`: "${url}" is not an http(s) URL`);
  const partial = overrides === undefined ? {} : await checkConfig(core, overrides, true);
  const config = await checkConfig(core, { ...crawler.config, ...partial });
  const { testPage } = await crawlEngine();
  return testPage(core, config, url);
}

/**
 * GET /api/1/crawlers/{id}/tasks/{taskID} — `{ pending }`: a reindex is pending until its crawl
 * ends (or is cancelled), a task that blocks the crawler until it is cancelled.
 */
export function getTaskStatus(ctx: OperationContext) {
  const { core, params } = ctx;
  const crawler = requireCrawler(core, params.id);
  const task = core.state.crawler.tasks.get(params.taskID);
  if (!task || task.crawlerId !== params.id) throw crawlerError(404, 'not_found', crawlerMessages.noSuchTask);
  return { pending: crawler.crawl?.taskId === params.taskID || crawler.blocked?.taskId === params.taskID };
}

/** POST /api/1/crawlers/{id}/tasks/{taskID}/cancel — unblocks a crawler blocked by that task; any other task is a 400. */
export function cancelBlockingAction(ctx: OperationContext) {
  const { core, params } = ctx;
  const crawler = requireCrawler(core, params.id);
  if (crawler.blocked?.taskId !== params.taskID) throw crawlerError(400, 'not_blocking', crawlerMessages.notBlocking);
  if (crawler.crawl) dropTemporaries(core, crawler.crawl);
  core.commit((draft) => {
    const target = crawlerIn(draft, params.id);
    // Only a crawl that ran replaces the last crawl's stats (a blocked crawl-URLs call has none).
    if (target.crawl) target.lastOutcomes = target.crawl.outcomes;
    target.crawl = undefined;
    target.blocked = undefined;
    target.reindexing = false;
    cancelJobs(draft, (job) => job.kind === STEP_JOB && job.data.crawlerId === params.id);
  });
  return new Reply(200, {});
}
