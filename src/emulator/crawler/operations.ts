/** The Crawler API's operations: a chunk of its own, loaded by the first call (routes.ts). */
export {
  cancelBlockingAction,
  crawlUrls,
  getTaskStatus,
  pauseCrawler,
  runCrawler,
  startReindex,
  testUrl,
} from './actions';
export { createCrawler, deleteCrawler, getCrawler, listCrawlers, patchCrawler } from './crawlers';
export { listDomains } from './domains';
export { deleteCrawlRun, getCrawlRunFile, listCrawlRuns } from './runs';
export { getStats } from './stats';
export { getConfigVersion, listConfigVersions, patchConfig } from './versions';
