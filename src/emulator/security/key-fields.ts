import { badRequest } from '../errors';
import { ALL_ACLS } from './acl';
import type { Acl } from '../route';
import type { StoredKey } from './state';

/** Rights a key may hold: the emulator's ACLs plus the NLU ones the real service accepts. */
const KNOWN_ACLS = new Set<string>([
  ...ALL_ACLS,
  'nluWriteProject',
  'nluReadProject',
  'nluWriteEntity',
  'nluReadEntity',
  'nluWriteIntent',
  'nluReadIntent',
  'nluPrediction',
  'nluReadAnswers',
]);

/** The key fields a create or update body sets, validated; anything unspecified stays unset (default). */
export type KeyFields = Omit<StoredKey, 'value' | 'createdAt' | 'expiresAt'>;

/**
 * Validates the body of a key create or update. `aclRequired`: application keys need `acl`
 * (the client enforces it too); index keys default to no rights.
 */
export function parseKeyFields(body: unknown, aclRequired: boolean): KeyFields {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Invalid API key: the body must be a JSON object');
  const raw = body as Record<string, unknown>;
  if (raw.acl === undefined && aclRequired) throw badRequest('Missing `acl` in API key');
  const acl = raw.acl === undefined ? [] : stringList(raw.acl, 'acl');
  for (const right of acl) if (!KNOWN_ACLS.has(right)) throw badRequest(`Invalid ACL: ${right}`);
  const fields: { -readonly [K in keyof KeyFields]: KeyFields[K] } = { acl: acl as Acl[] };
  if (raw.description !== undefined) fields.description = text(raw.description, 'description');
  if (raw.indexes !== undefined) fields.indexes = stringList(raw.indexes, 'indexes');
  if (raw.maxHitsPerQuery !== undefined) fields.maxHitsPerQuery = count(raw.maxHitsPerQuery, 'maxHitsPerQuery');
  if (raw.maxQueriesPerIPPerHour !== undefined)
    fields.maxQueriesPerIPPerHour = count(raw.maxQueriesPerIPPerHour, 'maxQueriesPerIPPerHour');
  if (raw.queryParameters !== undefined) fields.queryParameters = text(raw.queryParameters, 'queryParameters');
  if (raw.referers !== undefined) fields.referers = stringList(raw.referers, 'referers');
  if (raw.validity !== undefined) fields.validity = count(raw.validity, 'validity');
  return fields;
}

/** A stored key from validated fields; `validity` seconds start now. */
export function makeKey(value: string, fields: KeyFields, createdAt: number, now: number): StoredKey {
  const expiresAt = fields.validity ? now + fields.validity * 1000 : undefined;
  return { ...fields, value, createdAt, ...(expiresAt === undefined ? {} : { expiresAt }) };
}

/** Whether a key still exists at `now` (keys with `validity` are removed when it elapses). */
export function isLive(key: StoredKey, now: number): boolean {
  return key.expiresAt === undefined || now < key.expiresAt;
}

/** The key as get and list answer it: `value`, Unix `createdAt` and every field with its default. */
export function describeKey(key: StoredKey): Record<string, unknown> {
  return {
    value: key.value,
    createdAt: Math.floor(key.createdAt / 1000),
    acl: [...key.acl],
    description: key.description ?? '',
    ...(key.indexes === undefined ? {} : { indexes: [...key.indexes] }),
    maxHitsPerQuery: key.maxHitsPerQuery ?? 0,
    maxQueriesPerIPPerHour: key.maxQueriesPerIPPerHour ?? 0,
    queryParameters: key.queryParameters ?? '',
    referers: [...(key.referers ?? [])],
    validity: key.validity ?? 0,
  };
}

function stringList(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw badRequest(`Invalid API key: \`${name}\` must be an array of strings`);
  }
  return value;
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw badRequest(`Invalid API key: \`${name}\` must be a string`);
  return value;
}

function count(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw badRequest(`Invalid API key: \`${name}\` must be a non-negative integer`);
  }
  return value;
}
