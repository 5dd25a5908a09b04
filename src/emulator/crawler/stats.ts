import type { OperationContext } from '../route';
import { readableReason } from './outcomes';
import { requireCrawler } from './store';

/**
 * GET /api/1/crawlers/{id}/stats/urls — the URLs of the crawl under way (the truth at this
 * instant of the clock) or of the last one, grouped by status, category and reason.
 */
export function getStats(ctx: OperationContext) {
  const crawler = requireCrawler(ctx.core, ctx.params.id);
  const outcomes = crawler.crawl ? crawler.crawl.outcomes : crawler.lastOutcomes;
  const groups = new Map<
    string,
    { reason: string; status: string; category: string; readable: string; count: number }
  >();
  for (const { status, category, reason } of outcomes.values()) {
    const key = `${status} ${category} ${reason}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { reason, status, category, readable: readableReason(reason), count: 1 });
  }
  return { count: outcomes.size, data: [...groups.values()] };
}
