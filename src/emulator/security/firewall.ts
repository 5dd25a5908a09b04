import type { Core } from '../core';
import { badRequest, notFound } from '../errors';
import type { OperationContext } from '../route';
import { networkContains, parseNetwork } from './network';
import type { AllowedSource } from './state';

/** Sources that admit the vendor's support team rather than a network (both spellings). */
const SUPPORT_SOURCES = new Set(['SERVICE_SUPPORT', 'ALGOLIA_SUPPORT']);
const MAX_SOURCES = 1000;

/**
 * Whether a client IP may reach the application. The allow-list is off until first set
 * up; when on, refused sources see no server at all (a network failure, not an HTTP error).
 */
export function sourceAllowed(core: Core, ip: string): boolean {
  const { enabled, sources } = core.state.security.firewall;
  if (!enabled) return true;
  return sources.some(({ source }) => {
    const network = parseNetwork(source);
    return network !== undefined && networkContains(network, ip);
  });
}

function parseSource(value: unknown, where: string): AllowedSource {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badRequest(`${where} must be an object with a \`source\``);
  const { source, description } = value as Record<string, unknown>;
  if (typeof source !== 'string') throw badRequest(`${where}.source is required and must be a string`);
  if (!SUPPORT_SOURCES.has(source) && !parseNetwork(source)) throw badRequest(`Invalid source: ${source}`);
  if (description !== undefined && typeof description !== 'string')
    throw badRequest(`${where}.description must be a string`);
  return description === undefined ? { source } : { source, description };
}

function tooMany(count: number): never {
  throw badRequest(`Too many sources: ${count} (${MAX_SOURCES} at most)`);
}

/** GET /1/security/sources */
export function getSources(ctx: OperationContext) {
  return ctx.core.state.security.firewall.sources.map((source) => ({ ...source }));
}

/** PUT /1/security/sources — replaces the list and turns the allow-list on. */
export function replaceSources(ctx: OperationContext) {
  const body = ctx.req.body;
  if (!Array.isArray(body)) throw badRequest('The body must be an array of sources');
  if (body.length > MAX_SOURCES) tooMany(body.length);
  const sources = body.map((entry, i) => parseSource(entry, `source[${i}]`));
  ctx.core.commit((draft) => {
    draft.security.firewall = { enabled: true, sources };
  });
  return { updatedAt: ctx.core.isoNow() };
}

/** POST /1/security/sources/append — adds (or re-describes) one source and turns the allow-list on. */
export function appendSource(ctx: OperationContext) {
  const source = parseSource(ctx.req.body, 'source');
  const current = ctx.core.state.security.firewall.sources;
  const others = current.filter((entry) => entry.source !== source.source);
  if (others.length + 1 > MAX_SOURCES) tooMany(others.length + 1);
  ctx.core.commit((draft) => {
    draft.security.firewall = { enabled: true, sources: [...others, source] };
  });
  return { createdAt: ctx.core.isoNow() };
}

/** DELETE /1/security/sources/{source} */
export function deleteSource(ctx: OperationContext) {
  const { source } = ctx.params;
  const current = ctx.core.state.security.firewall.sources;
  if (!current.some((entry) => entry.source === source)) throw notFound(`Source ${source} does not exist`);
  ctx.core.commit((draft) => {
    draft.security.firewall.sources = current.filter((entry) => entry.source !== source);
  });
  return { deletedAt: ctx.core.isoNow() };
}
