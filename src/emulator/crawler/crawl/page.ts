import type { CheerioAPI } from 'cheerio';
import type { Core } from '../../core';
import type { SearchRecord } from '../../state';
import { httpReason, outcome } from '../outcomes';
import type { CachedPage, UrlOutcome } from '../state';
import { convertPdf } from './documents';
import { buildHelpers } from './helpers/index';
import { renderPage } from './render';
import { ExtractorTimeout, sandboxHost, type Extractor, type Sandbox } from '../../sandbox/sandbox';
import type { ActionSettings, CrawlSettings } from './settings';
import { crawlUrl } from './urls';
import { fetchUrl, fileTypeOf, type Fetched } from './web';

/** What one crawl step (or a test, or a crawl-URLs call) needs to process pages. */
export interface PageContext {
  readonly core: Core;
  readonly settings: CrawlSettings;
  readonly sandbox: Sandbox;
  readonly cheerio: typeof import('cheerio');
  /** robots.txt rules per origin (`undefined`: fetch it), filled as origins are met. */
  readonly robots: Map<string, Promise<string | null>>;
  /** Extractors compiled once per context, by source. */
  readonly compiled: Map<string, Extractor>;
  /** Headers every request sends: the user agent, `requestOptions.headers`, the login's. */
  readonly headers: Readonly<Record<string, string>>;
  /** The last reindex's pages when this crawl may request them conditionally (`cache`). */
  readonly cache?: ReadonlyMap<string, CachedPage>;
}

/** The records one action gave (the test endpoint's `recordsPerExtractor`). */
export interface ActionRecords {
  readonly action: ActionSettings;
  readonly records: SearchRecord[];
}

export interface PageResult {
  readonly url: string;
  readonly outcome: UrlOutcome;
  /** URLs found on the page (or the redirect / canonical target), absolute; filtered when added. */
  readonly links: string[];
  readonly extracted: ActionRecords[];
  /** What extractors logged, then the crawler's own lines. */
  readonly logs: string[][];
  /** The validators the site sent with a page it gave in full (for the next conditional request). */
  readonly validators?: { readonly etag?: string; readonly lastModified?: string };
  /** The last reindex's page, when the site answered 304 Not Modified: its records are kept. */
  readonly reused?: CachedPage;
}

/** Largest record the crawler sends (bytes of its JSON), and records one URL may give. */
const MAX_RECORD_BYTES = 500_000;
const MAX_RECORDS_PER_URL = 200;

/**
 * Processes one page: robots.txt, fetch (conditional when the cache allows), redirects, HTTP
 * status, content type (PDFs converted to HTML, pages rendered when `renderJavaScript` covers
 * them), meta robots, canonical link, links, then every matching action's extractor. Never
 * throws for what the site or the extractor does: that becomes the URL's outcome.
 */
