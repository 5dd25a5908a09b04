/**
 * The crawler service's slice: crawlers with their configuration versions, the crawl under way
 * and the outcome of the last one, the tasks their actions returned, the crawl-URLs calls of
 * the last 24 hours and the run logs. Plain data only: snapshots carry a crawl in progress.
 */

/** A configuration as the API stores it: JSON, extractors as `{ __type: 'function', source }`. */
export type CrawlerConfig = Readonly<Record<string, unknown>>;

export type UrlStatus = 'DONE' | 'SKIPPED' | 'FAILED';
export type UrlCategory = 'success' | 'fetch' | 'extraction' | 'indexing';

/** What became of one URL in a crawl (the stats group URLs by status, category and reason). */
export interface UrlOutcome {
  readonly status: UrlStatus;
  readonly category: UrlCategory;
  /** Machine-readable reason (`success`, `http_not_found`, `forbidden_by_robotstxt`, ...). */
  readonly reason: string;
  /** Records the URL gave, by target index (live name). */
  readonly records: number;
  /** The error of a failed URL, for the logs. */
  readonly error?: string;
}

/** A URL waiting in a crawl's queue. */
export interface QueuedUrl {
  readonly url: string;
  /** `sitemap`: read for the URLs it lists, not as a page. */
  readonly kind: 'page' | 'sitemap';
  /** Where it came from: start and sitemap URLs skip `maxDepth`. */
  readonly from: 'start' | 'sitemap' | 'link' | 'extra';
}

/**
 * What a reindex learned about a page, for the next one's conditional request (`cache`): the
 * validators the site sent, the links and the records (objectIDs by live index) it gave.
 */
export interface CachedPage {
  readonly etag?: string;
  readonly lastModified?: string;
  readonly links: readonly string[];
  readonly records: Readonly<Record<string, readonly string[]>>;
  /** The page's external data then (JSON): a change means the page is fetched in full. */
  readonly data: string;
}

/** A reindex under way: the queue, the URLs seen, the outcomes so far and where records go. */
export interface Crawl {
  readonly runId: string;
  /** The reindex task: pending until the crawl ends, the blocking task when it blocks. */
  readonly taskId: string;
  readonly startedAt: number;
  /** The configuration the crawl started with (a change applies from the next crawl), and its version. */
  readonly config: CrawlerConfig;
  readonly configVersion: number;
  /** Counts the steps taken, so the results of a step that was overtaken are dropped. */
  readonly step: number;
  readonly queue: readonly QueuedUrl[];
  readonly seen: ReadonlySet<string>;
  readonly outcomes: ReadonlyMap<string, UrlOutcome>;
  /** Live index name -> the temporary index the crawl fills. */
  readonly targets: ReadonlyMap<string, string>;
  /** Live index name -> objectIDs written to its temporary index (the safety check counts them). */
  readonly recordIds: ReadonlyMap<string, ReadonlySet<string>>;
  /** robots.txt per origin, fetched once per crawl (`null`: none, everything allowed). */
  readonly robots: ReadonlyMap<string, string | null>;
  /** The run's log lines, as the run's log file shows them. */
  readonly log: readonly string[];
  /** Headers the login at the start gave (`Cookie`, `Authorization`), sent with every request. */
  readonly session: Readonly<Record<string, string>>;
  /** Pages fetched so far that the next reindex may request conditionally. */
  readonly cached: ReadonlyMap<string, CachedPage>;
  /** The action an action-level `schedule` started this crawl for (only its pages and index); none for a full crawl. */
  readonly action?: string;
}

export interface ConfigVersion {
  readonly version: number;
  readonly config: CrawlerConfig;
  readonly createdAt: number;
  readonly authorId: string;
}

export interface CrawlerRecord {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly config: CrawlerConfig;
  readonly running: boolean;
  readonly reindexing: boolean;
  /** Present while blocked: the task to cancel and the error that blocked the crawler. */
  readonly blocked?: { readonly taskId: string; readonly error: string };
  readonly lastReindexStartedAt: number | null;
  readonly lastReindexEndedAt: number | null;
  readonly versions: readonly ConfigVersion[];
  readonly crawl?: Crawl;
  /** The outcomes of the last crawl that ended (stats read them when no crawl is under way). */
  readonly lastOutcomes: ReadonlyMap<string, UrlOutcome>;
  /** URLs that gave records during the last reindex (the crawl-URLs `save` rule reads them). */
  readonly indexedUrls: ReadonlySet<string>;
  /** Paused by `pauseCrawler` (and not run since): its schedules do not start crawls. */
  readonly paused: boolean;
  /** The last full reindex's pages, for conditional requests, and the configuration (JSON) it ran with. */
  readonly cache: ReadonlyMap<string, CachedPage>;
  readonly cacheConfig: string | null;
}

/** A task an action returned: getTaskStatus answers for the crawler's own tasks only. */
export interface CrawlerTask {
  readonly crawlerId: string;
}

/** One finished crawl run, as the crawl runs list shows it; `file` is its log. */
export interface CrawlRun {
  readonly id: string;
  readonly crawlerId: string;
  readonly reindexId: string;
  readonly configVersion: number;
  readonly startedAt: number;
  readonly completedAt: number;
  readonly status: 'DONE' | 'FAILED';
  readonly urlsDone: number;
  readonly urlsSkipped: number;
  readonly urlsFailed: number;
  readonly file: string;
  readonly accessCount: number;
  readonly lastAccessedAt: number | null;
}

export interface CrawlerState {
  /** In creation order. */
  readonly crawlers: ReadonlyMap<string, CrawlerRecord>;
  readonly tasks: ReadonlyMap<string, CrawlerTask>;
  /** Times of the crawl-URLs calls of the last 24 hours (200 allowed). */
  readonly crawlCalls: readonly number[];
  /** In completion order. */
  readonly runs: ReadonlyMap<string, CrawlRun>;
}

export const initialCrawlerState = (): CrawlerState => ({
  crawlers: new Map(),
  tasks: new Map(),
  crawlCalls: [],
  runs: new Map(),
});
