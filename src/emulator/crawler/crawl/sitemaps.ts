import type { PageContext } from './page';
import { fetchUrl } from './web';

/** What a sitemap lists: pages, and the sitemaps of a sitemap index. */
export interface SitemapResult {
  readonly url: string;
  readonly pages: string[];
  readonly sitemaps: string[];
  readonly error?: string;
}

/** Reads an XML sitemap (`<urlset>`) or sitemap index (`<sitemapindex>`); gzip is not read. */
export async function readSitemap(ctx: PageContext, url: string): Promise<SitemapResult> {
  const fetched = await fetchUrl(ctx.core, url, { headers: ctx.headers, retries: ctx.settings.retries });
  if (!fetched.ok) return { url, pages: [], sitemaps: [], error: `Network error: ${fetched.error}` };
  if (fetched.status < 200 || fetched.status >= 300)
    return { url, pages: [], sitemaps: [], error: `HTTP status ${fetched.status}` };
  const $ = ctx.cheerio.load(fetched.body, { xml: true });
  const locs = (selector: string) =>
    $(selector)
      .toArray()
      .map((element) => $(element).text().trim())
      .filter((loc) => loc !== '');
  return { url, pages: locs('urlset > url > loc'), sitemaps: locs('sitemapindex > sitemap > loc') };
}
