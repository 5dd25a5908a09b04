import type { Core } from '../core';
import { badRequest } from '../errors';
import type { State } from '../state';

/** A JSON object (not an array, not null), or a 400 naming what was expected. */
export function requireObject(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(`${what} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** objectIDs are strings; the real service also accepts numbers and stores them as strings. */
export function requireObjectID(value: unknown, what = 'objectID'): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value === '') throw badRequest(`${what} is required and must be a non-empty string`);
  if (value.length > 512) throw badRequest(`${what} is too long (512 characters at most)`);
  return value;
}

/**
 * objectIDs for `count` records added without one: 13 digits, growing by a seeded step. They
 * grow because the service's do: equally ranked records come back by objectID, descending
 * (see tie-order.ts), and a v4 integration test finds records added without objectIDs in
 * the reverse of their creation order.
 */
export function generateObjectIDs(core: Core, count: number): string[] {
  if (count === 0) return [];
  const { ids, last } = drawObjectIDs(core, count, core.state.generatedIDs.lastObjectID);
  core.assign('generatedIDs', { lastObjectID: last });
  return ids;
}

/**
 * The draw of {@link generateObjectIDs}, from `last` and without writing it back: for a caller
 * that draws while it still validates, and keeps the last ID until its own commit.
 */
export function drawObjectIDs(core: Core, count: number, last: number): { ids: string[]; last: number } {
  const ids: string[] = [];
  for (let k = 0; k < count; k++) {
    last = last === 0 ? core.random.int(1_000_000_000_000, 4_999_999_999_999) : last + core.random.int(1, 9);
    ids.push(String(last));
  }
  return { ids, last };
}

/** Booleans in query strings arrive as `"true"` / `"false"`. */
export function parseBoolean(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw badRequest(`Parameter \`${name}\` must be a boolean, got "${value}"`);
}

/** Non-negative integers in query strings. */
export function parseInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw badRequest(`Parameter \`${name}\` must be a non-negative integer, got "${value}"`);
  return number;
}

/**
 * Replicas take their records from their primary: the real service refuses record
 * writes on them with a 400 and a message naming the request kind.
 */
export function assertNotReplica(state: State, indexName: string, message: string): void {
  if (state.indices.get(indexName)?.primary !== undefined) throw badRequest(message);
}

/** An integer body field within bounds (paging of synonym, rule and dictionary searches). */
export function integerInRange(
  value: unknown,
  name: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`\`${name}\` must be an integer between ${min} and ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}
