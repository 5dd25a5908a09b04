import { cancelJobs } from '../jobs';
import type { OperationContext } from '../route';
import { requireBody } from './body';
import { withGeneratedKey } from './api-key';
import { checkConfig, checkName, planSchedules, schedulePlans } from './check';
import { invalidRequest } from './errors';
import { uuid } from './ids';
import { dropTemporaries } from './lifecycle';
import type { CrawlerRecord } from './state';
import { addTask, crawlerIn, newVersion, paginate, renderCrawler, requireCrawler } from './store';
import { warningsField } from './warnings';

/**
 * POST /api/1/crawlers — a crawler with its configuration (version 1); `{ id }`, and
 * `warnings` naming what the configuration asks that the emulator does not do. A
 * configuration without `apiKey` gets a generated key (api-key.ts). Its schedules run from
 * now on: a new crawler is not paused.
 */
export async function createCrawler(ctx: OperationContext) {
  const { core } = ctx;
  const body = requireBody(ctx.req.body);
  for (const key of Object.keys(body))
    if (key !== 'name' && key !== 'config') throw invalidRequest(`Unknown property \`${key}\`: expected name, config`);
  const name = checkName(body.name);
  if (body.config === undefined) throw invalidRequest('`config` is required');
  const checked = await checkConfig(core, body.config);
  const plans = await schedulePlans(checked, core.now());
  const id = uuid(core);
  const now = core.now();
  const { config, key } = withGeneratedKey(core, checked, name);
  core.commit((draft) => {
    if (key) draft.security.keys.set(key.value, key as never);
    const crawler: CrawlerRecord = {
      id,
      name,
      createdAt: now,
      updatedAt: now,
      config,
      running: false,
      reindexing: false,
      lastReindexStartedAt: null,
      lastReindexEndedAt: null,
      versions: [newVersion(core, [], config)],
      lastOutcomes: new Map(),
      indexedUrls: new Set(),
      paused: false,
      cache: new Map(),
      cacheConfig: null,
    };
    draft.crawler.crawlers.set(id, crawler as never);
    planSchedules(draft, id, plans);
  });
  return { id, ...warningsField(config) };
}

/** GET /api/1/crawlers — pages of `{ id, name }`, filtered by `name` (contains, any case) and `appId` (or `appID`). */
export function listCrawlers(ctx: OperationContext) {
  const { query } = ctx.req;
  const name = query.name?.toLowerCase();
  const appId = query.appId ?? query.appID;
  const matching = [...ctx.core.state.crawler.crawlers.values()].filter(
    (crawler) =>
      (name === undefined || crawler.name.toLowerCase().includes(name)) &&
      (appId === undefined || crawler.config.appId === appId),
  );
  const page = paginate(matching, query);
  return { ...page, items: page.items.map((crawler) => ({ id: crawler.id, name: crawler.name })) };
}

/** GET /api/1/crawlers/{id} — the crawler's state; its configuration with `withConfig=true`. */
export function getCrawler(ctx: OperationContext) {
  const crawler = requireCrawler(ctx.core, ctx.params.id);
  const withConfig = ctx.req.query.withConfig;
  if (withConfig !== undefined && withConfig !== 'true' && withConfig !== 'false')
    throw invalidRequest(`\`withConfig\` must be true or false, got "${withConfig}"`);
  return renderCrawler(crawler, withConfig === 'true');
}

/**
 * PATCH /api/1/crawlers/{id} — renames the crawler and/or replaces its whole configuration
 * (not versioned, as the live API documents; one without `apiKey` gets a generated key);
 * `{ taskId }`, and `warnings` for the new configuration.
 */
export async function patchCrawler(ctx: OperationContext) {
  const { core, params } = ctx;
  const before = requireCrawler(core, params.id);
  const body = requireBody(ctx.req.body);
  for (const key of Object.keys(body))
    if (key !== 'name' && key !== 'config') throw invalidRequest(`Unknown property \`${key}\`: expected name, config`);
  const name = body.name === undefined ? undefined : checkName(body.name);
  const checked = body.config === undefined ? undefined : await checkConfig(core, body.config);
  const plans = checked ? await schedulePlans(checked, core.now()) : [];
  requireCrawler(core, params.id);
  const generated = checked ? withGeneratedKey(core, checked, name ?? before.name) : undefined;
  let taskId = '';
  core.commit((draft) => {
    const crawler = crawlerIn(draft, params.id);
    if (name !== undefined) crawler.name = name;
    if (generated !== undefined) {
      if (generated.key) draft.security.keys.set(generated.key.value, generated.key as never);
      crawler.config = generated.config;
      planSchedules(draft, params.id, plans);
    }
    crawler.updatedAt = core.now();
    taskId = addTask(core, draft, params.id);
  });
  return { taskId, ...warningsField(generated?.config) };
}

/** DELETE /api/1/crawlers/{id} — the crawler, its schedule and any crawl under way; the live indices stay. */
export function deleteCrawler(ctx: OperationContext) {
  const { core, params } = ctx;
  const crawler = requireCrawler(core, params.id);
  if (crawler.crawl) dropTemporaries(core, crawler.crawl);
  let taskId = '';
  core.commit((draft) => {
    draft.crawler.crawlers.delete(params.id);
    cancelJobs(draft, (job) => job.data.crawlerId === params.id);
    // Its runs and tasks go with it: nothing can read them any more (an unknown crawler is a 403).
    for (const [id, run] of [...draft.crawler.runs]) if (run.crawlerId === params.id) draft.crawler.runs.delete(id);
    for (const [id, task] of [...draft.crawler.tasks]) if (task.crawlerId === params.id) draft.crawler.tasks.delete(id);
    taskId = uuid(core);
  });
  return { taskId };
}
