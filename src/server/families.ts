import type { Router } from '../emulator/router';
import type { HostFamily, Method } from '../emulator/request';

/** The first path segment that names a family explicitly (`/insights/1/events`). */
const PREFIXES: Readonly<Record<string, HostFamily>> = {
  search: 'search',
  recommend: 'search',
  insights: 'insights',
  analytics: 'analytics',
  personalization: 'personalization',
  'query-suggestions': 'suggestions',
  suggestions: 'suggestions',
  crawler: 'crawler',
  ingestion: 'ingestion',
  monitoring: 'monitoring',
  'advanced-personalization': 'advanced-personalization',
};

/** Real hostnames of the fixed-name families (the search hosts carry the application ID). */
const HOSTS: readonly [RegExp, HostFamily][] = [
  [/^insights(?:\.(?:de|us))?\.algolia\.io$/i, 'insights'],
  [/^analytics(?:\.(?:de|us|eu))?\.algolia\.com$/i, 'analytics'],
  [/^personalization(?:\.(?:eu|us))?\.algolia\.com$/i, 'personalization'],
  [/^query-suggestions(?:\.(?:eu|us))?\.algolia\.com$/i, 'suggestions'],
  [/^crawler\.algolia\.com$/i, 'crawler'],
  [/^data\.(?:us|eu)\.algolia\.com$/i, 'ingestion'],
  [/^status\.algolia\.com$/i, 'monitoring'],
  [/^ai-personalization\.(?:eu|us)\.algolia\.com$/i, 'advanced-personalization'],
];
const SEARCH_HOST = /^([a-z0-9]+)(?:-dsn\.algolia\.net|\.algolia\.net|-[123]\.algolianet\.com)$/i;

/** Where a request to the server goes: which family, which API path, and the app its host names. */
export interface Destination {
  readonly family: HostFamily;
  readonly path: string;
  /** The application ID a search hostname carries (`TESTAPP-dsn.algolia.net`). */
  readonly appId?: string;
}

/**
 * Finds the family a request is for, in order: a path prefix naming it (`/insights/1/events`),
 * a real hostname in the Host header, then the one family whose routes match the path (the
 * search family when several do). Undefined when nothing matches: a 404.
 */
export function destinationOf(router: Router, method: Method, host: string, path: string): Destination | undefined {
  const first = /^\/([^/]+)(\/.*)$/.exec(path);
  const named = first ? PREFIXES[first[1]] : undefined;
  if (first && named) return { family: named, path: first[2] };
  const hostname = host.replace(/:\d+$/, '');
  const search = SEARCH_HOST.exec(hostname);
  if (search) return { family: 'search', path, appId: search[1] };
  for (const [pattern, family] of HOSTS) if (pattern.test(hostname)) return { family, path };
  const families = [...new Set(router.routes.map((route) => route.host))].filter(
    (family) => router.match(family, method, path) !== undefined,
  );
  if (families.length === 0) return undefined;
  return { family: families.includes('search') ? 'search' : families[0], path };
}
