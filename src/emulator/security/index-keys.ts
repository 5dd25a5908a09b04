import type { Draft } from 'immer';
import type { Core } from '../core';
import { messages, notFound } from '../errors';
import type { OperationContext } from '../route';
import type { State } from '../state';
import { KEY_NOT_FOUND, newKeyValue } from './api-keys';
import { isLive, makeKey, parseKeyFields } from './key-fields';
import type { StoredKey } from './state';

/**
 * Index-specific keys on copy and move (spec 000, operationIndex): if the destination
 * exists its keys are kept and the source's keys are added; a scoped copy leaves keys alone
 * (the caller does not call this then). Called by the index operations inside their task.
 */
export function transferIndexKeys(
  draft: Draft<State>,
  source: string,
  destination: string,
  mode: 'copy' | 'move',
): void {
  const keys = draft.security.indexKeys;
  const from = keys.get(source);
  if (!from || source === destination) return;
  let to = keys.get(destination);
  if (!to) {
    keys.set(destination, new Map());
    to = keys.get(destination)!;
  }
  for (const [value, key] of from) if (!to.has(value)) to.set(value, key);
  if (mode === 'move') keys.delete(source);
}

/** Every index holding a live index key with this value (a copied index shares its keys). */
export function indexKeyHolders(core: Core, value: string): { key: StoredKey; indexes: string[] } | undefined {
  const now = core.now();
  let found: StoredKey | undefined;
  const indexes: string[] = [];
  for (const [indexName, keys] of core.state.security.indexKeys) {
    const key = keys.get(value);
    if (key && isLive(key, now)) {
      found ??= key;
      indexes.push(indexName);
    }
  }
  return found ? { key: found, indexes } : undefined;
}

function liveIndexKey(core: Core, indexName: string, value: string): StoredKey | undefined {
  const key = core.state.security.indexKeys.get(indexName)?.get(value);
  return key && isLive(key, core.now()) ? key : undefined;
}

function storeIndexKey(core: Core, indexName: string, key: StoredKey): void {
  core.commit((draft) => {
    let keys = draft.security.indexKeys.get(indexName);
    if (!keys) {
      draft.security.indexKeys.set(indexName, new Map());
      keys = draft.security.indexKeys.get(indexName)!;
    }
    keys.set(key.value, key as never);
  });
}

/** The fields the spec lists for index keys (`createdAt` as a Unix integer). */
function describeIndexKey(key: StoredKey, withCreatedAt: boolean): Record<string, unknown> {
  return {
    value: key.value,
    ...(withCreatedAt ? { createdAt: Math.floor(key.createdAt / 1000) } : {}),
    acl: [...key.acl],
    validity: key.validity ?? 0,
    ...(key.description === undefined ? {} : { description: key.description }),
  };
}

/** POST /1/indexes/{indexName}/keys */
export function addIndexApiKey(ctx: OperationContext) {
  const { core, params } = ctx;
  const fields = parseKeyFields(ctx.req.body, false);
  const key = makeKey(newKeyValue(core), fields, core.now(), core.now());
  storeIndexKey(core, params.indexName, key);
  return { key: key.value, createdAt: core.isoNow() };
}

/** PUT /1/indexes/{indexName}/keys/{key} — always succeeds: an unknown key becomes active. */
export function updateIndexApiKey(ctx: OperationContext) {
  const { core, params } = ctx;
  const fields = parseKeyFields(ctx.req.body, false);
  const existing = liveIndexKey(core, params.indexName, params.key);
  storeIndexKey(core, params.indexName, makeKey(params.key, fields, existing?.createdAt ?? core.now(), core.now()));
  return { key: params.key, updatedAt: core.isoNow() };
}

/** GET /1/indexes/{indexName}/keys — 404 when the index does not exist. */
export function listIndexApiKeys(ctx: OperationContext) {
  const { core, params } = ctx;
  if (!core.state.indices.has(params.indexName)) throw notFound(messages.indexNotFound);
  const now = core.now();
  const keys = [...(core.state.security.indexKeys.get(params.indexName)?.values() ?? [])].filter((key) =>
    isLive(key, now),
  );
  return { keys: keys.map((key) => describeIndexKey(key, true)) };
}

/** GET /1/indexes/*\/keys — every index key, with its index. */
export function listAllIndexApiKeys(ctx: OperationContext) {
  const now = ctx.core.now();
  const keys: Record<string, unknown>[] = [];
  for (const [index, byValue] of ctx.core.state.security.indexKeys) {
    for (const key of byValue.values()) if (isLive(key, now)) keys.push({ ...describeIndexKey(key, true), index });
  }
  return { keys };
}

/** GET /1/indexes/{indexName}/keys/{key} */
export function getIndexApiKey(ctx: OperationContext) {
  const key = liveIndexKey(ctx.core, ctx.params.indexName, ctx.params.key);
  if (!key) throw notFound(KEY_NOT_FOUND);
  return describeIndexKey(key, false);
}

/** DELETE /1/indexes/{indexName}/keys/{key} */
export function deleteIndexApiKey(ctx: OperationContext) {
  const { core, params } = ctx;
  if (!liveIndexKey(core, params.indexName, params.key)) throw notFound(KEY_NOT_FOUND);
  core.commit((draft) => {
    draft.security.indexKeys.get(params.indexName)?.delete(params.key);
  });
  return { deletedAt: core.isoNow() };
}
