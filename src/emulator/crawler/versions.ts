import type { OperationContext } from '../route';
import { checkConfig, planSchedules, schedulePlans } from './check';
import { crawlerError, crawlerMessages, invalidRequest } from './errors';
import type { CrawlerRecord } from './state';
import { addTask, crawlerIn, iso, newVersion, paginate, requireCrawler } from './store';
import { warningsField } from './warnings';

/**
 * PATCH /api/1/crawlers/{id}/config — replaces the top-level properties the body names (a
 * nested part such as one extractor needs its whole `actions`); the result must still be a
 * whole configuration. Each call adds a configuration version. `{ taskId }`, and `warnings`
 * for the resulting configuration.
 */
export async function patchConfig(ctx: OperationContext) {
  const { core, params } = ctx;
  const crawler = requireCrawler(core, params.id);
  const partial = await checkConfig(core, ctx.req.body, true);
  const config = await checkConfig(core, { ...crawler.config, ...partial });
  const plans = await schedulePlans(config, core.now());
  requireCrawler(core, params.id);
  let taskId = '';
  core.commit((draft) => {
    const target = crawlerIn(draft, params.id);
    target.config = config;
    target.versions.push(newVersion(core, target.versions, config));
    target.updatedAt = core.now();
    planSchedules(draft, params.id, plans);
    taskId = addTask(core, draft, params.id);
  });
  return { taskId, ...warningsField(config) };
}

/**
 * The crawler a config version route names. These routes are not in spec 001, and the live
 * OpenAPI documents only a 404 for them (every other crawler route: 403 for a crawler that
 * does not exist), so an unknown crawler is a 404 here.
 */
function versionedCrawler(ctx: OperationContext): CrawlerRecord {
  const crawler = ctx.core.state.crawler.crawlers.get(ctx.params.id);
  if (!crawler) throw crawlerError(404, 'not_found', crawlerMessages.noVersionedCrawler);
  return crawler;
}

/** GET /api/1/crawlers/{id}/config/versions — newest first, pages of `{ version, createdAt, authorId }`. */
export function listConfigVersions(ctx: OperationContext) {
  const crawler = versionedCrawler(ctx);
  const newestFirst = [...crawler.versions]
    .reverse()
    .map(({ version, createdAt, authorId }) => ({ version, createdAt: iso(createdAt), authorId }));
  return paginate(newestFirst, ctx.req.query);
}

/** GET /api/1/crawlers/{id}/config/versions/{version} — one version with its configuration; 404 when there is none. */
export function getConfigVersion(ctx: OperationContext) {
  const crawler = versionedCrawler(ctx);
  const number = Number(ctx.params.version);
  if (!Number.isInteger(number) || number < 1)
    throw invalidRequest(`\`version\` must be a positive integer, got "${ctx.params.version}"`);
  const found = crawler.versions.find((version) => version.version === number);
  if (!found) throw crawlerError(404, 'not_found', crawlerMessages.noSuchVersion);
  return { version: found.version, config: found.config, createdAt: iso(found.createdAt), authorId: found.authorId };
}
