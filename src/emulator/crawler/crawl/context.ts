import type { Core } from '../../core';
import type { PageContext } from './page';
import { loadSandbox } from '../../sandbox/sandbox';
import type { CrawlSettings } from './settings';

/** A page context: the HTML parser and the sandbox are loaded on first use, then kept. */
export async function pageContext(
  core: Core,
  settings: CrawlSettings,
  robots: ReadonlyMap<string, string | null> = new Map(),
): Promise<PageContext> {
  const [cheerio, sandbox] = await Promise.all([import('cheerio'), loadSandbox()]);
  const known = new Map<string, Promise<string | null>>();
  for (const [origin, text] of robots) known.set(origin, Promise.resolve(text));
  return { core, settings, sandbox, cheerio, robots: known, compiled: new Map() };
}

/** The robots.txt texts a context fetched, to keep in the crawl's state. */
export async function robotsOf(ctx: PageContext): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const [origin, text] of ctx.robots) out.set(origin, await text);
  return out;
}
