import type { Clock, Duration } from '../clock';
import type { Core, Snapshot } from './core';
import type { DirectCalls } from './direct-calls';
import type { Caller } from './facade';
import type { Faults } from './faults/faults';
import type { Fixture, LoadSummary } from './fixtures/types';
import type { Helpers } from './helpers';
import type { Journal } from './journal/journal';
import type { ModelConfigInput } from './recommend/config';
import type { ModelConfig } from './recommend/state';
import type { EmulatorRequest, EmulatorResponse } from './request';
import type { Route } from './route';
import type { Explanation, ExplainRequest } from './search/explain/types';

/** What `emulator.reset()` may keep. */
export interface ResetOptions {
  /** Keep the clock where it is instead of taking it back to its start. Default false. */
  keepClock?: boolean;
}

/**
 * What `createEmulator` returns: every operation as the official v5 client's method of the same
 * name ({@link DirectCalls}), the client's helpers ({@link Helpers}), and the emulator's own
 * controls. Declared once, so the package's type declarations name it instead of spelling it out
 * wherever it is used.
 */
export interface Emulator extends DirectCalls, Helpers {
  readonly appId: string;
  readonly adminApiKey: string;
  /** The fake clock every time-dependent behaviour reads. */
  readonly clock: Clock;
  /**
   * Moves the clock forward like `clock.advance` (a negative duration is a RangeError),
   * stopping at every scheduled job (a crawl step, a crawler's schedule) and waiting for the
   * work it started (page fetches) before going on: `await emulator.advance('1m')` runs a
   * minute of crawling, exactly.
   */
  advance(duration: Duration): Promise<number>;
  /** The crawler API's basic-auth pair (`Authorization: Basic base64(userId:apiKey)`). */
  readonly crawlerCredentials: { userId: string; apiKey: string };
  /** Every request received, over any surface, with filter helpers; the matchers read it. */
  readonly journal: Journal;
  /** Deterministic faults and latency per host family, host or operation (docs/testing.md). */
  readonly faults: Faults;
  /**
   * Builds a Query Suggestions index now, start to end at the current instant of the clock (a
   * build under way is dropped; the daily builds keep their schedule), and resolves with the
   * configuration's status. 404 when there is no such configuration (docs/query-suggestions.md).
   *
   * @example
   * await emulator.createConfig({ indexName: 'products_qs', sourceIndices: [{ indexName: 'products' }] });
   * // ... searches on `products` ...
   * await emulator.buildQuerySuggestions({ indexName: 'products_qs' });
   */
  buildQuerySuggestions: (params: { indexName: string }) => Promise<Record<string, unknown>>;
  /**
   * Why a record ranks where it does for a query (each criterion's value, what decided
   * against its neighbours), or why search leaves it out; what rules, synonyms, dictionaries
   * and personalization did. `text` says it in sentences (docs/testing.md).
   */
  explain: (request: ExplainRequest) => Promise<Explanation>;
  /** Direct calls made with another key, IP or headers (or other crawler credentials). */
  as(caller: Partial<Caller> & { apiKey: string }): DirectCalls;
  /**
   * Sends a raw request through the same pipeline as HTTP (for routes without a direct call).
   * Always answers a response: a body nested past the limit gets the 400 HTTP would get.
   */
  request(req: Partial<EmulatorRequest> & Pick<EmulatorRequest, 'method' | 'path'>): Promise<EmulatorResponse>;
  /**
   * Loads indices (records, settings, synonyms, rules) and API keys in the formats the
   * dashboard and CLI export, published at once; a bad fixture throws an ApiError (400) and
   * changes nothing. Files: `readFixtures(path)` from `search-emulator/server`.
   */
  load: (fixture: Fixture) => LoadSummary;
  /** The application as a fixture: `load(dump())` gives the same indices and keys back. */
  dump: () => Fixture;
  /**
   * Trains the Recommend models now, of every index or of one (they also retrain daily at
   * 03:00 UTC once Recommend is in use); see docs/recommend.md. Answers the indices trained.
   */
  trainRecommendModels(options?: { indexName?: string }): { trainedAt: string; indices: string[] };
  /** Sets the attributes looking-similar (or related-products' content fallback) compares on an index, from its next training. */
  configureRecommendModel: (input: ModelConfigInput) => ModelConfig;
  /** An O(1) copy of everything: state, generator and clock. */
  snapshot: () => Snapshot;
  restore: (snapshot: Snapshot) => void;
  /**
   * Back to the emulator as it was created: an empty application, the clock at its start (a
   * fake clock's `now`, a system clock without offset) unless `{ keepClock: true }`, the
   * generator at its seed; the journal and faults are cleared. `afterEach(() => emulator.reset())`
   * makes tests independent of their order.
   */
  reset(...args: [options?: ResetOptions]): void;
  /** The route table, for reports and tooling. */
  readonly routes: readonly Route[];
  /** Internals for extensions and tests; not a stable API. */
  readonly core: Core;
}
