import { freeze, type Draft } from 'immer';
import type { Core, DispatchEvent } from '../../core';
import { readHeader } from '../../request';
import type { AppendList } from '../../append-list';
import type { AnalyticsState, RecordedSearch } from '../state';
import { recordedFilters } from './filters';
import { readBoolean, readSearchParams, readTags } from './params';

/** Keystrokes of one user closer than this are one search (the last one counts). */
export const AGGREGATION_WINDOW_MS = 30_000;

/** Header a test sets to attribute a search to a country (the real service geolocates the IP). */
export const COUNTRY_HEADER = 'x-emulator-country';

/** One search to record, as the engine answered it. */
export interface SearchInput {
  readonly indexName: string;
  /** The search parameters (JSON fields and the `params` string already merged). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly nbHits: number;
  /** Object IDs of the hits returned. */
  readonly hits: readonly string[];
  /** The query ID the engine returned (present when `clickAnalytics: true`). */
  readonly queryID?: string;
  /** The user a search is attributed to when `params.userToken` is absent (header or IP). */
  readonly user: string;
  readonly country?: string;
  /** Clock time of the search; default now. */
  readonly at?: number;
}

/**
 * Records a search for analytics. Every query ID is remembered (insights checks events
 * against it); `analytics: false` searches stop there. A keystroke that extends or shortens
 * the same user's previous query within 30 s replaces it, as the real prefix aggregation does:
 * the new search names the one it replaces, which stays as it was.
 */
export function recordSearch(core: Core, input: SearchInput): void {
  const at = input.at ?? core.now();
  const params = input.params;
  const state = core.state.analytics;
  // Both lists grow in O(1) outside the draft and are assigned whole; immer never walks them.
  let searches: AppendList<RecordedSearch> | undefined;
  let searchId: number | undefined;
  if (readBoolean(params.analytics, true)) {
    const current = state.searches;
    const query = typeof params.query === 'string' ? params.query : params.query === undefined ? '' : String(params.query);
    const user = typeof params.userToken === 'string' && params.userToken !== '' ? params.userToken : input.user;
    const id = (current.at(-1)?.id ?? 0) + 1;
    searchId = id;
    const previous = current.lastWithKey(userKeyOf, userKey(input.indexName, user));
    const replaces = previous !== undefined && at - previous.at <= AGGREGATION_WINDOW_MS && isPrefixPair(previous.query, query) ? previous.id : undefined;
    const search: RecordedSearch = {
      id,
      at,
      index: input.indexName,
      query,
      user,
      tags: readTags(params.analyticsTags),
      nbHits: input.nbHits,
      hits: [...input.hits],
      filters: recordedFilters(params as Record<string, unknown>),
      ...(input.queryID !== undefined ? { queryID: input.queryID } : {}),
      ...(input.country !== undefined ? { country: input.country } : {}),
      ...(replaces !== undefined ? { replaces } : {}),
    };
    searches = current.append(freeze(search, true));
  }
  const queries =
    input.queryID === undefined
      ? undefined
      : state.queries.append(Object.freeze({ queryID: input.queryID, at, index: input.indexName, ...(searchId !== undefined ? { searchId } : {}) }));
  if (searches === undefined && queries === undefined) return;
  core.commit((draft) => {
    const slice = draft.analytics as Draft<AnalyticsState>;
    if (searches !== undefined) slice.searches = searches;
    if (queries !== undefined) slice.queries = queries;
  });
}

/** The observer: records the searches of every successful search request. */
export function recordFromDispatch(core: Core, event: DispatchEvent): void {
  const { req, res, route, auth } = event;
  if (!route || route.host !== 'search' || res.status !== 200 || !res.body || typeof res.body !== 'object') return;
  const forced = auth?.queryParameters ?? {};
  const common = {
    user: readHeader(req, 'x-algolia-usertoken') ?? auth?.userToken ?? firstForwarded(req.headers['x-forwarded-for']) ?? auth?.ip ?? core.options.clientIp,
    country: readHeader(req, COUNTRY_HEADER) ?? core.options.country,
    at: event.at,
  };
  const body = res.body as Record<string, unknown>;
  const segments = req.path.split('/');
  if (route.method === 'POST' && route.path === '/1/indexes/{indexName}/query') {
    record(core, decode(segments[3]), { ...readSearchParams(req.body), ...forced }, body, common);
  } else if (route.method === 'GET' && route.path === '/1/indexes/{indexName}' && Array.isArray(body.hits)) {
    record(core, decode(segments[3]), { ...readSearchParams(req.query), ...forced }, body, common);
  } else if (route.method === 'POST' && route.path === '/1/indexes/*/queries') {
    const requests = (req.body as { requests?: unknown[] } | undefined)?.requests ?? [];
    const results = (body.results as unknown[] | undefined) ?? [];
    requests.forEach((entry, i) => {
      const request = (entry ?? {}) as Record<string, unknown>;
      const result = results[i] as Record<string, unknown> | undefined;
      if (request.type === 'facet' || !result || !Array.isArray(result.hits) || typeof request.indexName !== 'string') return;
      record(core, request.indexName, { ...readSearchParams(request), ...forced }, result, common);
    });
  }
}

function record(
  core: Core,
  indexName: string,
  params: Record<string, unknown>,
  result: Record<string, unknown>,
  common: { user: string; country?: string; at: number },
): void {
  const hits = Array.isArray(result.hits) ? result.hits : [];
  recordSearch(core, {
    indexName,
    params,
    nbHits: typeof result.nbHits === 'number' ? result.nbHits : hits.length,
    hits: hits.map((hit) => String((hit as { objectID?: unknown })?.objectID ?? '')).filter(Boolean),
    ...(typeof result.queryID === 'string' ? { queryID: result.queryID } : {}),
    ...common,
  });
}

/** The key of a user's searches on one index (the searches a keystroke can replace). */
const userKey = (index: string, user: string) => `${index}\u0000${user}`;
const userKeyOf = (search: RecordedSearch) => userKey(search.index, search.user);

/** Typing forward or backspacing: one query is a prefix of the other. */
function isPrefixPair(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x.startsWith(y) || y.startsWith(x);
}

function firstForwarded(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.trim();
  return first ? first : undefined;
}

function decode(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    return segment ?? '';
  }
}
