import { decodeParamString, SEARCH_PARAMETERS } from '../search/engine/params';
import type { EmulatorRequest } from '../request';
import type { Route } from '../route';

/** One query of a search request: its index and its parameters, the `params` string decoded. */
export interface JournalQuery {
  readonly indexName: string | undefined;
  readonly [param: string]: unknown;
}

/** Operations whose requests carry search queries (one, or a list for `search`). */
const SEARCHES = new Set(['searchSingleIndex', 'search', 'browse']);

/** Query-string names that are credentials or client plumbing, never parameters. */
const PLUMBING = /^x-(algolia|service)-/i;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The parameters of the official client's call this request stands for: path parameters, the
 * query string (credentials left out) and the body under the name the route's call shape gives
 * it (`saveObject` -> `{ indexName, body }`, `searchSingleIndex` -> `{ indexName, searchParams }`;
 * `'$params'`: the body's own fields). A route without a call shape spreads an object body.
 */
export function callParams(
  route: Route | undefined,
  pathParams: Readonly<Record<string, string>> | undefined,
  req: EmulatorRequest,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...pathParams };
  for (const name in req.query) if (!PLUMBING.test(name)) out[name] = req.query[name];
  const body = req.body;
  if (body === undefined) return out;
  const name = route?.call?.body;
  if (name !== undefined && name !== '$params') out[name] = body;
  else if (isObject(body)) Object.assign(out, body);
  else out.body = body;
  return out;
}

/**
 * The search queries a request carries, each `{ indexName, ...parameters }` with a `params`
 * string decoded into typed fields (typed as the engine reads them; a value it would refuse
 * stays as sent). Undefined for operations that are not searches.
 */
export function searchQueries(
  route: Route | undefined,
  pathParams: Readonly<Record<string, string>> | undefined,
  req: EmulatorRequest,
): JournalQuery[] | undefined {
  if (route === undefined || !SEARCHES.has(route.operation)) return undefined;
  const body = req.body;
  if (route.operation === 'search') {
    const requests = isObject(body) && Array.isArray(body.requests) ? body.requests : [];
    return requests.filter(isObject).map((request) => {
      const { indexName, ...rest } = request;
      return { indexName: typeof indexName === 'string' ? indexName : undefined, ...decodeSearchParams(rest) };
    });
  }
  const source = req.method === 'GET' ? withoutPlumbing(req.query) : isObject(body) ? body : {};
  return [{ indexName: pathParams?.indexName, ...decodeSearchParams(source) }];
}

/** A body's or query string's search parameters as one object: the `params` string decoded, fields sent beside it win. */
function decodeSearchParams(source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { params, ...fields } = source;
  if (typeof params === 'string')
    for (const [name, value] of Object.entries(decodeParamString(params))) out[name] = typed(name, value);
  for (const name in fields) out[name] = typeof fields[name] === 'string' ? typed(name, fields[name]) : fields[name];
  return out;
}

/** A text value as the engine would type it (`'2'` -> 2 for hitsPerPage), or as sent when it would not. */
function typed(name: string, value: string): unknown {
  const coerce = Object.hasOwn(SEARCH_PARAMETERS, name) ? SEARCH_PARAMETERS[name] : undefined;
  if (!coerce) return value;
  try {
    return coerce(value, name);
  } catch {
    return value;
  }
}

function withoutPlumbing(query: Readonly<Record<string, string>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in query) if (!PLUMBING.test(name)) out[name] = query[name];
  return out;
}
