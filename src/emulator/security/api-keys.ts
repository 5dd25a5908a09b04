import type { Core } from '../core';
import { forbidden, messages, notFound } from '../errors';
import type { OperationContext } from '../route';
import { describeKey, isLive, makeKey, parseKeyFields } from './key-fields';
import type { StoredKey } from './state';

export const KEY_NOT_FOUND = 'Key does not exist';

/** A new key value from the seeded generator (32 hex characters, like the real keys). */
export function newKeyValue(core: Core): string {
  return core.random.chars(32);
}

/** The live application key with this value, if any. */
export function liveAppKey(core: Core, value: string): StoredKey | undefined {
  const key = core.state.security.keys.get(value);
  return key && isLive(key, core.now()) ? key : undefined;
}

/** POST /1/keys — application keys are not tasks: usable at once. */
export function addApiKey(ctx: OperationContext) {
  const { core } = ctx;
  const fields = parseKeyFields(ctx.req.body, true);
  let value = newKeyValue(core);
  while (core.state.security.keys.has(value) || core.state.security.deleted.has(value)) value = newKeyValue(core);
  const key = makeKey(value, fields, core.now(), core.now());
  core.commit((draft) => {
    draft.security.keys.set(value, key as never);
  });
  return { key: value, createdAt: core.isoNow() };
}

/** GET /1/keys */
export function listApiKeys(ctx: OperationContext) {
  const now = ctx.core.now();
  const keys = [...ctx.core.state.security.keys.values()].filter((key) => isLive(key, now));
  return { keys: keys.map(describeKey) };
}

/**
 * GET /1/keys/{key} — the admin key reads any key; another key reads only itself, with its
 * description redacted (as the real service documents).
 */
export function getApiKey(ctx: OperationContext) {
  const { core, params, auth } = ctx;
  if (!auth.admin && params.key !== auth.apiKey) throw forbidden(messages.methodNotAllowed);
  const key = liveAppKey(core, params.key);
  if (!key) throw notFound(KEY_NOT_FOUND);
  const described = describeKey(key);
  return auth.admin ? described : { ...described, description: '<redacted>' };
}

/**
 * PUT /1/keys/{key} — replaces the key: unspecified fields go back to their defaults (the
 * OpenAPI's words). `acl` may be left out, as the v4 client does when it sends only the
 * fields that change (`{maxHitsPerQuery, queryParameters}`), which the service accepts.
 */
export function updateApiKey(ctx: OperationContext) {
  const { core, params } = ctx;
  const existing = liveAppKey(core, params.key);
  if (!existing) throw notFound(KEY_NOT_FOUND);
  const fields = parseKeyFields(ctx.req.body, false);
  const key = makeKey(existing.value, fields, existing.createdAt, core.now());
  core.commit((draft) => {
    draft.security.keys.set(key.value, key as never);
  });
  return { key: key.value, updatedAt: core.isoNow() };
}

/** DELETE /1/keys/{key} — the key moves to the deleted list, from which it can be restored. */
export function deleteApiKey(ctx: OperationContext) {
  const { core, params } = ctx;
  const key = liveAppKey(core, params.key);
  if (!key) throw notFound(KEY_NOT_FOUND);
  core.commit((draft) => {
    draft.security.keys.delete(key.value);
    draft.security.deleted.set(key.value, { key, deletedAt: core.now() } as never);
  });
  return { deletedAt: core.isoNow() };
}

/** POST /1/keys/{key}/restore — only from the deleted list; restoring resets `validity` to 0. */
export function restoreApiKey(ctx: OperationContext) {
  const { core, params } = ctx;
  const deleted = core.state.security.deleted.get(params.key);
  if (!deleted) throw notFound(KEY_NOT_FOUND);
  const { validity: _validity, expiresAt: _expiresAt, ...rest } = deleted.key;
  core.commit((draft) => {
    draft.security.deleted.delete(params.key);
    draft.security.keys.set(params.key, rest as never);
  });
  return { key: params.key, createdAt: new Date(deleted.key.createdAt).toISOString() };
}
