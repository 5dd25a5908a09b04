import {
  createFakeClock,
  createSystemClock,
  DEFAULT_START,
  toMilliseconds,
  type Duration,
  type Instant,
  type RestartableClock,
} from '../clock';
import { Core, type Snapshot } from './core';
import { Faults } from './faults/faults';
import { CLIENT_METHOD_NAMES } from './journal/helpers';
import { DEFAULT_JOURNAL_LIMIT, Journal } from './journal/journal';
import { installAbtesting } from './abtesting/install';
import { installComposition } from './composition/install';
import { installAnalytics } from './analytics/install';
import { installClusters } from './clusters/install';
import { installLogs } from './logs/install';
import { clusterOfRequest, clustersOf } from './monitoring/clusters';
import { dispatch } from './dispatch';
import { withLoads } from './lazy';
import { loadAllTables } from './search/dictionaries/languages';
import type { DirectCalls } from './direct-calls';
import type { Emulator, ResetOptions } from './emulator';
import { buildDirectCalls, type Caller } from './facade';
import { buildHelpers } from './helpers';
import { TOO_DEEP, valueDeeperThan } from './json-depth';
import { createRandom } from './random';
import type { EmulatorRequest, EmulatorResponse } from './request';
import { Router } from './router';
import { routes } from './routes';
import { explain } from './search/explain/explain';
import type { Explanation, ExplainRequest } from './search/explain/types';
import { installSearchStages } from './search/stages';
import { installCrawler } from './crawler/install';
import { installIngestion } from './ingestion/install';
import { crawlerOptions } from './crawler/options';
import { installQuerySuggestions } from './query-suggestions/install';
import { querySuggestionsCalls } from './query-suggestions/direct';
import { configureModel, type ModelConfigInput } from './recommend/config';
import { installRecommend } from './recommend/install';
import { ensureDailyTraining, trainModels } from './recommend/training';
import { initialState } from './state';
import { loadFixture } from './fixtures/load';
import { dumpFixture } from './fixtures/dump';
import type { Fixture, LoadSummary } from './fixtures/types';

export interface EmulatorOptions {
  /** Application ID; the hosts intercepted are derived from it. Default `"TESTAPP"`. */
  appId?: string;
  /** The admin API key. Default `"admin-api-key"`. */
  adminApiKey?: string;
  /** Seed of every generated ID, key and query ID. Default `"search-emulator"`. */
  seed?: string | number;
  /** Start of the fake clock (epoch ms or ISO string), or `"system"` for the host clock. Default 2024-01-01T00:00:00Z. */
  now?: Instant | 'system';
  /** Delay between accepting a write and publishing it (ms or a duration string). Default 0: published at once. */
  indexingDelay?: Duration;
  /** The client IP requests come from unless a request sets `x-emulator-client-ip`. Default `"127.0.0.1"`. */
  clientIp?: string;
  /** Cluster names, to turn on multi-cluster user mapping (e.g. `['c1-test', 'c2-test']`). Default: off. */
  clusters?: readonly string[];
  /** How often analytics data refreshes (`status.updatedAt`): a duration, or `"immediate"`. Default `"5m"`. */
  analyticsRefresh?: Duration | 'immediate';
  /** How long analytics keep a day's data (and personalization its events): a duration. Default `"90d"`, the service's default retention. */
  analyticsRetention?: Duration;
  /** Country code (`"FR"`) analytics attributes searches to unless a request sets `x-emulator-country`. Default none. */
  country?: string;
  /** Custom dictionary entries allowed (all dictionaries together) before a batch answers 403. Default 10,000. */
  dictionaryEntriesQuota?: number;
  /** The crawler API's user ID (basic auth user). Default `"crawler-user-id"`. */
  crawlerUserId?: string;
  /** The crawler API's key (basic auth password). Default `"crawler-api-key"`. */
  crawlerApiKey?: string;
  /** How crawls fetch pages. Default: the global `fetch` at crawl time, so a test's msw handlers serve the site. */
  crawlerFetch?: typeof fetch;
  /** Crawler external data sources: source ID -> page URL -> values (`dataSources` of extractors). Default none. */
  crawlerExternalData?: Record<string, Record<string, Record<string, unknown>>>;
  /** Requests `emulator.journal` keeps (the newest; older ones are dropped). 0 turns it off. Default 1,000. */
  journalLimit?: number;
  /**
   * With `indexingDelay`: asking for a task not published yet (`getTask`, `getAppTask`, so the
   * clients' `waitForTask` / v4's `waitTask`) first moves the clock to its publication time,
   * and the task answers `published`. Default false: the clock moves only when told to.
   */
  advanceOnTaskPoll?: boolean;
}

