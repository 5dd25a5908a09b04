import { ApiError } from '../errors';
import { loadOptional } from '../optional';

type Cheerio = typeof import('cheerio');

/**
 * cheerio's name out of bundlers' sight: a browser build (esbuild, Vite, webpack) of a project
 * that never crawls, and so never installs it, must still build.
 */
const CHEERIO = 'cheerio';

/** The HTML parser every crawl uses; a 501 naming what to install when it is absent. */
export function loadCheerio(): Promise<Cheerio> {
  const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
  if (!isNode)
    return Promise.reject(
      new ApiError(501, 'search-emulator: crawling runs in Node only (its HTML parser, cheerio, is loaded there)'),
    );
  return loadOptional(
    CHEERIO,
    () => import(/* @vite-ignore */ /* webpackIgnore: true */ CHEERIO) as Promise<Cheerio>,
    'Crawling',
  );
}

/**
 * The crawl engine (crawl/), loaded on the first crawl, once its HTML parser is known to be
 * there: cheerio is an optional peer dependency, so a crawl without it answers a 501 naming it
 * before anything changes.
 */
export async function crawlEngine(): Promise<typeof import('./crawl')> {
  await loadCheerio();
  return import('./crawl');
}
