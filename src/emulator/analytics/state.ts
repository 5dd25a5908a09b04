import { IssuedQueries } from './recording/issued-queries';
import { SearchLog } from './recording/search-log';
import type { QueryTally } from './reports/tally';

/** A filter a search applied, as analytics reports it (`brand:apple`, `price>10`). */
export interface RecordedFilter {
  readonly attribute: string;
  readonly operator: ':' | '<' | '<=' | '=' | '!=' | '>' | '>=';
  readonly value: string;
}

/** One search as analytics saw it (searches with `analytics: false` are never recorded). */
export interface RecordedSearch {
  readonly id: number;
  readonly at: number;
  readonly index: string;
  readonly query: string;
  /** `userToken`, else the `X-Algolia-UserToken` header, else the client IP. */
  readonly user: string;
  readonly tags: readonly string[];
  readonly nbHits: number;
  /** Object IDs of the hits returned, in order. */
  readonly hits: readonly string[];
  /** Present for tracked searches (`clickAnalytics: true`). */
  readonly queryID?: string;
  readonly filters: readonly RecordedFilter[];
  readonly country?: string;
  /**
   * The search this keystroke replaced (prefix aggregation): the same user's previous search
   * on the index. A recorded search is never rewritten; readers derive which ones were replaced.
   */
  readonly replaces?: number;
}

/** A counted search's query ID: when and where it was issued, for attributing events. */
export interface IssuedQuery {
  readonly queryID: string;
  readonly at: number;
  readonly index: string;
  /** The recorded search. */
  readonly searchId: number;
}

export interface ObjectData {
  readonly queryID?: string;
  readonly price?: number;
  readonly quantity?: number;
  readonly discount?: number;
}

/** An accepted insights event. */
export interface StoredEvent {
  /** Order of arrival, so deletions can tell events received before them. */
  readonly seq: number;
  readonly receivedAt: number;
  readonly timestamp: number;
  readonly eventType: 'click' | 'view' | 'conversion' | 'instantsearch';
  readonly eventSubtype?: 'addToCart' | 'purchase';
  readonly eventName: string;
  readonly index: string;
  readonly userToken: string;
  readonly authenticatedUserToken?: string;
  readonly queryID?: string;
  readonly objectIDs?: readonly string[];
  readonly positions?: readonly number[];
  /** Decoded `attribute:value` strings. */
  readonly filters?: readonly string[];
  readonly objectData?: readonly ObjectData[];
  readonly currency?: string;
  readonly value?: number;
}

export interface Strategy {
  readonly eventsScoring: readonly {
    readonly eventName: string;
    readonly eventType: 'click' | 'conversion' | 'view';
    readonly score: number;
  }[];
  readonly facetsScoring: readonly { readonly facetName: string; readonly score: number }[];
  readonly personalizationImpact: number;
}

export interface ProfileDeletion {
  /** Events timestamped before this instant are ignored. */
  readonly deletedUntil: number;
  /** Events received up to this sequence number are ignored too. */
  readonly seq: number;
}

/**
 * The searches of one index and one day folded into tallies once no event can reach them any
 * more (see `retention.ts`). Never changed once stored; a day may have several (searches
 * recorded for a folded day later, as tests can, fold into another).
 */
export interface FoldedDay {
  readonly index: string;
  /** `YYYY-MM-DD` (UTC). */
  readonly date: string;
  /** Tally key (day, tags, query) -> tally. */
  readonly tallies: ReadonlyMap<string, QueryTally>;
}

/** Recorded searches, insights events, personalization strategy and profiles, rate-limit window. */
export interface AnalyticsState {
  /** Oldest first; appended to, never rewritten, stored as rows (see {@link SearchLog}); folded away past the conversion window. */
  readonly searches: SearchLog;
  /** Days of searches folded into tallies, kept for the retention period. */
  readonly folded: readonly FoldedDay[];
  /** Raw searches before this instant have been folded. */
  readonly foldedBefore: number;
  /** Every query ID a search returned, oldest first; look one up with {@link issuedQuery}. */
  readonly queries: IssuedQueries;
  readonly events: readonly StoredEvent[];
  readonly lastSeq: number;
  readonly strategy?: Strategy;
  readonly deletions: ReadonlyMap<string, ProfileDeletion>;
  /** The analytics API's fixed 60-second window. */
  readonly rateWindow: { readonly start: number; readonly count: number };
}

export const initialAnalyticsState = (): AnalyticsState => ({
  searches: SearchLog.empty(),
  folded: [],
  foldedBefore: Number.NEGATIVE_INFINITY,
  queries: IssuedQueries.empty(),
  events: [],
  lastSeq: 0,
  deletions: new Map(),
  rateWindow: { start: Number.NEGATIVE_INFINITY, count: 0 },
});

/** What the insights API knows of `queryID` (the last search that returned it). */
export function issuedQuery(state: AnalyticsState, queryID: string): IssuedQuery | undefined {
  return state.queries.find(queryID);
}