export type { Emulator, ResetOptions };

/**
 * Creates an emulator: an in-memory copy of the hosted search platform with a fake clock.
 * Call operations directly (`await emulator.saveObject({ indexName, body })`), hand
 * `createHandlers(emulator)` from `search-emulator/msw` to msw's `setupServer` /
 * `setupWorker`, or give the official client `createRequester(emulator)`.
 *
 * @example
 * const emulator = createEmulator({ appId: 'TESTAPP', indexingDelay: '2s' });
 * await emulator.saveObject({ indexName: 'products', body: { name: 'Phone' } });
 * emulator.clock.advance('2s');
 * const { hits } = await emulator.searchSingleIndex<{ name: string }>({ indexName: 'products', searchParams: { query: 'phone' } });
 */
export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const appId = options.appId ?? 'TESTAPP';
  const adminApiKey = options.adminApiKey ?? 'admin-api-key';
  const clock: RestartableClock =
    options.now === 'system' ? createSystemClock() : createFakeClock(options.now ?? DEFAULT_START);
  const seed = options.seed ?? 'search-emulator';
  const random = createRandom(seed);
  const seedState = random.save();
  const firstTaskID = random.int(100_000, 999_999);
  const router = new Router(routes);
  // Faults may name a cluster: which one serves a request depends on the state (user mapping).
  const clusters = { names: () => clustersOf(core), of: (req: EmulatorRequest) => clusterOfRequest(core, req) };
  const core: Core = new Core(
    {
      appId,
      adminApiKey,
      indexingDelay: toMilliseconds(options.indexingDelay ?? 0),
      clientIp: options.clientIp ?? '127.0.0.1',
      clusters: [...(options.clusters ?? [])],
      analyticsRefresh: options.analyticsRefresh === 'immediate' ? 0 : toMilliseconds(options.analyticsRefresh ?? '5m'),
      analyticsRetention: toMilliseconds(options.analyticsRetention ?? '90d'),
      ...(options.country !== undefined ? { country: options.country } : {}),
      ...(options.dictionaryEntriesQuota !== undefined
        ? { dictionaryEntriesQuota: options.dictionaryEntriesQuota }
        : {}),
      crawler: {
        userId: options.crawlerUserId ?? 'crawler-user-id',
        apiKey: options.crawlerApiKey ?? 'crawler-api-key',
        ...(options.crawlerFetch ? { fetch: options.crawlerFetch } : {}),
        externalData: options.crawlerExternalData ?? {},
      },
      ...(options.advanceOnTaskPoll ? { advanceOnTaskPoll: true } : {}),
    },
    clock,
    random,
    router,
    () => initialState(firstTaskID),
    new Faults(clock, createRandom(`${seed}/faults`), router, clusters),
  );
  const journal = new Journal(options.journalLimit ?? DEFAULT_JOURNAL_LIMIT, (name) =>
    router.unknownOperation(name, CLIENT_METHOD_NAMES),
  );
  if (journal.limit > 0) core.observe((event) => journal.record(event));
  installSearchStages();
  installAnalytics(core);
  installClusters(core);
  installLogs(core);
  installCrawler(core);
  installIngestion(core);
  installQuerySuggestions(core);
  installRecommend(core);
  installAbtesting(core);
  installComposition(core);
  const crawlerCredentials = { userId: crawlerOptions(core).userId, apiKey: crawlerOptions(core).apiKey };
  const admin: Caller = { appId, apiKey: adminApiKey, crawler: crawlerCredentials };
  const searchRoute = routes.find((r) => r.operation === 'searchSingleIndex' && r.method === 'POST')!;
  const calls = buildDirectCalls(core, admin);

  const suggestions = querySuggestionsCalls(core);
  const emulator: Emulator = {
    // The direct calls are built from the route table; DirectCalls gives each its client's signature.
    ...(calls as unknown as DirectCalls),
    ...buildHelpers(core, calls),
    ...suggestions,
    // A build searches the source indices with their settings: every language table loads first.
    buildQuerySuggestions: async (params: { indexName: string }) => {
      await loadAllTables();
      return suggestions.buildQuerySuggestions(params);
    },
    appId,
    adminApiKey,
    clock,
    async advance(duration: Duration): Promise<number> {
      const ms = toMilliseconds(duration);
      if (ms < 0) throw new RangeError('emulator.advance() takes a positive duration; use clock.set() to go back');
      const target = clock.now() + ms;
      await core.idle();
      for (
        let stop = core.nextStop(clock.now(), target);
        stop !== undefined;
        stop = core.nextStop(clock.now(), target)
      ) {
        clock.set(stop);
        await core.idle();
      }
      clock.set(target);
      await core.idle();
      return clock.now();
    },
    crawlerCredentials,
    journal,
    faults: core.faults,
    explain: (request: ExplainRequest): Promise<Explanation> =>
      withLoads(core, 'explain', () => explain(core, searchRoute, request)),
    as(caller: Partial<Caller> & { apiKey: string }) {
      return buildDirectCalls(core, { appId, crawler: crawlerCredentials, ...caller }) as unknown as DirectCalls;
    },
    request(req: Partial<EmulatorRequest> & Pick<EmulatorRequest, 'method' | 'path'>): Promise<EmulatorResponse> {
      const tooDeep = req.body !== undefined && valueDeeperThan(req.body);
      return dispatch(core, {
        host: 'search',
        surface: 'direct',
        query: {},
        headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminApiKey },
        bodySize: req.body === undefined || tooDeep ? 0 : new TextEncoder().encode(JSON.stringify(req.body)).length,
        ...req,
        // Copies: the API log and the journal keep the request, the caller may reuse its objects.
        ...(req.query ? { query: { ...req.query } } : {}),
        ...(req.headers ? { headers: { ...req.headers } } : {}),
        ...(tooDeep ? { body: undefined, bodyError: TOO_DEEP } : { body: req.body }),
      });
    },
    load: (fixture: Fixture): LoadSummary => loadFixture(core, fixture),
    dump: (): Fixture => dumpFixture(core.state, core.now()),
    trainRecommendModels(options: { indexName?: string } = {}): { trainedAt: string; indices: string[] } {
      core.settle();
      const indices = trainModels(core, options.indexName);
      ensureDailyTraining(core);
      return { trainedAt: core.isoNow(), indices };
    },
    configureRecommendModel: (input: ModelConfigInput) => configureModel(core, input),
    snapshot: (): Snapshot => core.snapshot(),
    restore: (snapshot: Snapshot) => core.restore(snapshot),
    // A rest parameter, so `reset.length` is 0: Jest would take a declared one for a `done` callback.
    reset(...[options]: [options?: ResetOptions]) {
      random.restore(seedState);
      random.int(100_000, 999_999);
      core.faults.reset();
      journal.clear();
      core.reset();
      // After the state: the initial state has no pending task or job for the move to publish.
      if (options?.keepClock !== true) clock.restart();
    },
    routes,
    core,
  };
  return emulator;
}

export type { DirectCalls };
