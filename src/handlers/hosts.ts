import type { HostFamily } from '../emulator/request';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The real hostnames of each API family, as regular expressions over the full URL.
 * Recommendations share the search hosts; the other families have fixed hostnames.
 */
export function hostPatterns(appId: string): Record<HostFamily, RegExp> {
  const app = escape(appId);
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
