import type { Core } from '../../core';
import type { CrawlerConfig } from '../state';
import { readableReason } from '../outcomes';
import { pageContext } from './context';
import { logIn } from './login';
import { externalDataFor, processPage } from './page';
import { readSettings } from './settings';
import { crawlUrl } from './urls';

/**
 * The test endpoint's result for one URL with a configuration (the crawler's, with the test's
 * overrides): what the crawl would extract and follow, written nowhere.
 */
export async function testPage(core: Core, config: CrawlerConfig, url: string) {
  const startDate = core.isoNow();
  const settings = readSettings(config);
  const session = await logIn(core, settings);
  if ('error' in session)
    return {
      startDate,
      endDate: core.isoNow(),
      logs: [[`Error: ${session.error}`]],
      records: [],
      links: [],
      externalData: {},
      error: { code: 'login_error', message: session.error },
    };
  const ctx = await pageContext(core, settings, { session: session.headers });
  const target = crawlUrl(url, undefined, settings, false) ?? new URL(url).href;
  const result = await processPage(ctx, target);
  const byIndex = new Map<string, { index: number; type: string; records: Record<string, unknown>[] }[]>();
  for (const { action, records } of result.extracted) {
    byIndex.set(action.indexName, [
      ...(byIndex.get(action.indexName) ?? []),
      { index: action.position, type: 'custom', records },
    ]);
  }
  const links = result.links.filter((link) => !settings.excluded(link) && settings.inScope(link));
  const failed = result.outcome.status !== 'DONE';
  return {
    startDate,
    endDate: core.isoNow(),
    logs: result.logs,
    records: [...byIndex].map(([indexName, perExtractor]) => ({
      indexName,
      records: perExtractor.flatMap((item) => item.records),
      recordsPerExtractor: perExtractor,
    })),
    links,
    externalData: externalDataFor(ctx, target),
    error: failed
      ? { code: result.outcome.reason, message: result.outcome.error ?? readableReason(result.outcome.reason) }
      : {},
  };
}