export async function processPage(ctx: PageContext, url: string): Promise<PageResult> {
  const logs: string[][] = [[`Processing url '${url}'`]];
  const done = (reason: string, links: string[] = [], extracted: ActionRecords[] = [], error?: string): PageResult => {
    const records = extracted.reduce((sum, item) => sum + item.records.length, 0);
    if (error !== undefined) logs.push([`Error: ${error}`]);
    return { url, outcome: outcome(reason, records, error), links, extracted, logs };
  };
  const { settings } = ctx;
  // Drawn before the first await, so pages processed side by side draw in queue order.
  const renderSeed = settings.render(url) ? ctx.core.random.next() : 0;
  if (!settings.ignoreRobotsTxtRules && !(await robotsAllow(ctx, url))) return done('forbidden_by_robotstxt');
  const previous = conditional(ctx, url);
  const fetched = await fetchUrl(ctx.core, url, {
    headers: { ...ctx.headers, ...(previous ? validatorHeaders(previous) : {}) },
    retries: settings.retries,
  });
  if (!fetched.ok) return done('network_error', [], [], fetched.error);
  if (fetched.status === 304 && previous) {
    const kept = Object.values(previous.records).reduce((sum, ids) => sum + ids.length, 0);
    logs.push([`Not modified (304): the ${kept} records of the last reindex are kept`]);
    return {
      url,
      outcome: outcome(kept === 0 ? 'no_records' : 'success', kept),
      links: [...previous.links],
      extracted: [],
      logs,
      reused: previous,
    };
  }
  if (fetched.status >= 300 && fetched.status < 400 && fetched.location !== undefined) {
    const target = crawlUrl(fetched.location, url, settings, true);
    logs.push([`Redirected (${fetched.status}) to '${target ?? fetched.location}'`]);
    return done('http_redirect', target ? [target] : []);
  }
  if (fetched.status < 200 || fetched.status >= 300)
    return done(httpReason(fetched.status), [], [], `HTTP status ${fetched.status}`);
  const fileType = fileTypeOf(fetched.contentType);
  if (fileType === undefined) return done('content_type_not_supported');
  const validators = {
    ...(fetched.etag ? { etag: fetched.etag } : {}),
    ...(fetched.lastModified ? { lastModified: fetched.lastModified } : {}),
  };
  const html = await pageHtml(ctx, url, fetched, fileType, logs, renderSeed);
  if (typeof html !== 'string') return done(html.reason, [], [], html.error);
  const $ = ctx.cheerio.load(html);
  const robotsMeta = metaRobots($);
  const follow = settings.ignoreNoFollowTo || !robotsMeta.has('nofollow');
  const canonical = canonicalOf($, url, settings);
  if (canonical !== undefined) return done('canonical_url', [canonical]);
  const links = follow ? await pageLinks(ctx, $, url, logs) : [];
  if (!settings.ignoreNoIndex && robotsMeta.has('noindex')) return done('meta_noindex', links);
  const matching = settings.actions.filter((action) => action.matches(url));
  if (matching.length === 0) return done('no_action_matched', links);
  const typed = matching.filter((action) => action.fileTypes.includes(fileType));
  if (typed.length === 0) return done('file_type_not_matched', links);
  const selected = typed.filter((action) => selectorsMatch($, action.selectors));
  if (selected.length === 0) return done('no_action_matched', links);
  const extracted: ActionRecords[] = [];
  for (const action of selected) {
    const result = await runExtractor(ctx, action, url, html, fetched.bytes.length, fileType, logs);
    if (typeof result === 'string')
      return done(result === 'timeout' ? 'extractor_timeout' : 'extractor_error', links, [], lastError(logs));
    const problem = recordsProblem(result, action);
    if (problem) return done(problem.reason, links, [], problem.message);
    extracted.push({ action, records: withObjectIDs(result as Record<string, unknown>[], url) });
  }
  const count = extracted.reduce((sum, item) => sum + item.records.length, 0);
  if (count > MAX_RECORDS_PER_URL)
    return done('too_many_records', links, [], `${count} records extracted, ${MAX_RECORDS_PER_URL} at most`);
  return { ...done(count === 0 ? 'no_records' : 'success', links, extracted), validators };
}

/**
 * The HTML extractors see: the page as fetched, the page once its scripts ran (when
 * `renderJavaScript` covers it), or a PDF converted to HTML. Other documents are not
 * converted by the emulator; a document no action takes is skipped before it is read.
 */
async function pageHtml(
  ctx: PageContext,
  url: string,
  fetched: Extract<Fetched, { ok: true }>,
  fileType: string,
  logs: string[][],
  seed: number,
): Promise<string | { reason: string; error?: string }> {
  const { settings } = ctx;
  if (fileType !== 'html') {
    const matching = settings.actions.filter((action) => action.matches(url));
    if (matching.length === 0) return { reason: 'no_action_matched' };
    if (!matching.some((action) => action.fileTypes.includes(fileType))) return { reason: 'file_type_not_matched' };
    if (fileType !== 'pdf')
      return {
        reason: 'content_type_not_supported',
        error: `The emulator converts PDF documents only: a ${fileType} document is not read`,
      };
    const converted = await convertPdf(fetched.bytes);
    if ('error' in converted) return { reason: 'document_conversion_error', error: converted.error };
    return converted.html;
  }
  const render = settings.render(url);
  if (!render) return fetched.body;
  const rendered = await renderPage({
    core: ctx.core,
    url,
    html: fetched.body,
    headers: ctx.headers,
    wait: render.waitTime,
    seed,
  });
  if ('error' in rendered) return { reason: 'javascript_rendering_error', error: rendered.error };
  for (const line of rendered.logs) logs.push([line]);
  return rendered.html;
}

