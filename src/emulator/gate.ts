import type { Core } from './core';
import { forbidden, messages, notFound, tooManyRequests } from './errors';
import { readCredential, readHeader, readUserID, type EmulatorRequest } from './request';
import type { Acl, Auth, OperationContext, Route } from './route';
import { ALL_ACLS } from './security/acl';
import { resolveKey } from './security/resolve';
import { userAssigned } from './clusters/mapping';
import { authenticateCrawler } from './crawler/auth';
import { authenticateMonitoring } from './monitoring/auth';

/** Header a test can set to attribute one request to another client IP. */
const CLIENT_IP_HEADER = 'x-emulator-client-ip';

const HOUR = 3_600_000;

/** The admin key's rights: one set for every request (an Auth's set is never written to). */
const ADMIN_ACLS: ReadonlySet<Acl> = new Set(ALL_ACLS);

/** The IP a request comes from (what the firewall sees): a test header or the emulator option. */
export function clientIp(core: Core, req: EmulatorRequest): string {
  return readHeader(req, CLIENT_IP_HEADER) ?? core.options.clientIp;
}

/**
 * Establishes who is calling: application ID, then the key (admin, stored or secured).
 * The admin key may speak for a rate-limited key on behalf of an end user
 * (`X-Forwarded-API-Key` + `X-Forwarded-For`): the request then gets that key's identity,
 * counted against the forwarded IP. Rights are checked later by {@link authorize}. The
 * crawler family authenticates its own way (crawler/auth.ts).
 */
export async function authenticate(core: Core, req: EmulatorRequest, route: Route): Promise<Auth> {
  // The crawler API has credentials of its own (basic auth), not the application's keys.
  if (route.host === 'crawler') return authenticateCrawler(core, req, clientIp(core, req));
  // Most of the Monitoring API is public.
  if (route.host === 'monitoring') return authenticateMonitoring(core, req, route, clientIp(core, req));
  const appId = readCredential(req, 'application-id');
  const apiKey = readCredential(req, 'api-key');
  if (!appId || !apiKey || appId.toLowerCase() !== core.options.appId.toLowerCase()) {
    throw forbidden(messages.invalidCredentials);
  }
  const ip = clientIp(core, req);
  if (apiKey === core.options.adminApiKey) {
    const forwardedKey = readHeader(req, 'x-forwarded-api-key');
    if (forwardedKey === undefined) return { admin: true, apiKey, acl: ADMIN_ACLS, ip };
    const forwardedIp = readHeader(req, 'x-forwarded-for')?.split(',')[0]?.trim() || ip;
    const forwarded = await resolveKey(core, req, route, forwardedKey, forwardedIp);
    if (!forwarded) throw forbidden(messages.invalidCredentials);
    return forwarded;
  }
  const auth = await resolveKey(core, req, route, apiKey, ip);
  if (!auth) throw forbidden(messages.invalidCredentials);
  return auth;
}

/**
 * Checks, in order: the route's right, the key's index restriction, the multi-cluster user
 * header, then counts the call against the key's hourly limit.
 */
export function authorize(ctx: OperationContext): void {
  const { route, auth } = ctx;
  assertUserAssigned(ctx);
  if (auth.admin || route.acl === 'none') return;
  if (route.acl === 'admin') throw forbidden(messages.invalidCredentials);
  const needed =
    typeof route.acl === 'function' ? route.acl(ctx) : typeof route.acl === 'string' ? [route.acl] : route.acl;
  for (const acl of needed) {
    if (!auth.acl.has(acl)) throw forbidden(messages.methodNotAllowed);
  }
  const indexName = ctx.params.indexName;
  if (indexName !== undefined && indexName !== '*') assertIndexAllowed(auth, indexName);
  countCall(ctx);
}

/** Whether an index name is within a key's `indexes` and every `restrictIndices` list (`*` wildcards). */
export function indexAllowed(auth: Auth, indexName: string): boolean {
  const within = (patterns: readonly string[] | undefined) =>
    !patterns || patterns.length === 0 || patterns.some((pattern) => indexPattern(pattern, indexName));
  return within(auth.indexes) && (auth.restrictIndices === undefined || auth.restrictIndices.every(within));
}

/**
 * 403 with the real message when the key may not touch the index. {@link authorize} checks the
 * path's `{indexName}`; operations call this for every other index they name: each index of a
 * body (`*\/queries`, `*\/objects`, `*\/batch`), a copy's destination, analytics' `index`.
 */
export function assertIndexAllowed(auth: Auth, indexName: string): void {
  if (!auth.admin && !indexAllowed(auth, indexName)) throw forbidden(messages.indexNotAllowed);
}

/** `*` matches any run of characters; index names are case-sensitive. */
function indexPattern(pattern: string, indexName: string): boolean {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(indexName);
}

/** `maxQueriesPerIPPerHour`: a sliding one-hour window on the emulator clock. */
function countCall(ctx: OperationContext): void {
  const limit = ctx.auth.rateLimit;
  if (!limit) return;
  const { core } = ctx;
  const now = core.now();
  const recent = (core.state.security.calls.get(limit.bucket) ?? []).filter((at) => at > now - HOUR);
  if (recent.length >= limit.limit) throw tooManyRequests(messages.rateLimited);
  core.commit((draft) => {
    draft.security.calls.set(limit.bucket, [...recent, now]);
  });
}

/** With multi-cluster mapping on, a request for a user that is not assigned is rejected. */
function assertUserAssigned(ctx: OperationContext): void {
  if (!ctx.core.options.clusters?.length) return;
  const userID = readUserID(ctx.req);
  if (userID === undefined) return;
  if (ctx.route.path.startsWith('/1/clusters')) return;
  if (!userAssigned(ctx.core, userID)) throw notFound(messages.userNotAssigned);
}
