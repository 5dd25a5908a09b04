/**
 * The crawl engine, loaded on the first crawl (`await import('./crawl')`): the HTML parser,
 * glob matcher, robots.txt reader and extractor sandbox stay out of the core's import path.
 */
export { startCrawl, runStep } from './run';
export { crawlSpecificUrls } from './specific';
export { testPage } from './test-url';
