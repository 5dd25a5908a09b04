import { http, HttpResponse, type RequestHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { createEmulator, type Duration, type Emulator, type EmulatorOptions } from '../../src';
import { createHandlers } from '../../src/msw';
import { crawlerApi, SITE, type Surface } from './site';

/** A page of the declared site: HTML, or a function answering each request (a Response is read once). */
export type Served = string | ((request: Request) => Response | Promise<Response>);

export const html = (body: string, head = '', lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head>${head}</head><body>${body}</body></html>`;

/** msw handlers serving `pages` (path -> page) on site.test, without robots.txt. */
export function sitePages(pages: Record<string, Served>): RequestHandler[] {
  return [
    http.get(`${SITE}/robots.txt`, () => new HttpResponse(null, { status: 404 })),
    ...Object.entries(pages).map(([path, page]) =>
      http.all(`${SITE}${path}`, ({ request }) => (typeof page === 'string' ? HttpResponse.html(page) : page(request))),
    ),
  ];
}

/**
 * A crawler of the declared site created through the crawler API on one surface (HTTP with
 * basic auth by default), with `actions` or the config overrides given; `crawl()` reindexes
 * and lets a minute of emulator time pass, then answers the stats by reason and the records.
 */
export async function siteCrawler(
  server: SetupServer,
  pages: Record<string, Served>,
  config: Record<string, unknown>,
  options: { surface?: Surface; emulator?: EmulatorOptions; indexName?: string } = {},
) {
  const emulator: Emulator = createEmulator({ now: Date.UTC(2024, 0, 1), ...options.emulator });
  server.use(...createHandlers(emulator), ...sitePages(pages));
  const api = crawlerApi(emulator, options.surface ?? 'http');
  const created = await api.createCrawler({
    name: 'site',
    config: { appId: emulator.appId, apiKey: emulator.adminApiKey, rateLimit: 4, startUrls: [`${SITE}/`], ...config },
  });
  const id = created.id as string;
  const indexName = options.indexName ?? 'pages';
  const crawl = async (wait: Duration = '1m') => {
    await api.startReindex({ id });
    await emulator.advance(wait);
    return results();
  };
  const results = async () => {
    const stats = await api.getStats({ id });
    const reasons = Object.fromEntries(stats.data.map((g: { reason: string; count: number }) => [g.reason, g.count]));
    const { hits } = await emulator
      .browse({ indexName, browseParams: { hitsPerPage: 1000, attributesToRetrieve: ['*'] } })
      .catch(() => ({ hits: [] }));
    return { reasons, records: hits as Record<string, any>[] };
  };
  const runLog = async () => {
    const { logs } = await api.listCrawlRuns({ id });
    return (await api.getCrawlRunFile({ id, logId: logs[0].id })).file as string;
  };
  return { emulator, api, id, created, crawl, results, runLog };
}
