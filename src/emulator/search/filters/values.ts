/**
 * The values a record holds at an attribute path: `a.b` walks nested objects, arrays are
 * flattened (a filter matches when any element does). A literal key `a.b` wins over nesting.
 */
export function valuesAt(record: Readonly<Record<string, unknown>>, path: string): unknown[] {
  const out: unknown[] = [];
  collect(record, path, out);
  return out;
}

function collect(value: unknown, path: string, out: unknown[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, path, out);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const object = value as Record<string, unknown>;
  if (Object.hasOwn(object, path)) {
    flatten(object[path], out);
    return;
  }
  const dot = path.indexOf('.');
  if (dot < 0) return;
  const head = path.slice(0, dot);
  if (Object.hasOwn(object, head)) collect(object[head], path.slice(dot + 1), out);
}

function flatten(value: unknown, out: unknown[]): void {
  if (Array.isArray(value)) for (const item of value) flatten(item, out);
  else if (value !== undefined && value !== null) out.push(value);
}

/** The numbers at a path (numeric filters ignore strings, even numeric-looking ones). */
export function numbersAt(record: Readonly<Record<string, unknown>>, path: string): number[] {
  return valuesAt(record, path).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

/**
 * A scalar as a facet value: strings as they are, numbers and booleans printed; objects are
 * not facet values.
 */
export function facetString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}
