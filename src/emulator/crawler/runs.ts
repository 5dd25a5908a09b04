import type { OperationContext } from '../route';
import { crawlerError, invalidRequest } from './errors';
import type { CrawlRun } from './state';
import { integerParam, iso, requireCrawler } from './store';

/** Run logs are kept this long after the run (`expiresAt`). */
const RETENTION = 30 * 86_400_000;

function renderRun(run: CrawlRun) {
  const size = new TextEncoder().encode(run.file).length;
  return {
    id: run.id,
    configId: String(run.configVersion),
    reindexId: run.reindexId,
    fileSizeBytes: size,
    uncompressedSizeBytes: size,
    crawlStartedAt: iso(run.startedAt),
    crawlCompletedAt: iso(run.completedAt),
    fileCreatedAt: iso(run.completedAt),
    expiresAt: iso(run.completedAt + RETENTION),
    status: run.status,
    accessCount: run.accessCount,
    lastAccessedAt: run.lastAccessedAt === null ? null : iso(run.lastAccessedAt),
    urlsDone: run.urlsDone,
    urlsSkipped: run.urlsSkipped,
    urlsFailed: run.urlsFailed,
  };
}

/**
 * GET /api/1/crawlers/{id}/crawl_runs — the crawler's finished runs (kept 30 days), filtered by
 * `from` / `until` (Unix seconds of the start) and `status`, ordered by start (`order`, default
 * DESC), `limit` (default 10) from `offset`.
 */
export function listCrawlRuns(ctx: OperationContext) {
  const { core, params, req } = ctx;
  requireCrawler(core, params.id);
  const { from, until, status, order = 'DESC' } = req.query;
  const limit = integerParam(req.query.limit, 'limit', 10, 1, 1000);
  const offset = integerParam(req.query.offset, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const fromMs = from === undefined ? -Infinity : integerParam(from, 'from', 0, 0, Number.MAX_SAFE_INTEGER) * 1000;
  const untilMs = until === undefined ? Infinity : integerParam(until, 'until', 0, 0, Number.MAX_SAFE_INTEGER) * 1000;
  if (status !== undefined && !['DONE', 'SKIPPED', 'FAILED'].includes(status))
    throw invalidRequest(`\`status\` must be DONE, SKIPPED or FAILED, got "${status}"`);
  if (order !== 'ASC' && order !== 'DESC') throw invalidRequest(`\`order\` must be ASC or DESC, got "${order}"`);
  const now = core.now();
  const runs = [...core.state.crawler.runs.values()]
    .filter((run) => run.crawlerId === params.id && run.completedAt + RETENTION > now)
    .filter(
      (run) => run.startedAt >= fromMs && run.startedAt <= untilMs && (status === undefined || run.status === status),
    )
    .sort((a, b) => (order === 'ASC' ? a.startedAt - b.startedAt : b.startedAt - a.startedAt));
  return { logs: runs.slice(offset, offset + limit).map(renderRun), meta: { total: runs.length } };
}

/** GET /api/1/crawlers/{id}/{logId}/download — the run's log, one line per event. */
export function getCrawlRunFile(ctx: OperationContext) {
  const { core, params } = ctx;
  requireCrawler(core, params.id);
  const run = core.state.crawler.runs.get(params.logId);
  if (!run || run.crawlerId !== params.id || run.completedAt + RETENTION <= core.now())
    throw crawlerError(404, 'not_found', 'Crawl run log does not exist');
  core.commit((draft) => {
    const target = draft.crawler.runs.get(params.logId)!;
    target.accessCount++;
    target.lastAccessedAt = core.now();
  });
  return { file: run.file };
}

/** POST /api/1/crawlers/{id}/delete_runs — deletes the runs whose IDs the body lists; answers the IDs deleted. */
export function deleteCrawlRun(ctx: OperationContext) {
  const { core, params } = ctx;
  requireCrawler(core, params.id);
  const ids = ctx.req.body;
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
    throw invalidRequest('The body must be an array of crawl run IDs');
  const deleted = (ids as string[]).filter(
    (id, i) => ids.indexOf(id) === i && core.state.crawler.runs.get(id)?.crawlerId === params.id,
  );
  if (deleted.length > 0) {
    core.commit((draft) => {
      for (const id of deleted) draft.crawler.runs.delete(id);
    });
  }
  return deleted;
}
