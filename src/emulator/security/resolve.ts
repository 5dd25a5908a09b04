import type { Core } from '../core';
import { forbidden, messages } from '../errors';
import { readHeader, type EmulatorRequest } from '../request';
import type { Auth, Route } from '../route';
import { liveAppKey } from './api-keys';
import { indexKeyHolders } from './index-keys';
import { isLive } from './key-fields';
import {
  narrowParameters,
  parseRestrictions,
  refererAllowed,
  sourceRestrictionAllows,
  validAt,
  type Restrictions,
} from './restrictions';
import { hmacSha256Hex, sameHash, splitSecuredKey } from './secured';
import type { StoredKey } from './state';

const REFERER_REFUSED = 'Method not allowed with this referer';

/**
 * Finds the non-admin key a request carries: an application key, an index-specific key, or
 * a secured key whose HMAC verifies against one of them. `undefined` when none does.
 * Throws 403 when the key exists but its restrictions (referers, sources, validUntil) refuse
 * this request.
 */
export async function resolveKey(
  core: Core,
  req: EmulatorRequest,
  _route: Route,
  apiKey: string,
  ip: string,
): Promise<Auth | undefined> {
  const appKey = liveAppKey(core, apiKey);
  if (appKey) return keyAuth(core, req, appKey, apiKey, ip, appKey.indexes);
  const indexKey = indexKeyHolders(core, apiKey);
  if (indexKey) return keyAuth(core, req, indexKey.key, apiKey, ip, indexKey.indexes);
  const secured = await findSecuredParent(core, apiKey);
  if (!secured) return undefined;
  return keyAuth(core, req, secured.parent, apiKey, ip, secured.indexes, parseRestrictions(secured.query));
}

interface SecuredMatch {
  readonly parent: StoredKey;
  readonly indexes: readonly string[] | undefined;
  readonly query: string;
}

/** Every key a secured key may be derived from: live application and index keys, never the admin key. */
function candidateParents(core: Core): { key: StoredKey; indexes: readonly string[] | undefined }[] {
  const now = core.now();
  const out: { key: StoredKey; indexes: readonly string[] | undefined }[] = [];
  for (const key of core.state.security.keys.values()) if (isLive(key, now)) out.push({ key, indexes: key.indexes });
  const seen = new Set<string>();
  for (const keys of core.state.security.indexKeys.values()) {
    for (const key of keys.values()) {
      if (seen.has(key.value) || !isLive(key, now)) continue;
      seen.add(key.value);
      out.push({ key, indexes: indexKeyHolders(core, key.value)?.indexes });
    }
  }
  return out;
}

async function findSecuredParent(core: Core, apiKey: string): Promise<SecuredMatch | undefined> {
  const parts = splitSecuredKey(apiKey);
  if (!parts) return undefined;
  for (const { key, indexes } of candidateParents(core)) {
    if (sameHash(await hmacSha256Hex(key.value, parts.query), parts.hash))
      return { parent: key, indexes, query: parts.query };
  }
  return undefined;
}

/** The identity a stored key (and, for a secured key, its signed restrictions) gives a request. */
function keyAuth(
  core: Core,
  req: EmulatorRequest,
  key: StoredKey,
  apiKey: string,
  ip: string,
  indexes: readonly string[] | undefined,
  secured?: Restrictions,
): Auth {
  const own = parseRestrictions(key.queryParameters ?? '');
  const layers = secured ? [own, secured] : [own];
  const referer = readHeader(req, 'referer') ?? readHeader(req, 'origin');
  if (!refererAllowed(key.referers, referer) || layers.some((layer) => !refererAllowed(layer.referers, referer))) {
    throw forbidden(REFERER_REFUSED);
  }
  for (const layer of layers) {
    if (!sourceRestrictionAllows(layer.restrictSources, ip)) throw forbidden(messages.invalidCredentials);
    if (!validAt(layer.validUntil, core.now())) throw forbidden(messages.invalidCredentials);
  }
  const userToken = secured?.userToken ?? own.userToken ?? readHeader(req, 'x-algolia-usertoken');
  // Each layer's list must admit the index: a secured key narrows its parent, never widens it.
  const restrictIndices = layers
    .map((layer) => layer.restrictIndices)
    .filter((list): list is string[] => list !== undefined && list.length > 0);
  const limit = key.maxQueriesPerIPPerHour ?? 0;
  return {
    admin: false,
    apiKey,
    acl: new Set(key.acl),
    ...(indexes && indexes.length > 0 ? { indexes } : {}),
    ...(restrictIndices.length > 0 ? { restrictIndices } : {}),
    queryParameters: narrowParameters(own.searchParameters, secured?.searchParameters),
    ...(key.maxHitsPerQuery ? { maxHitsPerQuery: key.maxHitsPerQuery } : {}),
    ...(userToken === undefined ? {} : { userToken }),
    ...(limit > 0
      ? { rateLimit: { bucket: `${key.value} ${userToken === undefined ? `ip:${ip}` : `user:${userToken}`}`, limit } }
      : {}),
    ip,
  };
}
