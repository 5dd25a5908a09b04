import { loadOptional } from '../optional';

/**
 * The crawl engine (crawl/), loaded on the first crawl, once its HTML parser is known to be
 * there: cheerio is an optional peer dependency, so a crawl without it answers a 501 naming it
 * before anything changes.
 */
export async function crawlEngine(): Promise<typeof import('./crawl')> {
  await loadOptional('cheerio', () => import('cheerio'), 'Crawling');
  return import('./crawl');
}
