import { getTopFilterForAttribute, getTopSearches } from '../../analytics/reports/operations';
import type { Core } from '../../core';
import type { EmulatorRequest } from '../../request';
import type { Auth, OperationContext } from '../../route';
import { adminAuth } from './search';

const DAY_MS = 86_400_000;
/** The builder reads the popular searches of the last 30 days. */
const ANALYTICS_DAYS = 30;
/** The most rows an analytics top list holds. */
const TOP_LIMIT = '1000';

/** A search as the top-searches report counts it. */
export interface PopularSearch {
  readonly search: string;
  readonly count: number;
}

/** A filter used with a search, as the top-filters report counts it. */
export interface UsedFilter {
  readonly attribute: string;
  readonly operator: string;
  readonly value: string;
  readonly count: number;
}

/**
 * The builder's one reading of analytics, through the reports that answer `getTopSearches`
 * and `getTopFilterForAttribute` (never the recorded entries themselves, whose keeping is
 * analytics' business): the last 30 days up to the build, as refreshed at that instant.
 */
export const analyticsOf = (core: Core) => ({
  /** Top searches of `index`; `tags` are ORed (a search with any of them counts). */
  popularSearches(index: string, tags: readonly string[]): PopularSearch[] {
    const query: Record<string, string> = { index, ...windowOf(core), limit: TOP_LIMIT };
    if (tags.length > 0) query.tags = tags.map(encodeTag).join(' OR ');
    const { searches } = getTopSearches(report(core, '/2/searches', query)) as { searches: PopularSearch[] };
    return searches;
  },

  /** Top values of `attribute` filtered on together with the search `search` on `index`. */
  filtersUsed(index: string, search: string, attribute: string): UsedFilter[] {
    const query = { index, ...windowOf(core), limit: TOP_LIMIT, search };
    const { values } = getTopFilterForAttribute(
      report(core, `/2/filters/${encodeURIComponent(attribute)}`, query, { attribute }),
    ) as { values: UsedFilter[] };
    return values;
  },
});

function windowOf(core: Core): { startDate: string; endDate: string } {
  const now = core.now();
  return { startDate: dateOf(now - (ANALYTICS_DAYS - 1) * DAY_MS), endDate: dateOf(now) };
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A tag as one token of the `tags` expression: encoded, parentheses and the words AND / OR included. */
function encodeTag(tag: string): string {
  const encoded = encodeURIComponent(tag).replace(/\(/g, '%28').replace(/\)/g, '%29');
  return encoded === 'AND' || encoded === 'OR'
    ? `%${encoded.charCodeAt(0).toString(16).toUpperCase()}${encoded.slice(1)}`
    : encoded;
}

/** The context of an analytics report asked for by the builder itself (admin rights, no HTTP). */
function report(
  core: Core,
  path: string,
  query: Record<string, string>,
  params: Record<string, string> = {},
): OperationContext {
  const req: EmulatorRequest = {
    method: 'GET',
    host: 'analytics',
    path,
    query,
    headers: {},
    body: undefined,
    bodySize: 0,
  };
  const route = core.router.routes.find(
    (candidate) => candidate.host === 'analytics' && candidate.path === routePath(path),
  )!;
  const auth: Auth = adminAuth(core);
  return { core, route, req, params, auth };
}

const routePath = (path: string) => (path.startsWith('/2/filters/') ? '/2/filters/{attribute}' : path);
