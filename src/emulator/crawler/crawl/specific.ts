import type { Draft } from 'immer';
import type { Core } from '../../core';
import type { SearchRecord } from '../../state';
import { noteRecords, temporaryIndex } from '../lifecycle';
import type { Crawl, CrawlerRecord } from '../state';
import { accessProblem } from './access';
import { pageContext } from './context';
import { logIn } from './login';
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
  // A blocked crawl is over (the crawler reports `reindexing: false`): records go live.
  const ongoing = reindexUnderWay(crawler);
  const problem = await accessProblem(core, settings, ongoing ? live.map(temporaryIndex) : live, false);
  if (problem !== undefined) {
    blockOnTask(core, crawlerId, taskId, problem);
    return;
  }
  const session = ongoing ? { headers: ongoing.session } : await logIn(core, settings);
  if ('error' in session) {
    blockOnTask(core, crawlerId, taskId, `Error: ${session.error}`);
    return;
  }
  const ctx = await pageContext(core, settings, { robots: ongoing?.robots, session: session.headers });
  const results = await Promise.all(urls.map((url) => processPage(ctx, url)));
  const current = core.state.crawler.crawlers.get(crawlerId);
  if (!current) return;
  const written = new Map<string, SearchRecord[]>();
  core.commit((draft) => {
    const target = draft.crawler.crawlers.get(crawlerId) as Draft<CrawlerRecord>;
    const crawl = reindexUnderWay(target) as Draft<Crawl> | undefined;
    for (const result of results) {
      if (crawl) crawl.outcomes.set(result.url, result.outcome);
      else target.lastOutcomes.set(result.url, result.outcome);
      for (const { action, records } of result.extracted) {
        // An index the reindex does not fill would never be published: its records go live.
        const temporary = crawl?.targets.get(action.indexName);
        const index = temporary ?? action.indexName;
        written.set(index, [...(written.get(index) ?? []), ...records]);
        if (crawl && temporary) noteRecords(crawl, action.indexName, records);
      }
    }
  });
  for (const [index, records] of written) writeTo(core, index, records);
}

/** The crawl filling temporary indices, if any: a blocked crawler keeps its crawl, but it no longer runs. */
function reindexUnderWay(crawler: CrawlerRecord | Draft<CrawlerRecord>): Crawl | Draft<Crawl> | undefined {
  return crawler.crawl && !crawler.blocked ? crawler.crawl : undefined;
}

/**
 * A crawl-URLs call whose key cannot write blocks the crawler. A crawl under way blocks on its
 * own task, as a failed step would; otherwise the call's task blocks the crawler and no crawl
 * is invented (the last crawl's run and stats stay as they were). A blocked crawler stays so.
 */
function blockOnTask(core: Core, crawlerId: string, taskId: string, problem: string): void {
  core.commit((draft) => {
    const target = draft.crawler.crawlers.get(crawlerId) as Draft<CrawlerRecord> | undefined;
    if (!target || target.blocked) return;
    if (target.crawl) block(core, draft, target, problem, core.now());
    else target.blocked = { taskId, error: problem };
  });
}
