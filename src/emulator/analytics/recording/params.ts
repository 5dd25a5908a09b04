/**
 * Search parameters as the engine receives them: JSON fields, a URL-encoded `params`
 * string, or both (fields win, as on the real service). Values stay raw: strings from the
 * `params` string, JSON values from fields.
 */
export function readSearchParams(source: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!source || typeof source !== 'object') return out;
  const record = source as Record<string, unknown>;
  if (typeof record.params === 'string') Object.assign(out, parseParamsString(record.params));
  // An own `__proto__` member (JSON.parse makes one) is no parameter: assigned, it would set the prototype.
  for (const key in record)
    if (hasOwn.call(record, key) && key !== 'params' && key !== '__proto__') out[key] = record[key];
  return out;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** `query=a&hitsPerPage=2&facetFilters=%5B%22a%3Ab%22%5D` -> fields; JSON-looking values are parsed. */
function parseParamsString(params: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of new URLSearchParams(params)) out[key] = jsonOrText(raw);
  return out;
}

function jsonOrText(raw: string): unknown {
  const text = raw.trim();
  if (text.startsWith('[') || text.startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch {
      return raw;
    }
  }
  return raw;
}

/** `true`, `"true"` and `1` are true; anything else (absent included) is the default. */
export function readBoolean(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
  }
  return fallback;
}

/** `analyticsTags` as an array or a comma-separated string. */
export function readTags(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value !== '')
    return value
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
  return [];
}
