import type { Core } from '../../core';
import type { CachedPage } from '../state';
import type { PageContext } from './page';
import { loadSandbox } from '../../sandbox/sandbox';
import { loadCheerio } from '../engine';
import type { CrawlSettings } from './settings';
import { mergeHeaders } from './web';

/** What a context carries over from its crawl: robots.txt already read, the login's headers, the cache. */
export interface ContextOptions {
  readonly robots?: ReadonlyMap<string, string | null>;
  readonly session?: Readonly<Record<string, string>>;
  readonly cache?: ReadonlyMap<string, CachedPage>;
}

/** A page context: the HTML parser and the sandbox are loaded on first use, then kept. */
export async function pageContext(
  core: Core,
  settings: CrawlSettings,
  options: ContextOptions = {},
): Promise<PageContext> {
  const [cheerio, sandbox] = await Promise.all([loadCheerio(), loadSandbox()]);
  const known = new Map<string, Promise<string | null>>();
  for (const [origin, text] of options.robots ?? []) known.set(origin, Promise.resolve(text));
  return {
    core,
    settings,
    sandbox,
    cheerio,
    robots: known,
    compiled: new Map(),
    headers: mergeHeaders({ 'user-agent': settings.userAgent }, settings.headers, options.session ?? {}),
    ...(options.cache ? { cache: options.cache } : {}),
  };
}

/** The robots.txt texts a context fetched, to keep in the crawl's state. */
export async function robotsOf(ctx: PageContext): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const [origin, text] of ctx.robots) out.set(origin, await text);
  return out;
}
