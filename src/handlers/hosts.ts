import type { HostFamily } from '../emulator/request';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Any application's search hosts: the application ID is the first label (group 1). */
const ANY_APP = '([^./:]+?)';

/**
 * The real hostnames of each API family, as regular expressions over the full URL.
 * Recommendations share the search hosts; the other families have fixed hostnames. Without an
 * application ID, the search pattern matches every application's hosts.
 */
export function hostPatterns(appId?: string): Record<HostFamily, RegExp> {
  const app = appId === undefined ? ANY_APP : escape(appId);
  const url = (hosts: string) => new RegExp(`^https?://(?:${hosts})(?::\\d+)?(?:/.*)?$`, 'i');
  const search = url(`${app}(?:-dsn)?\\.algolia\\.net|${app}-[123]\\.algolianet\\.com`);
  return {
    search,
    insights: url(`insights(?:\\.(?:de|us))?\\.algolia\\.io`),
    analytics: url(`analytics(?:\\.(?:de|us|eu))?\\.algolia\\.com`),
    personalization: url(`personalization(?:\\.(?:eu|us))?\\.algolia\\.com`),
    suggestions: url(`query-suggestions(?:\\.(?:eu|us))?\\.algolia\\.com`),
    crawler: url(`crawler\\.algolia\\.com`),
    ingestion: url(`data\\.(?:us|eu)\\.algolia\\.com`),
    monitoring: url(`status\\.algolia\\.com`),
    'advanced-personalization': url(`ai-personalization\\.(?:eu|us)\\.algolia\\.com`),
  };
}

/** The application a search host names (`APPID-dsn.algolia.net` -> `APPID`), lower-cased. */
export function appOfSearchHost(url: string): string | undefined {
  const match = ANY_SEARCH_HOST.exec(url);
  return (match?.[1] ?? match?.[2])?.toLowerCase();
}

const ANY_SEARCH_HOST = hostPatterns().search;
