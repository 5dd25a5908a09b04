import { invalidPayload } from './errors';

/**
 * The list endpoints' shared parameters: `itemsPerPage` (1 to 100, default 10), `page` (from
 * 1), `sort` (one of the endpoint's keys, default `createdAt`) and `order` (`asc`, `desc`:
 * the default), and comma-separated filters (`type=json,csv`).
 */
export interface Pagination {
  readonly nbPages: number;
  readonly page: number;
  readonly nbItems: number;
  readonly itemsPerPage: number;
}

function positive(raw: string | undefined, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max)
    throw invalidPayload(`\`${name}\` must be an integer from 1 to ${max}, got "${raw}"`);
  return value;
}

/** Sorts `items` by `query.sort` and `query.order`, then gives the page asked for. */
export function paginate<T>(
  items: readonly T[],
  query: Readonly<Record<string, string>>,
  sortKeys: readonly string[],
  /** The sort without `sort`; null: the list's own order. */
  defaultSort: string | null = 'createdAt',
): { items: T[]; pagination: Pagination } {
  const itemsPerPage = positive(query.itemsPerPage, 'itemsPerPage', 10, 100);
  const page = positive(query.page, 'page', 1);
  const sort = query.sort ?? defaultSort ?? undefined;
  if (sort !== undefined && !sortKeys.includes(sort))
    throw invalidPayload(`\`sort\` must be one of ${sortKeys.join(', ')}, got "${sort}"`);
  const order = query.order ?? 'desc';
  if (order !== 'asc' && order !== 'desc') throw invalidPayload(`\`order\` must be asc or desc, got "${order}"`);
  const sorted =
    sort === undefined ? [...items] : [...items].sort((a, b) => compare(valueOf(a, sort), valueOf(b, sort)));
  // Unsorted lists keep their order unless `desc` is asked for explicitly.
  if (order === 'desc' && (sort !== undefined || query.order === 'desc')) sorted.reverse();
  const nbItems = sorted.length;
  return {
    items: sorted.slice((page - 1) * itemsPerPage, page * itemsPerPage),
    pagination: { nbPages: Math.max(1, Math.ceil(nbItems / itemsPerPage)), page, nbItems, itemsPerPage },
  };
}

const valueOf = (item: unknown, key: string) => (item as Record<string, unknown>)[key];

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** A comma-separated filter (`type=json,csv`), checked against `allowed` when given; undefined when absent. */
export function listFilter(
  query: Readonly<Record<string, string>>,
  name: string,
  allowed?: readonly string[],
): Set<string> | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  const values = raw.split(',').map((value) => value.trim());
  if (allowed) {
    for (const value of values)
      if (!allowed.includes(value))
        throw invalidPayload(`\`${name}\` must list values of ${allowed.join(', ')}, got "${value}"`);
  }
  return new Set(values);
}

/** A boolean query parameter (`true`/`false`), undefined when absent. */
export function queryBoolean(query: Readonly<Record<string, string>>, name: string): boolean | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (raw !== 'true' && raw !== 'false') throw invalidPayload(`\`${name}\` must be true or false, got "${raw}"`);
  return raw === 'true';
}

/** The IDs a search body lists (`{ "taskIDs": [...] }`), at most 100 strings. */
export function searchedIDs(body: unknown, field: string): string[] {
  const ids = (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : undefined) as
    Record<string, unknown> | undefined;
  const list = ids?.[field];
  if (!Array.isArray(list) || list.some((id) => typeof id !== 'string'))
    throw invalidPayload(`\`${field}\` is required and must be an array of strings`);
  if (ids && Object.keys(ids).some((key) => key !== field))
    throw invalidPayload(`only \`${field}\` is accepted in a search body`);
  if (list.length > 100) throw invalidPayload(`\`${field}\` lists at most 100 IDs`);
  return list as string[];
}
