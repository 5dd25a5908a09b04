import type { OperationContext } from '../route';
import { paginate } from './store';

/**
 * GET /api/1/domains — the domains crawlers may visit. The emulator has no dashboard to
 * register domains: every host a crawler's `startUrls`, `sitemaps` or `extraUrls` names is
 * registered and verified for that crawler's application (`verified`, and the live API's
 * `validated`), filtered by `appId` (or `appID`).
 */
export function listDomains(ctx: OperationContext) {
  const { query } = ctx.req;
  const appIdFilter = query.appId ?? query.appID;
  const seen = new Set<string>();
  const domains: { appId: string; domain: string; verified: boolean; validated: boolean }[] = [];
  for (const crawler of ctx.core.state.crawler.crawlers.values()) {
    const appId = String(crawler.config.appId ?? '');
    if (appIdFilter !== undefined && appId !== appIdFilter) continue;
    for (const key of ['startUrls', 'sitemaps', 'extraUrls']) {
      const list = crawler.config[key];
      if (!Array.isArray(list)) continue;
      for (const url of list) {
        let domain: string;
        try {
          domain = new URL(String(url)).hostname;
        } catch {
          continue;
        }
        if (seen.has(`${appId} ${domain}`)) continue;
        seen.add(`${appId} ${domain}`);
        domains.push({ appId, domain, verified: true, validated: true });
      }
    }
  }
  return paginate(domains, query);
}
