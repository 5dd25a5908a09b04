import { http, HttpResponse, type RequestHandler } from 'msw';
import { basicAuth, toRequest } from '../../src/emulator/facade';
import type { Emulator } from '../../src';

export const SITE = 'https://site.test';

const page = (title: string, links: string[] = [], head = '') =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body><h1>${title}</h1>` +
  `<p>About ${title.toLowerCase()}.</p>${links.map((href) => `<a href="${href}">${href}</a>`).join('')}</body></html>`;

/**
 * A three-level site served by msw: home -> sections -> pages, with what a crawl meets on a
 * real site: a sitemap index, robots.txt disallowing /private/, an excluded path (/drafts/),
 * a redirect, a 404, a network error, an external link, and a page whose extractor throws.
 * `version` changes the content, as a site does between two crawls.
 */
export function siteHandlers(version = 1): RequestHandler[] {
  const pages: Record<string, string> = {
    '/': page('Home', [
      '/docs/',
      '/blog/',
      '/private/secret',
      '/old',
      '/missing',
      '/down',
      '/drafts/wip',
      'https://elsewhere.test/',
      '/explode',
      '/docs/',
    ]),
    '/docs/': page('Docs', ['/docs/intro', '/docs/guide/']),
    '/docs/intro': page(version === 1 ? 'Intro' : 'Introduction'),
    '/docs/guide/': page('Guide', ['/docs/guide/advanced', '/']),
    '/docs/guide/advanced': page('Advanced'),
    '/docs/moved': page('Moved'),
    '/docs/only-in-sitemap': page('Sitemap only'),
    '/blog/': page('Blog', ['/blog/post-1']),
    '/blog/post-1': page('Post 1'),
    '/private/secret': page('Secret'),
    '/drafts/wip': page('Draft'),
    '/explode': page('Explode', [], '<meta name="explode" content="yes">'),
  };
  return [
    http.get(`${SITE}/robots.txt`, () => HttpResponse.text('User-agent: *\nDisallow: /private/\n')),
    http.get(`${SITE}/sitemap.xml`, () =>
      HttpResponse.xml(
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${SITE}/sitemap-pages.xml</loc></sitemap></sitemapindex>`,
      ),
    ),
    http.get(`${SITE}/sitemap-pages.xml`, () =>
      HttpResponse.xml(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${SITE}/docs/only-in-sitemap</loc></url><url><loc>${SITE}/blog/post-1</loc></url></urlset>`,
      ),
    ),
    http.get(`${SITE}/old`, () => new HttpResponse(null, { status: 301, headers: { location: '/docs/moved' } })),
    http.get(`${SITE}/missing`, () => HttpResponse.html(page('Not found'), { status: 404 })),
    http.get(`${SITE}/down`, () => HttpResponse.error()),
    ...Object.entries(pages).map(([path, html]) => http.get(`${SITE}${path}`, () => HttpResponse.html(html))),
  ];
}

/** The extractor of the site's action: title and path; throws on a page marked `explode`. */
export const extractor = ({ url, $ }: { url: URL; $: (selector: string) => { text(): string; length: number } }) => {
  if ($('meta[name="explode"]').length > 0) throw new Error('boom on ' + url.pathname);
  return [{ title: $('h1').text(), path: url.pathname }];
};

/** A configuration crawling the site into `crawler_pages`. */
export function siteConfig(emulator: Pick<Emulator, 'appId' | 'adminApiKey'>, overrides: Record<string, unknown> = {}) {
  return {
    appId: emulator.appId,
    apiKey: emulator.adminApiKey,
    indexPrefix: 'crawler_',
    rateLimit: 4,
    startUrls: [`${SITE}/`],
    sitemaps: [`${SITE}/sitemap.xml`],
    exclusionPatterns: [`${SITE}/drafts/**`],
    actions: [{ indexName: 'pages', pathsToMatch: [`${SITE}/**`], recordExtractor: extractor }],
    ...overrides,
  };
}

export const SURFACES = ['direct', 'http'] as const;
export type Surface = (typeof SURFACES)[number];

type Call = (params?: Record<string, any>) => Promise<any>;

/**
 * The crawler API's operations on one surface: the emulator's direct calls, or HTTP requests
 * to crawler.algolia.com with basic auth (what a crawler client sends), through msw.
 */
export function crawlerApi(
  emulator: Emulator,
  surface: Surface,
  credentials = emulator.crawlerCredentials,
): Record<string, Call> {
  const api: Record<string, Call> = {};
  for (const route of emulator.routes) {
    if (route.host !== 'crawler' || !route.call) continue;
    api[route.operation] =
      surface === 'direct'
        ? (params = {}) =>
            (emulator.as({ apiKey: emulator.adminApiKey, crawler: credentials }) as unknown as Record<string, Call>)[
              route.operation
            ](params)
        : async (params = {}) => {
            const req = toRequest(route, params, { appId: emulator.appId, apiKey: emulator.adminApiKey });
            const query = new URLSearchParams(req.query).toString();
            const res = await fetch(`https://crawler.algolia.com${req.path}${query ? `?${query}` : ''}`, {
              method: req.method,
              headers: {
                authorization: basicAuth(credentials.userId, credentials.apiKey),
                'content-type': 'application/json',
              },
              body: req.body === undefined ? undefined : JSON.stringify(req.body),
            });
            const body = await res.json();
            if (res.status >= 400) throw Object.assign(new Error(body.message), { status: res.status, body });
            return body;
          };
  }
  return api;
}
