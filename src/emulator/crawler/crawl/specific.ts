import type { Draft } from 'immer';
import type { Core } from '../../core';
import type { SearchRecord } from '../../state';
import { newCrawl, noteRecords, temporaryIndex } from '../lifecycle';
import type { Crawl, CrawlerRecord } from '../state';
import { accessProblem } from './access';
import { pageContext } from './context';
import { processPage } from './page';
import { block, writeTo } from './run';
import { readSettings } from './settings';

/**
 * Crawls the URLs of a crawl-URLs call at once: each page as in a crawl (robots.txt, redirects,
 * extractors), its links not followed. Records go to the live indices, or to the temporary
 * ones while a reindex is under way; outcomes join the crawl's (or the last crawl's) stats.
 */
export async function crawlSpecificUrls(
  core: Core,
  crawlerId: string,
  taskId: string,
  urls: readonly string[],
): Promise<void> {
  const crawler = core.state.crawler.crawlers.get(crawlerId);
  if (!crawler) return;
  const settings = readSettings(crawler.config);
  const live = [...new Set(settings.actions.map((action) => action.indexName))];
  const problem = await accessProblem(core, settings, crawler.crawl ? live.map(temporaryIndex) : live, false);
  if (problem !== undefined) {
    blockOnTask(core, crawlerId, taskId, problem);
    return;
  }
  const ctx = await pageContext(core, settings, crawler.crawl?.robots);
  const results = await Promise.all(urls.map((url) => processPage(ctx, url)));
  const current = core.state.crawler.crawlers.get(crawlerId);
  if (!current) return;
  const written = new Map<string, SearchRecord[]>();
  core.commit((draft) => {
    const target = draft.crawler.crawlers.get(crawlerId) as Draft<CrawlerRecord>;
    for (const result of results) {
      if (target.crawl) target.crawl.outcomes.set(result.url, result.outcome);
      else target.lastOutcomes.set(result.url, result.outcome);
      for (const { action, records } of result.extracted) {
        const index = target.crawl
          ? (target.crawl.targets.get(action.indexName) ?? temporaryIndex(action.indexName))
          : action.indexName;
        written.set(index, [...(written.get(index) ?? []), ...records]);
        if (target.crawl) noteRecords(target.crawl, action.indexName, records);
      }
    }
  });
  for (const [index, records] of written) writeTo(core, index, records);
}

/** A crawl-URLs call whose key cannot write blocks the crawler, as a run would. */
function blockOnTask(core: Core, crawlerId: string, taskId: string, problem: string): void {
  core.commit((draft) => {
    const target = draft.crawler.crawlers.get(crawlerId) as Draft<CrawlerRecord> | undefined;
    if (!target) return;
    if (!target.crawl)
      target.crawl = newCrawl(taskId, taskId, core.now(), new Map(), 'Crawl URLs call') as Draft<Crawl>;
    else target.crawl.taskId = taskId;
    block(core, draft, target, problem, core.now());
  });
}
