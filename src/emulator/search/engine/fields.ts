import type { SearchRecord } from '../../state';

/** One searchable string of a record: a leaf value under a dotted path. */
export interface FieldValue {
  /** Dotted path of object keys, array indices left out (`authors.name`). */
  readonly path: string;
  /** Index in the outermost array on the way to the leaf; -1 when not in an array. */
  readonly element: number;
  readonly text: string;
}

/** Attributes the service never treats as text. */
const NOT_TEXT = new Set(['objectID', '_geoloc', '_highlightResult', '_snippetResult', '_rankingInfo']);

/**
 * Every string and number leaf of a record, in document order. Numbers are searchable as
 * their decimal text; booleans and nulls are not text.
 */
export function fieldValues(record: SearchRecord): FieldValue[] {
  const out: FieldValue[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (NOT_TEXT.has(key)) continue;
    walk(value, key, -1, out);
  }
  return out;
}

function walk(value: unknown, path: string, element: number, out: FieldValue[]): void {
  if (typeof value === 'string') out.push({ path, element, text: value });
  else if (typeof value === 'number' && Number.isFinite(value)) out.push({ path, element, text: String(value) });
  else if (Array.isArray(value)) value.forEach((item, i) => walk(item, path, element < 0 ? i : element, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`, element, out);
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
