import type { Core } from './core';
import { forbidden, messages } from './errors';
import { readCredential, readHeader, type EmulatorRequest } from './request';
import type { Acl, Auth, OperationContext, Route } from './route';
import { resolveKey } from './keys/resolve';

/** Every right: what the admin key holds. */
export const ALL_ACLS: readonly Acl[] = [
  'search',
  'browse',
  'addObject',
  'deleteObject',
  'deleteIndex',
  'settings',
  'editSettings',
  'analytics',
  'recommendation',
  'usage',
  'logs',
  'listIndexes',
  'seeUnretrievableAttributes',
  'inference',
  'personalization',
];

/** Header a test can set to attribute one request to another client IP. */
export const CLIENT_IP_HEADER = 'x-emulator-client-ip';

/**
 * Establishes who is calling: application ID, then the key (admin, stored or secured).
 * Rights are checked later by {@link authorize}, once the route's context exists.
 */
export async function authenticate(core: Core, req: EmulatorRequest, route: Route): Promise<Auth> {
  const appId = readCredential(req, 'application-id');
  const apiKey = readCredential(req, 'api-key');
  if (!appId || !apiKey || appId.toLowerCase() !== core.options.appId.toLowerCase()) {
    throw forbidden(messages.invalidCredentials);
  }
  const ip = readHeader(req, CLIENT_IP_HEADER) ?? core.options.clientIp;
  if (apiKey === core.options.adminApiKey) {
    return { admin: true, apiKey, acl: new Set(ALL_ACLS), ip };
  }
  const auth = await resolveKey(core, req, route, apiKey, ip);
  if (!auth) throw forbidden(messages.invalidCredentials);
  return auth;
}

/** Checks the route's right and the key's index restriction. */
export function authorize(ctx: OperationContext): void {
  const { route, auth } = ctx;
  if (auth.admin || route.acl === 'none') return;
  if (route.acl === 'admin') throw forbidden(messages.invalidCredentials);
  const needed = typeof route.acl === 'function' ? route.acl(ctx) : [route.acl];
  for (const acl of needed) {
    if (!auth.acl.has(acl)) throw forbidden('Method not allowed with this API key');
  }
  const indexName = ctx.params.indexName;
  if (indexName !== undefined && indexName !== '*' && !indexAllowed(auth, indexName)) {
    throw forbidden(`Index not allowed with this API key`);
  }
}

/** Whether an index name is within a key's `indexes` patterns (`*` matches any run of characters). */
export function indexAllowed(auth: Auth, indexName: string): boolean {
  if (!auth.indexes || auth.indexes.length === 0) return true;
  return auth.indexes.some((pattern) => wildcard(pattern).test(indexName));
}

function wildcard(pattern: string): RegExp {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`);
}