/** The last reindex's page, when this URL may be requested conditionally: cache on, same external data, validators known. */
function conditional(ctx: PageContext, url: string): CachedPage | undefined {
  const previous = ctx.cache?.get(url);
  if (!previous || !ctx.settings.cacheEnabled(url)) return undefined;
  if (previous.etag === undefined && previous.lastModified === undefined) return undefined;
  return previous.data === externalDataKey(ctx, url) ? previous : undefined;
}

const validatorHeaders = (page: CachedPage): Record<string, string> => ({
  ...(page.etag ? { 'if-none-match': page.etag } : {}),
  ...(page.lastModified ? { 'if-modified-since': page.lastModified } : {}),
});

/** A URL's external data, as the cache compares it. */
export const externalDataKey = (ctx: PageContext, url: string) => JSON.stringify(externalDataFor(ctx, url));

/** Whether robots.txt lets the crawler fetch a URL (a missing or unreadable robots.txt allows all). */
async function robotsAllow(ctx: PageContext, url: string): Promise<boolean> {
  const origin = new URL(url).origin;
  let text = ctx.robots.get(origin);
  if (text === undefined) {
    text = fetchUrl(ctx.core, `${origin}/robots.txt`, { headers: ctx.headers, retries: ctx.settings.retries }).then(
      (r) => (r.ok && r.status >= 200 && r.status < 300 ? r.body : null),
    );
    ctx.robots.set(origin, text);
  }
  const body = await text;
  if (body === null) return true;
  const { default: robotsParser } = await import('robots-parser');
  return robotsParser(`${origin}/robots.txt`, body).isAllowed(url, ctx.settings.userAgent) !== false;
}

/** The directives of `<meta name="robots">`, lower-cased (`none` means both noindex and nofollow). */
function metaRobots($: CheerioAPI): Set<string> {
  const directives = new Set<string>();
  $('meta[name]').each((_, element) => {
    if ($(element).attr('name')?.toLowerCase() !== 'robots') return;
    for (const word of ($(element).attr('content') ?? '').toLowerCase().split(/[\s,]+/)) if (word) directives.add(word);
  });
  if (directives.has('none')) directives.add('noindex').add('nofollow');
  return directives;
}

/** The canonical URL to go to instead of this page, unless it is the page itself or ignored. */
function canonicalOf($: CheerioAPI, url: string, settings: CrawlSettings): string | undefined {
  const href = $('head link[rel="canonical"]').attr('href');
  if (!href) return undefined;
  const canonical = crawlUrl(href, url, settings, true);
  if (canonical === undefined || canonical === url || settings.canonicalIgnored(canonical)) return undefined;
  return canonical;
}

/** Links the crawler reads on a page (links with `rel="nofollow"` only with `ignoreNoFollowTo`), or the linkExtractor's. */
async function pageLinks(ctx: PageContext, $: CheerioAPI, url: string, logs: string[][]): Promise<string[]> {
  const { settings } = ctx;
  const defaultExtractor = (): string[] => {
    const found: string[] = [];
    const add = (href: string | undefined) => {
      const link = href === undefined ? undefined : crawlUrl(href, url, settings, true);
      if (link !== undefined && !found.includes(link)) found.push(link);
    };
    $('a[href], area[href]').each((_, element) => {
      const rel = ($(element).attr('rel') ?? '').toLowerCase().split(/\s+/);
      if (settings.ignoreNoFollowTo || !rel.includes('nofollow')) add($(element).attr('href'));
    });
    $('iframe[src]').each((_, element) => add($(element).attr('src')));
    $('head link[rel="alternate"][href]').each((_, element) => add($(element).attr('href')));
    if (!settings.ignorePaginationAttributes)
      $('head link[rel="prev"][href], head link[rel="next"][href]').each((_, element) => add($(element).attr('href')));
    return found;
  };
  if (settings.linkExtractor === undefined) return defaultExtractor();
  const extractor = compiled(ctx, settings.linkExtractor);
  try {
    const result = await extractor({ $, url: new URL(url), defaultExtractor }, logs);
    if (!Array.isArray(result)) throw new TypeError('linkExtractor must return an array of URLs');
    return result
      .map((href) => crawlUrl(String(href), url, settings, true))
      .filter((link): link is string => link !== undefined);
  } catch (error) {
    logs.push([`Error: linkExtractor: ${(error as Error).message}`]);
    return [];
  }
}

