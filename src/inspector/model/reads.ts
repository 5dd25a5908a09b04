import { dispatch } from '../../emulator/dispatch';
import type { Emulator } from '../../emulator/emulator';
import { ApiError, badRequest } from '../../emulator/errors';
import { toRequest } from '../../emulator/facade';

/**
 * The operations the inspector may run: reads only (none commits to the state tree when run
 * internally), so a read-only inspector can call them all. Searches are among them: they change
 * nothing but the journal and analytics, which internal requests skip.
 */
export const READ_OPERATIONS = [
  'listIndices',
  'getSettings',
  'browse',
  'searchSingleIndex',
  'searchForFacetValues',
  'getObject',
  'searchRules',
  'searchSynonyms',
  'getDictionarySettings',
  'searchDictionaryEntries',
  'listApiKeys',
  'getApiKey',
  'getTask',
  'getSources',
  'getSearchesCount',
  'getTopSearches',
  'getNoResultsRate',
  'getClickThroughRate',
  'getTopHits',
  'getUsersCount',
  'getAllConfigs',
  'getConfigStatus',
  'getLogFile',
  'listCrawlers',
] as const;

const ALLOWED: ReadonlySet<string> = new Set(READ_OPERATIONS);

/**
 * Runs one read operation as the application's admin, through the same pipeline as any
 * request (settle, gate, operation), marked internal: no fault, firewall, journal entry, API-log
 * line or analytics. Answers the body; rejects with the operation's ApiError.
 */
export async function readOperation(emulator: Emulator, operation: unknown, params: unknown = {}): Promise<unknown> {
  if (typeof operation !== 'string' || !ALLOWED.has(operation))
    throw badRequest(`\`operation\` must be one of the inspector's reads: ${READ_OPERATIONS.join(', ')}`);
  if (params === null || typeof params !== 'object' || Array.isArray(params))
    throw badRequest("`params` must be an object: the parameters of the official client's call");
  const route = emulator.routes.find((candidate) => candidate.operation === operation && candidate.call);
  if (!route) throw badRequest(`No route serves ${operation}`);
  const req = toRequest(route, params as Record<string, unknown>, {
    appId: emulator.appId,
    apiKey: emulator.adminApiKey,
    crawler: emulator.crawlerCredentials,
  });
  req.internal = true;
  const res = await dispatch(emulator.core, req);
  if (res.status >= 400 || res.status === 0) {
    const message = (res.body as { message?: string } | undefined)?.message ?? `HTTP ${res.status}`;
    throw new ApiError(res.status === 0 ? 502 : res.status, message);
  }
  return res.body;
}
