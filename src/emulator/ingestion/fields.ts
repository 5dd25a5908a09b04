import { invalidPayload, ingestionMessages } from './errors';

/**
 * Reading request bodies as the API's OpenAPI describes them: objects whose schemas say
 * `additionalProperties: false` refuse unknown fields, and each field is checked for its type,
 * with a 400 naming the field's path.
 */
export type Checker = (value: unknown, path: string) => unknown;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function requireObject(value: unknown, path: string): Record<string, unknown> {
  if (!isObject(value))
    throw invalidPayload(path === 'body' ? ingestionMessages.bodyNotObject : `\`${path}\` must be an object`);
  return value;
}

export const string: Checker = (value, path) => {
  if (typeof value !== 'string') throw invalidPayload(`\`${path}\` must be a string`);
  return value;
};

export const nonEmpty: Checker = (value, path) => {
  if (typeof value !== 'string' || value.trim() === '') throw invalidPayload(`\`${path}\` must be a non-empty string`);
  return value;
};

export const boolean: Checker = (value, path) => {
  if (typeof value !== 'boolean') throw invalidPayload(`\`${path}\` must be a boolean`);
  return value;
};

export const anyObject: Checker = (value, path) => requireObject(value, path);

export const oneOf =
  (...allowed: readonly string[]): Checker =>
  (value, path) => {
    if (typeof value !== 'string' || !allowed.includes(value))
      throw invalidPayload(`\`${path}\` must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
    return value;
  };

export const integer =
  (min: number, max: number): Checker =>
  (value, path) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      throw invalidPayload(`\`${path}\` must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
    return value;
  };

export const arrayOf =
  (item: Checker): Checker =>
  (value, path) => {
    if (!Array.isArray(value)) throw invalidPayload(`\`${path}\` must be an array`);
    return value.map((entry, i) => item(entry, `${path}[${i}]`));
  };

export const nullable =
  (inner: Checker): Checker =>
  (value, path) =>
    value === null ? null : inner(value, path);

/** A string matching `pattern`, described as `what` in the message. */
export const matching =
  (pattern: RegExp, what: string): Checker =>
  (value, path) => {
    if (typeof value !== 'string' || !pattern.test(value))
      throw invalidPayload(`\`${path}\` must be ${what}, got ${JSON.stringify(value)}`);
    return value;
  };

/** A field list: each field's checker, and whether it is required. */
export type Shape = Readonly<Record<string, { readonly check: Checker; readonly required?: boolean }>>;

/** A shape from `{ name: checker }`, the names in `required` required. */
export function shape(fields: Readonly<Record<string, Checker>>, required: readonly string[] = []): Shape {
  return Object.fromEntries(
    Object.entries(fields).map(([name, check]) => [name, { check, required: required.includes(name) }]),
  );
}

/**
 * Reads an object of `shape` at `path`: unknown fields are refused (the schemas forbid them),
 * required ones must be there; `partial` makes every field optional (updates).
 */
export function readShape(value: unknown, path: string, fields: Shape, partial = false): Record<string, unknown> {
  const object = requireObject(value, path);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    if (!(key in fields)) throw invalidPayload(`\`${join(path, key)}\` is not a known property`);
  }
  for (const [key, { check, required }] of Object.entries(fields)) {
    const entry = object[key];
    if (entry === undefined) {
      if (required && !partial) throw invalidPayload(`\`${join(path, key)}\` is required`);
      continue;
    }
    out[key] = check(entry, join(path, key));
  }
  return out;
}

/** A nested shape as a checker. */
export const object =
  (fields: Shape): Checker =>
  (value, path) =>
    readShape(value, path, fields);

const join = (path: string, key: string) => (path === 'body' ? key : `${path}.${key}`);

/** An RFC 3339 date and time of the clock, to the second, as the live API writes them (`2023-02-22T10:08:04Z`). */
export const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Drops the fields whose value is undefined, so stored resources hold only what was set. */
export function defined<T extends Record<string, unknown>>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
}
