import type { Core } from '../../core';
import { indexAllowed } from '../../gate';
import { resolveKey } from '../../security/resolve';
import type { EmulatorRequest } from '../../request';
import type { Acl } from '../../route';
import type { CrawlSettings } from './settings';

/** The rights the crawler's key needs to write records, replace indices and read settings. */
const CRAWL_RIGHTS: readonly Acl[] = ['addObject', 'deleteIndex', 'settings'];

/**
 * Checks that `config.appId` / `config.apiKey` reach this application with the rights a crawl
 * needs (and `editSettings` when it applies `initialIndexSettings`), on every index it writes.
 * Answers the error the crawler is blocked with, or undefined when the key will do.
 */
export async function accessProblem(
  core: Core,
  settings: CrawlSettings,
  indices: readonly string[],
  applySettings: boolean,
): Promise<string | undefined> {
  if (settings.appId.toLowerCase() !== core.options.appId.toLowerCase()) {
    return `Error: Algolia application "${settings.appId}" is not reachable with this crawler (the emulated application is "${core.options.appId}")`;
  }
  if (settings.apiKey === undefined || settings.apiKey === '')
    return 'Error: config.apiKey is missing: the crawler needs an API key to write to the application';
  if (settings.apiKey === core.options.adminApiKey) return undefined;
  const route = core.router.routes.find((r) => r.operation === 'batch');
  const req: EmulatorRequest = {
    method: 'POST',
    host: 'search',
    path: '/1/indexes/*/batch',
    query: {},
    headers: {},
    body: undefined,
    bodySize: 0,
  };
  let auth;
  try {
    auth = route ? await resolveKey(core, req, route, settings.apiKey, core.options.clientIp) : undefined;
  } catch {
    auth = undefined;
  }
  if (!auth) return 'Error: Invalid Application-ID or API key (config.apiKey)';
  const needed = applySettings ? [...CRAWL_RIGHTS, 'editSettings' as const] : CRAWL_RIGHTS;
  const missing = needed.filter((acl) => !auth.acl.has(acl));
  if (missing.length > 0)
    return `Error: The API key (config.apiKey) is missing the ACL ${missing.join(', ')} (a crawl needs ${needed.join(', ')})`;
  const refused = indices.find((name) => !indexAllowed(auth, name));
  if (refused !== undefined)
    return `Error: The API key (config.apiKey) is not allowed to write to the index "${refused}"`;
  return undefined;
}
