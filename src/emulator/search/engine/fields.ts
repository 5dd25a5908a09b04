import type { SearchRecord } from '../../state';

/** One searchable string of a record: a leaf value under a dotted path. */
export interface FieldValue {
  /** Dotted path of object keys, array indices left out (`authors.name`). */
  readonly path: string;
  /** Index in the outermost array on the way to the leaf; -1 when not in an array. */
  readonly element: number;
  readonly text: string;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Attributes the service never treats as text. */
const NOT_TEXT = new Set(['objectID', '_geoloc', '_highlightResult', '_snippetResult', '_rankingInfo']);

/**
 * Every string and number leaf of a record, in document order. Numbers are searchable as
 * their decimal text; booleans and nulls are not text.
 */
export function fieldValues(record: SearchRecord): FieldValue[] {
  const out: FieldValue[] = [];
  eachFieldValue(record, listField, out);
  return out;
}

function listField(out: FieldValue[], path: string, element: number, text: string): void {
  out.push({ path, element, text });
}

/**
 * Visits what {@link fieldValues} lists, in the same order, without building the list:
 * `visit(state, path, element, text)` (a function shared by every caller of a kind, not a closure
 * per call, so the walk's call site stays monomorphic). With `under`, only the attributes it keeps
 * are walked (`under(state, key)` for each attribute of the record).
 */
export function eachFieldValue<S>(
  record: SearchRecord,
  visit: FieldVisitor<S>,
  state: S,
  under?: (state: S, key: string) => boolean,
): void {
  // Own enumerable keys in Object.keys order, without a key list per record.
  for (const key in record) {
    if (hasOwn.call(record, key) && !NOT_TEXT.has(key) && (under === undefined || under(state, key)))
      walk(record[key], key, -1, visit, state);
  }
}

export type FieldVisitor<S> = (state: S, path: string, element: number, text: string) => void;

function walk<S>(value: unknown, path: string, element: number, visit: FieldVisitor<S>, state: S): void {
  if (typeof value === 'string') visit(state, path, element, value);
  else if (typeof value === 'number') {
    if (Number.isFinite(value)) visit(state, path, element, String(value));
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], path, element < 0 ? i : element, visit, state);
  } else if (value !== null && typeof value === 'object') {
    for (const key in value)
      if (hasOwn.call(value, key))
        walk((value as Record<string, unknown>)[key], `${path}.${key}`, element, visit, state);
  }
}

/** Reads a dotted path, `undefined` when absent (arrays are not traversed). */
export function readPath(record: Readonly<Record<string, unknown>>, path: string): unknown {
  if (path in record) return record[path];
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