/** `selectorsToMatch`: every `!`-selector absent, and one of the others present (when there are any). */
function selectorsMatch($: CheerioAPI, selectors: readonly string[]): boolean {
  if (selectors.length === 0) return true;
  const present = (selector: string) => {
    try {
      return $(selector).length > 0;
    } catch {
      return false;
    }
  };
  const negated = selectors.filter((s) => s.startsWith('!')).map((s) => s.slice(1));
  const wanted = selectors.filter((s) => !s.startsWith('!'));
  return negated.every((s) => !present(s)) && (wanted.length === 0 || wanted.some(present));
}

function compiled(ctx: PageContext, source: string): Extractor {
  let extractor = ctx.compiled.get(source);
  if (!extractor) {
    extractor = ctx.sandbox.compile(source, sandboxHost(ctx.core));
    ctx.compiled.set(source, extractor);
  }
  return extractor;
}

/**
 * Runs one action's extractor with the arguments the real crawler passes (a fresh `$` per
 * action, as an extractor may change the page); records come back as JSON copies. A string
 * answer is the failure: `timeout` or `error` (the message is in the logs).
 */
async function runExtractor(
  ctx: PageContext,
  action: ActionSettings,
  url: string,
  body: string,
  contentLength: number,
  fileType: string,
  logs: string[][],
): Promise<unknown> {
  const $ = ctx.cheerio.load(body);
  const dataSources = externalDataFor(ctx, url);
  try {
    const extractor = compiled(ctx, action.extractor);
    const page = new URL(url);
    const result = await extractor(
      {
        url: page,
        $,
        contentLength,
        fileType,
        dataSources,
        helpers: buildHelpers($, page),
      },
      logs,
    );
    return result === undefined ? undefined : JSON.parse(JSON.stringify(result) ?? 'null');
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    logs.push([`Error: ${message}`]);
    return error instanceof ExtractorTimeout ? 'timeout' : 'error';
  }
}

const lastError = (logs: string[][]) => logs[logs.length - 1]?.[0]?.replace(/^Error: /, '');

/** The values each external data source holds for a URL (`dataSources` of extractors). */
export function externalDataFor(ctx: PageContext, url: string): Record<string, Record<string, unknown>> {
  const sources = ctx.core.options.crawler?.externalData ?? {};
  const out: Record<string, Record<string, unknown>> = {};
  for (const id of ctx.settings.externalData) out[id] = { ...(sources[id]?.[url] ?? {}) };
  return out;
}

/** What is wrong with an extractor's answer: it must be an array of objects, each small enough. */
function recordsProblem(result: unknown, action: ActionSettings): { reason: string; message: string } | undefined {
  if (!Array.isArray(result))
    return { reason: 'invalid_records', message: 'The recordExtractor must return an array of records' };
  for (const record of result) {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      return { reason: 'invalid_records', message: 'Every record must be an object' };
    }
    const objectID = (record as Record<string, unknown>).objectID;
    if (objectID === undefined && !action.autoGenerateObjectIDs)
      return { reason: 'missing_object_id', message: 'A record has no objectID' };
    const size = new TextEncoder().encode(JSON.stringify(record)).length;
    if (size > MAX_RECORD_BYTES)
      return {
        reason: 'record_too_big',
        message: `Record extracted is too big (${size} bytes, ${MAX_RECORD_BYTES} at most)`,
      };
  }
  return undefined;
}

/**
 * The crawler's objectIDs for records that have none: the page URL for a page's only record,
 * `<url>#<n>` (from 0) when the page gives several, so a recrawl replaces the same records.
 */
function withObjectIDs(records: Record<string, unknown>[], url: string): SearchRecord[] {
  return records.map((record, i) => {
    const given = record.objectID;
    const objectID =
      given === undefined || given === null ? (records.length === 1 ? url : `${url}#${i}`) : String(given);
    return { ...record, objectID };
  });
}
