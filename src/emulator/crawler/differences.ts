/** The crawler operations spec 001 lists; the others come from the live OpenAPI (`specs/crawler`). */
export const SPEC_001_OPERATIONS: ReadonlySet<string> = new Set([
  'createCrawler',
  'listCrawlers',
  'getCrawler',
  'patchCrawler',
  'patchConfig',
  'runCrawler',
  'pauseCrawler',
  'startReindex',
  'getStats',
  'crawlUrls',
  'testUrl',
  'getTaskStatus',
  'cancelBlockingAction',
  'listDomains',
]);

/**
 * Where spec 001 (the contract) and the live crawler OpenAPI differ, and what the emulator
 * does: spec 001 wins, the live spelling is accepted or sent as well where that is harmless.
 * The parity report lists these.
 */
export const SPEC_DIFFERENCES: readonly { topic: string; spec: string; live: string; emulator: string }[] = [
  {
    topic: 'Crawler field',
    spec: '`lastReindexStartedAt`',
    live: '`lastReindexStartAt`',
    emulator: 'both sent, same value',
  },
  { topic: 'List filter', spec: '`appId`', live: '`appID`', emulator: 'both accepted (crawlers and domains lists)' },
  { topic: 'Domain field', spec: '`verified`', live: '`validated`', emulator: 'both sent, same value' },
  {
    topic: 'Error body',
    spec: '`{ message }`',
    live: '`{ error: { code, message } }`',
    emulator: '`{ message, status, error: { code, message } }`',
  },
  {
    topic: 'Crawl-URLs calls',
    spec: '200 per 24 hours',
    live: '500 per 24 hours',
    emulator: '200 per 24 hours of the fake clock, then 429',
  },
  { topic: 'Crawler `id` in getCrawler', spec: 'listed', live: 'absent', emulator: 'sent' },
  {
    topic: 'Task path parameter',
    spec: '`tid`',
    live: '`taskID`',
    emulator: 'same path; direct calls name it `taskID`',
  },
  {
    topic: 'Cancel of a non-blocking task',
    spec: 'an error, status not shown',
    live: '400 documented',
    emulator: '400',
  },
  {
    topic: 'Unknown crawler',
    spec: '403',
    live: '403 documented, except the config version routes, which document only 404 (Not found)',
    emulator: '403, except the config version routes (not in spec 001): 404, as documented there',
  },
  {
    topic: 'Unknown task',
    spec: 'not shown',
    live: 'not documented (getTaskStatus: 200, 401, 403)',
    emulator: '404 `Task does not exist` for a task the crawler never returned',
  },
  {
    topic: 'An extractor that throws',
    spec: 'not shown',
    live: 'the URL fails (status FAILED, category extraction, per the crawler error-messages docs); crawls block on the safety checks',
    emulator: 'the same: blocking comes from `maxFailedUrls` / `maxLostRecordsPercentage`, never from one page',
  },
  {
    topic: 'Operations',
    spec: 'fourteen',
    live: 'adds delete, config versions, crawl runs',
    emulator: 'all served; the routes that take a configuration or crawl pages are partial (their notes)',
  },
];
