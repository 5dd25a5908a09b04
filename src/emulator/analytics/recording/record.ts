import type { Core, DispatchEvent } from '../../core';
import { readHeader } from '../../request';
import type { IssuedQuery, RecordedSearch } from '../state';
import type { SearchLog } from './search-log';
import { recordedFilters } from './filters';
import { readBoolean, readSearchParams, readTags } from './params';

/** Keystrokes of one user closer than this are one search (the last one counts). */
const AGGREGATION_WINDOW_MS = 30_000;

/** Header a test sets to attribute a search to a country (the real service geolocates the IP). */
const COUNTRY_HEADER = 'x-emulator-country';

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
 * Records a search for analytics, with its query ID when it has one (click and conversion
 * events are attributed through it); `analytics: false` searches are not recorded. A keystroke that extends or shortens
 * the same user's previous query within 30 s replaces it, as the real prefix aggregation does:
 * the new search names the one it replaces, which stays as it was.
 */
export function recordSearch(core: Core, input: SearchInput): void {
  const at = input.at ?? core.now();
  const params = input.params;
  const state = core.state.analytics;
  // Both lists grow in O(1) and are assigned whole, without a draft: nothing walks them.
  let searches: SearchLog | undefined;
  let searchId: number | undefined;
  if (readBoolean(params.analytics, true)) {
    const current = state.searches;
    const query =
      typeof params.query === 'string' ? params.query : params.query === undefined ? '' : String(params.query);
    const user = typeof params.userToken === 'string' && params.userToken !== '' ? params.userToken : input.user;
    const id = current.lastId + 1;
    searchId = id;
    const previous = current.lastOfUser(input.indexName, user);
    const replaces =
      previous !== undefined && at - previous.at <= AGGREGATION_WINDOW_MS && isPrefixPair(previous.query, query)
        ? previous.id
        : undefined;
    const filters = recordedFilters(params as Record<string, unknown>);
    for (const filter of filters) Object.freeze(filter);
    const search: Mutable<RecordedSearch> = {
      id,
      at,
      index: input.indexName,
      query,
      user,
      tags: frozenList(readTags(params.analyticsTags)),
      nbHits: input.nbHits,
      hits: input.hits.length === 0 ? NONE : Object.freeze(input.hits.slice()),
      filters: frozenList(filters),
    };
    if (input.queryID !== undefined) search.queryID = input.queryID;
    if (input.country !== undefined) search.country = input.country;
    if (replaces !== undefined) search.replaces = replaces;
    searches = current.append(Object.freeze(search as RecordedSearch));
  }
  if (searches === undefined) return;
  if (input.queryID === undefined || searchId === undefined) {
    core.assign('analytics', { searches });
    return;
  }
  // Only a counted search's query ID can attribute events (reports/dataset.ts).
  const issued: IssuedQuery = Object.freeze({ queryID: input.queryID, at, index: input.indexName, searchId });
  core.assign('analytics', { searches, queries: state.queries.append(issued) });
}

type Mutable<T> = { -readonly [K in keyof T]?: T[K] };

/** One empty list for every search without tags, filters or hits. */
const NONE: readonly never[] = Object.freeze([]);

const frozenList = <T>(list: T[]): readonly T[] => (list.length === 0 ? NONE : Object.freeze(list));

/** The observer: records the searches of every successful search request; true when it did. */
export function recordFromDispatch(core: Core, event: DispatchEvent): boolean {
  const { req, res, route, params, auth } = event;
  if (!route || route.host !== 'search' || res.status !== 200 || !res.body || typeof res.body !== 'object')
    return false;
  const body = res.body as Record<string, unknown>;
  const single =
    route.path === '/1/indexes/{indexName}/query'
      ? route.method === 'POST'
      : route.path === '/1/indexes/{indexName}' && route.method === 'GET' && Array.isArray(body.hits);
  const multi = route.method === 'POST' && route.path === '/1/indexes/*/queries';
  if (!single && !multi) return false;
  const origin: Origin = {
    user:
      readHeader(req, 'x-algolia-usertoken') ??
      auth?.userToken ??
      firstForwarded(req.headers['x-forwarded-for']) ??
      auth?.ip ??
      core.options.clientIp,
    country: readHeader(req, COUNTRY_HEADER) ?? core.options.country,
    at: event.at,
    forced: auth?.queryParameters,
  };
  if (single) {
    record(
      core,
      params?.indexName ?? '',
      readSearchParams(route.method === 'POST' ? req.body : req.query),
      body,
      origin,
    );
    return true;
  }
  const requests = (req.body as { requests?: unknown[] } | undefined)?.requests ?? [];
  const results = (body.results as unknown[] | undefined) ?? [];
  requests.forEach((entry, i) => {
    const request = (entry ?? {}) as Record<string, unknown>;
    const result = results[i] as Record<string, unknown> | undefined;
    if (request.type === 'facet' || !result || !Array.isArray(result.hits) || typeof request.indexName !== 'string')
      return;
    record(core, request.indexName, readSearchParams(request), result, origin);
  });
  return true;
}

/** Who a request's searches are attributed to, and the parameters its key forces. */
interface Origin {
  readonly user: string;
  readonly country: string | undefined;
  readonly at: number;
  readonly forced: Readonly<Record<string, string>> | undefined;
}

function record(
  core: Core,
  indexName: string,
  params: Record<string, unknown>,
  result: Record<string, unknown>,
  origin: Origin,
): void {
  if (origin.forced) Object.assign(params, origin.forced);
  const hits = Array.isArray(result.hits) ? result.hits : [];
  const ids: string[] = [];
  for (const hit of hits) {
    const id = String((hit as { objectID?: unknown })?.objectID ?? '');
    if (id) ids.push(id);
  }
  recordSearch(core, {
    indexName,
    params,
    nbHits: typeof result.nbHits === 'number' ? result.nbHits : hits.length,
    hits: ids,
    queryID: typeof result.queryID === 'string' ? result.queryID : undefined,
    user: origin.user,
    country: origin.country,
    at: origin.at,
  });
}

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
