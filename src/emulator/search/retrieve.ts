import { badRequest } from '../errors';
import type { Auth } from '../route';
import type { SearchRecord } from '../state';

/**
 * Reads a list parameter: an array, a comma-separated string or a JSON array string.
 * `undefined` means "not given".
 */
export function parseAttributeList(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    if (!value.every((item) => typeof item === 'string')) throw badRequest(`\`${name}\` must be an array of strings`);
    return value;
  }
  if (typeof value !== 'string') throw badRequest(`\`${name}\` must be an array of strings`);
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return parseAttributeList(JSON.parse(text), name);
    } catch {
      throw badRequest(`\`${name}\` is not a valid JSON array: ${text}`);
    }
  }
  return text === '' ? [] : text.split(',').map((part) => part.trim());
}

/**
 * Applies `attributesToRetrieve` (with `*` and `-attr` exclusions) and
 * `unretrievableAttributes` to a record. `objectID` is always kept.
 */
export function retrieveAttributes(
  record: SearchRecord,
  wanted: readonly string[] | undefined,
  settings: Readonly<Record<string, unknown>>,
  auth: Pick<Auth, 'admin' | 'acl'>,
): Record<string, unknown> {
  return attributeRetriever(wanted, settings, auth)(record);
}

/**
 * {@link retrieveAttributes} for many records of one query: the attribute lists are read once,
 * not once a hit.
 */
export function attributeRetriever(
  wanted: readonly string[] | undefined,
  settings: Readonly<Record<string, unknown>>,
  auth: Pick<Auth, 'admin' | 'acl'>,
): (record: SearchRecord) => Record<string, unknown> {
  const list = wanted ?? (settings.attributesToRetrieve as string[] | undefined) ?? ['*'];
  const include = list.filter((a) => !a.startsWith('-'));
  const all = include.includes('*');
  const exclude = list.filter((a) => a.startsWith('-')).map((a) => a.slice(1));
  const settingsHidden = settings.unretrievableAttributes as string[] | undefined;
  const hidden = settingsHidden && !auth.admin && !auth.acl.has('seeUnretrievableAttributes') ? settingsHidden : [];
  const removed = exclude.length === 0 ? hidden : hidden.length === 0 ? exclude : [...exclude, ...hidden];
  return (record) => {
    let out: Record<string, unknown>;
    if (all) {
      out = { ...record };
    } else {
      out = {};
      for (const path of include) copyPath(record, out, path);
    }
    for (const path of removed) deletePath(out, path);
    out.objectID = record.objectID;
    return out;
  };
}

/** Copies `a.b.c` from one object to another, keeping the nesting. */
function copyPath(from: Record<string, unknown>, to: Record<string, unknown>, path: string): void {
  // Own attributes only: `toString` or `__proto__` must not reach the response.
  if (Object.hasOwn(from, path)) {
    Object.defineProperty(to, path, { value: from[path], enumerable: true, writable: true, configurable: true });
    return;
  }
  const [head, ...rest] = path.split('.');
  const value = Object.hasOwn(from, head) ? from[head] : undefined;
  if (rest.length === 0 || value === null || typeof value !== 'object' || Array.isArray(value)) return;
  // A fresh object: an attribute copied whole before is the stored (frozen) value.
  const existing = Object.hasOwn(to, head) ? to[head] : undefined;
  const target: Record<string, unknown> =
    existing !== null && typeof existing === 'object' && !Array.isArray(existing) ? { ...existing } : {};
  copyPath(value as Record<string, unknown>, target, rest.join('.'));
  if (Object.keys(target).length > 0)
    Object.defineProperty(to, head, { value: target, enumerable: true, writable: true, configurable: true });
}

function deletePath(object: Record<string, unknown>, path: string): void {
  if (Object.hasOwn(object, path)) {
    delete object[path];
    return;
  }
  const [head, ...rest] = path.split('.');
  const value = Object.hasOwn(object, head) ? object[head] : undefined;
  if (rest.length === 0 || value === null || typeof value !== 'object' || Array.isArray(value)) return;
  const copy = { ...(value as Record<string, unknown>) };
  deletePath(copy, rest.join('.'));
  Object.defineProperty(object, head, { value: copy, enumerable: true, writable: true, configurable: true });
}
