import type { CrawlSettings } from './settings';

/**
 * The form a URL is known by in a crawl: absolute, http(s) only, without its fragment, the
 * `ignoreQueryParams` removed, and `hostnameAliases` / `pathAliases` applied to discovered
 * URLs (never to `startUrls` or `sitemaps`). Undefined for what cannot be crawled.
 */
export function crawlUrl(
  href: string,
  base: string | undefined,
  settings: CrawlSettings,
  discovered: boolean,
): string | undefined {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) if (settings.ignoredQueryParam(name)) url.searchParams.delete(name);
  if (discovered) {
    const host = settings.hostnameAliases[url.hostname];
    if (typeof host === 'string') url.hostname = host;
    const paths = settings.pathAliases[url.hostname];
    if (paths) {
      for (const [from, to] of Object.entries(paths)) {
        if (typeof to === 'string' && url.pathname.startsWith(from)) {
          url.pathname = to + url.pathname.slice(from.length);
          break;
        }
      }
    }
  }
  return url.href;
}

/** Path depth as `maxDepth` counts it: the slashes after the host, at least 1. */
export function pathDepth(url: string): number {
  const path = new URL(url).pathname;
  return Math.max(1, (path.match(/\//g) ?? []).length);
}
