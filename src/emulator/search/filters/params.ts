import { badRequest } from '../../errors';

/**
 * Search parameters as one object: the fields of a body merged over its URL-encoded
 * `params` string (fields sent beside `params` win, as on the service). Values from the
 * string stay strings; readers below accept both spellings.
 */
export function readSearchParams(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Search parameters must be a JSON object');
  const { params, ...fields } = body as Record<string, unknown>;
  const merged: Record<string, unknown> = {};
  if (params !== undefined && params !== null) {
    if (typeof params !== 'string') throw badRequest('`params` must be a URL-encoded string');
    new URLSearchParams(params).forEach((value, key) => (merged[key] = value));
  }
  return { ...merged, ...fields };
}

export function readBoolean(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  throw badRequest(`Parameter \`${name}\` must be a boolean, got ${JSON.stringify(value)}`);
}

export function readInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isInteger(number))
    throw badRequest(`Parameter \`${name}\` must be an integer, got ${JSON.stringify(value)}`);
  return number;
}

/** A string parameter, or 400 when another type is sent. */
export function readString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw badRequest(`Parameter \`${name}\` must be a string, got ${JSON.stringify(value)}`);
  return value;
}
