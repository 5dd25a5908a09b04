import { lazyOperations } from '../lazy';
import { route, type CallShape, type Route } from '../route';
import { withSources } from './config';

/** The operations, loaded on the first call (lazy.ts); a crawl's engine loads apart (engine.ts). */
const lazy = lazyOperations(() => import('./operations'));

const CRAWLERS = '/api/1/crawlers';
const CRAWLER = `${CRAWLERS}/{id}`;

/**
 * Direct calls take path parameters and body fields side by side (`patchCrawler({ id, name })`);
 * extractor functions become the source text the API stores, in `config` or, for `/config`,
 * in the body itself (a partial configuration).
 */
function bodyOf(pathParams: readonly string[], config: 'nested' | 'body' | 'none' = 'nested'): CallShape {
  return {
    body: 'body',
    prepare(params) {
      const body: Record<string, unknown> = {};
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(params)) (pathParams.includes(key) ? out : body)[key] = value;
      if (config === 'nested' && body.config !== undefined) body.config = withSources(body.config);
      out.body = config === 'body' ? withSources(body) : body;
      return out;
    },
  };
}

/** What a configuration may ask for that the emulator stores and validates but does not do (docs/crawler.md). */
const CONFIG_NOT_RUN = {
  status: 'partial',
  note: "Stored, not acted on, each named in the answer's `warnings` and the crawl log: saveBackup, requestOptions.proxy and timeout, login timeouts and waitTime, renderJavaScript.adBlock",
} as const;
/** What a crawl of the emulator does not do. */
const CRAWL_NOT_RUN = {
  status: 'partial',
  note: 'PDFs need the optional package unpdf and renderJavaScript the optional happy-dom; other documents (doc, xls, ppt, odt, ods, odp, email) are not converted (content_type_not_supported)',
} as const;

/** A crawl-URLs call: a crawl's limits, and records a page no longer gives stay. */
const CRAWL_URLS_NOT_RUN = {
  status: 'partial',
  note: `${CRAWL_NOT_RUN.note}; records a page no longer gives are not removed`,
} as const;

/**
 * The crawler API (spec 001 and the live OpenAPI's config versions and crawl runs), on its own
 * host with basic auth: no application key right applies, so every route is `acl: 'none'`.
 */
// prettier-ignore
export const crawlerRoutes: Route[] = [
  route({ operation: 'createCrawler', method: 'POST', path: CRAWLERS, host: 'crawler', acl: 'none', call: bodyOf([]), parity: CONFIG_NOT_RUN, handler: lazy('createCrawler') }),
  route({ operation: 'listCrawlers', method: 'GET', path: CRAWLERS, host: 'crawler', acl: 'none', call: { query: ['itemsPerPage', 'page', 'name', 'appId', 'appID'] }, handler: lazy('listCrawlers') }),
  route({ operation: 'getCrawler', method: 'GET', path: CRAWLER, host: 'crawler', acl: 'none', call: { query: ['withConfig'] }, handler: lazy('getCrawler') }),
  route({ operation: 'patchCrawler', method: 'PATCH', path: CRAWLER, host: 'crawler', acl: 'none', call: bodyOf(['id']), parity: CONFIG_NOT_RUN, handler: lazy('patchCrawler') }),
  route({ operation: 'deleteCrawler', method: 'DELETE', path: CRAWLER, host: 'crawler', acl: 'none', call: {}, handler: lazy('deleteCrawler') }),
  route({ operation: 'patchConfig', method: 'PATCH', path: `${CRAWLER}/config`, host: 'crawler', acl: 'none', call: bodyOf(['id'], 'body'), parity: CONFIG_NOT_RUN, handler: lazy('patchConfig') }),
  route({ operation: 'listConfigVersions', method: 'GET', path: `${CRAWLER}/config/versions`, host: 'crawler', acl: 'none', call: { query: ['itemsPerPage', 'page'] }, handler: lazy('listConfigVersions') }),
  route({ operation: 'getConfigVersion', method: 'GET', path: `${CRAWLER}/config/versions/{version}`, host: 'crawler', acl: 'none', call: {}, handler: lazy('getConfigVersion') }),
  route({ operation: 'runCrawler', method: 'POST', path: `${CRAWLER}/run`, host: 'crawler', acl: 'none', call: {}, handler: lazy('runCrawler') }),
  route({ operation: 'pauseCrawler', method: 'POST', path: `${CRAWLER}/pause`, host: 'crawler', acl: 'none', call: {}, handler: lazy('pauseCrawler') }),
  route({ operation: 'startReindex', method: 'POST', path: `${CRAWLER}/reindex`, host: 'crawler', acl: 'none', call: {}, parity: CRAWL_NOT_RUN, handler: lazy('startReindex') }),
  route({ operation: 'getStats', method: 'GET', path: `${CRAWLER}/stats/urls`, host: 'crawler', acl: 'none', call: {}, handler: lazy('getStats') }),
  route({ operation: 'crawlUrls', method: 'POST', path: `${CRAWLER}/urls/crawl`, host: 'crawler', acl: 'none', call: bodyOf(['id'], 'none'), parity: CRAWL_URLS_NOT_RUN, handler: lazy('crawlUrls') }),
  route({ operation: 'testUrl', method: 'POST', path: `${CRAWLER}/test`, host: 'crawler', acl: 'none', call: bodyOf(['id']), parity: CRAWL_NOT_RUN, handler: lazy('testUrl') }),
  route({ operation: 'getTaskStatus', method: 'GET', path: `${CRAWLER}/tasks/{taskID}`, host: 'crawler', acl: 'none', call: {}, handler: lazy('getTaskStatus') }),
  route({ operation: 'cancelBlockingAction', method: 'POST', path: `${CRAWLER}/tasks/{taskID}/cancel`, host: 'crawler', acl: 'none', call: {}, handler: lazy('cancelBlockingAction') }),
  route({ operation: 'listCrawlRuns', method: 'GET', path: `${CRAWLER}/crawl_runs`, host: 'crawler', acl: 'none', call: { query: ['from', 'until', 'status', 'limit', 'offset', 'order'] }, handler: lazy('listCrawlRuns') }),
  route({ operation: 'getCrawlRunFile', method: 'GET', path: `${CRAWLER}/{logId}/download`, host: 'crawler', acl: 'none', call: {}, handler: lazy('getCrawlRunFile') }),
  route({ operation: 'deleteCrawlRun', method: 'POST', path: `${CRAWLER}/delete_runs`, host: 'crawler', acl: 'none', call: { body: 'ids' }, handler: lazy('deleteCrawlRun') }),
  route({ operation: 'listDomains', method: 'GET', path: '/api/1/domains', host: 'crawler', acl: 'none', call: { query: ['appId', 'appID', 'itemsPerPage', 'page'] }, handler: lazy('listDomains') }),
];
