import { badRequest, forbidden, messages, notImplemented } from '../../errors';
import { assertIndexAllowed } from '../../gate';
import type { OperationContext } from '../../route';
import { parseTags, type TagExpression } from '../reports/tags';
import { dateOf } from '../reports/window';
import { DOMAIN, fieldOf, ROOTS, type Root, type Usage } from './catalog';

type Json = Record<string, unknown>;

const DAY_MS = 86_400_000;
const OPERATORS = ['=', '!=', '>', '<', '>=', '<=', 'IN', 'TAG_TREE', 'CONTAINS', 'STARTS_WITH', 'CONTAINS_PREFIX'];

/** A filter of a query: a boolean field, or a field compared with a parameter's value. */
export interface Filter {
  readonly kind: string;
  readonly operator?: string;
  readonly value?: unknown;
}

export interface Distribution {
  readonly kind: string;
  readonly bins: readonly number[];
  readonly continuous: boolean;
}

/** A `/3/patterns` query, checked: its fields, the root they are read from, the window and the indices. */
export interface PatternQuery {
  readonly root: Root;
  readonly metrics: readonly string[];
  readonly groupBy: readonly string[];
  readonly filters: readonly Filter[];
  readonly orderBy: readonly { readonly kind: string; readonly direction: 'asc' | 'desc' }[];
  readonly distributions: readonly Distribution[];
  readonly indices: readonly string[];
  /** Start of the first day and end of the last (exclusive), epoch ms; every day between. */
  readonly from: number;
  readonly to: number;
  readonly days: readonly string[];
  readonly tags?: TagExpression;
  readonly limit: number;
  readonly offset: number;
}

/** What each payload accepts: its fields, and the bounds of `limit`. */
export interface PayloadShape {
  readonly fields: readonly string[];
  readonly limit?: { readonly default: number; readonly max: number };
}

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function readObject(value: unknown, path: string, allowed: readonly string[]): Json {
  if (!isObject(value)) throw badRequest(`Invalid \`${path}\`: expected an object`);
  for (const key of Object.keys(value))
    if (!allowed.includes(key)) throw badRequest(`Unknown field \`${path}.${key}\``);
  return value;
}

function readArray(value: unknown, path: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw badRequest(`Invalid \`${path}\`: expected an array`);
  return value;
}

/** A field reference's kind, for `usage`, in the query's domain (`core`: other domains are not emulated). */
function readKind(entry: Json, path: string, usage: Usage, domain: string): string {
  const own = entry.domain ?? domain;
  if (typeof own !== 'string') throw badRequest(`Invalid \`${path}.domain\`: expected a string`);
  if (typeof entry.kind !== 'string' || entry.kind === '')
    throw badRequest(`Invalid \`${path}.kind\`: expected a string`);
  if (own !== DOMAIN)
    throw notImplemented(
      `The patterns domain "${own}"`,
      `the emulator's analytics have the ${DOMAIN} domain only (see /3/patterns/fields)`,
    );
  if (!fieldOf(usage, entry.kind))
    throw badRequest(`Unknown ${usage.replace(/s$/, '')} "${entry.kind}" in domain ${own}: see /3/patterns/fields`);
  return entry.kind;
}

/**
 * Reads and checks a payload: every field known for its use, filters with their operands,
 * `orderBy` among the metrics and groups, the fields' roots intersecting, the indices allowed
 * for the key (the `index` query parameter must list the same ones when given, and is needed
 * for a key restricted to some indices).
 */
export function readPayload(ctx: OperationContext, shape: PayloadShape): PatternQuery {
  const body = ctx.req.body;
  if (!isObject(body)) throw badRequest('The body must be a JSON object');
  for (const key of Object.keys(body)) if (!shape.fields.includes(key)) throw badRequest(`Unknown field \`${key}\``);
  const domain = body.domain ?? DOMAIN;
  if (typeof domain !== 'string') throw badRequest('Invalid `domain`: expected a string');
  const refs = (name: string, usage: Usage, extra: readonly string[] = []) =>
    readArray(body[name], name).map((raw, i) => {
      const entry = readObject(raw, `${name}[${i}]`, ['domain', 'kind', ...extra]);
      return { entry, kind: readKind(entry, `${name}[${i}]`, usage, domain) };
    });
  const parameters = readParameters(body.parameters);
  const metrics = refs('metrics', 'metrics').map((ref) => ref.kind);
  const groupBy = refs('groupBy', 'groups').map((ref) => ref.kind);
  const filters = refs('filters', 'filters', ['operator', 'parameter']).map(({ entry, kind }, i) =>
    readFilter(entry, kind, `filters[${i}]`, parameters),
  );
  const distributions = refs('distributions', 'distributions', ['continuous', 'bins']).map(({ entry, kind }, i) =>
    readDistribution(entry, kind, `distributions[${i}]`),
  );
  if (shape.fields.includes('metrics') && body.metrics === undefined) throw badRequest('Missing `metrics`');
  if (shape.fields.includes('distributions') && distributions.length === 0)
    throw badRequest('Missing `distributions`: at least one is needed');
  const orderBy = readArray(body.orderBy, 'orderBy').map((raw, i) => {
    const entry = readObject(raw, `orderBy[${i}]`, ['domain', 'kind', 'direction']);
    if (entry.direction !== 'asc' && entry.direction !== 'desc')
      throw badRequest(`Invalid \`orderBy[${i}].direction\`: expected asc or desc`);
    if (typeof entry.kind !== 'string' || (!metrics.includes(entry.kind) && !groupBy.includes(entry.kind)))
      throw badRequest(`Invalid \`orderBy[${i}].kind\`: it must be one of the metrics or groupBy fields`);
    return { kind: entry.kind, direction: entry.direction as 'asc' | 'desc' };
  });
  if (shape.fields.includes('orderBy') && groupBy.length > 0 && orderBy.length === 0)
    throw badRequest('Missing `orderBy`: it is required when `groupBy` is set');
  const root = rootOf([
    ...metrics.map((kind) => fieldOf('metrics', kind)!),
    ...groupBy.map((kind) => fieldOf('groups', kind)!),
    ...filters.map((filter) => fieldOf('filters', filter.kind)!),
    ...distributions.map((entry) => fieldOf('distributions', entry.kind)!),
  ]);
  const { from, to, days } = readWindow(ctx, parameters);
  const limitShape = shape.limit ?? { default: 100, max: 100 };
  return {
    root,
    metrics,
    groupBy,
    filters,
    orderBy,
    distributions,
    indices: readIndices(ctx, parameters),
    from,
    to,
    days,
    ...(typeof parameters.get('tags') === 'string' && parameters.get('tags') !== ''
      ? { tags: parseTags(parameters.get('tags') as string) }
      : {}),
    limit: readCount(body.limit, 'limit', limitShape.default, 1, limitShape.max),
    offset: readCount(body.offset, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
  };
}

function readParameters(value: unknown): Map<string, unknown> {
  if (value === undefined) throw badRequest('Missing `parameters`');
  const out = new Map<string, unknown>();
  readArray(value, 'parameters').forEach((raw, i) => {
    const entry = readObject(raw, `parameters[${i}]`, ['domain', 'kind', 'value']);
    if (typeof entry.kind !== 'string' || entry.kind === '')
      throw badRequest(`Invalid \`parameters[${i}].kind\`: expected a string`);
    const v = entry.value;
    const valid =
      typeof v === 'string' ||
      typeof v === 'boolean' ||
      (typeof v === 'number' && Number.isFinite(v)) ||
      (Array.isArray(v) && v.every((item) => typeof item === 'string'));
    if (!valid)
      throw badRequest(
        `Invalid \`parameters[${i}].value\`: expected a string, a number, a boolean or an array of strings`,
      );
    if (entry.kind === 'indices' && !Array.isArray(v))
      throw badRequest('Invalid `indices` parameter: expected an array of index names');
    out.set(entry.kind, v);
  });
  return out;
}

const BOOLEAN_FILTERS = new Set(['clicked', 'noResults']);

function readFilter(entry: Json, kind: string, path: string, parameters: Map<string, unknown>): Filter {
  if (entry.operator === undefined) {
    if (!BOOLEAN_FILTERS.has(kind))
      throw badRequest(`Invalid \`${path}\`: ${kind} is not boolean, it needs an operator and a parameter`);
    return { kind };
  }
  if (typeof entry.operator !== 'string' || !OPERATORS.includes(entry.operator))
    throw badRequest(`Invalid \`${path}.operator\`: expected one of ${OPERATORS.join(', ')}`);
  if (BOOLEAN_FILTERS.has(kind)) throw badRequest(`Invalid \`${path}\`: ${kind} is boolean and takes no operator`);
  if (['>', '<', '>=', '<='].includes(entry.operator))
    throw badRequest(`Invalid \`${path}.operator\`: ${kind} is not numeric`);
  if (entry.operator === 'TAG_TREE')
    throw notImplemented('The TAG_TREE filter operator', 'no source says how it reads a tag tree');
  const ref = readObject(entry.parameter, `${path}.parameter`, ['domain', 'kind']);
  if (typeof ref.kind !== 'string' || !parameters.has(ref.kind))
    throw badRequest(`Invalid \`${path}.parameter\`: no parameter named ${JSON.stringify(ref.kind)} in \`parameters\``);
  const value = parameters.get(ref.kind);
  if (entry.operator === 'IN' ? !Array.isArray(value) : typeof value !== 'string')
    throw badRequest(
      `Invalid \`${path}\`: ${entry.operator} takes ${entry.operator === 'IN' ? 'an array of strings' : 'a string'}`,
    );
  return { kind, operator: entry.operator, value };
}

function readDistribution(entry: Json, kind: string, path: string): Distribution {
  const bins = entry.bins;
  if (
    !Array.isArray(bins) ||
    bins.length < 2 ||
    !bins.every((edge) => typeof edge === 'number' && Number.isFinite(edge))
  )
    throw badRequest(`Invalid \`${path}.bins\`: expected two edges or more`);
  const continuous = entry.continuous ?? false;
  if (typeof continuous !== 'boolean') throw badRequest(`Invalid \`${path}.continuous\`: expected a boolean`);
  // The last edge may be -1: the last bin has no upper bound.
  const finite = bins[bins.length - 1] === -1 ? bins.slice(0, -1) : bins;
  for (let i = 1; i < finite.length; i++)
    if (finite[i] <= finite[i - 1])
      throw badRequest(`Invalid \`${path}.bins\`: edges must grow (a last edge of -1 leaves the last bin open)`);
  if (finite.length < 1 || (bins[bins.length - 1] !== -1 && finite.length < 2))
    throw badRequest(`Invalid \`${path}.bins\`: expected two edges or more`);
  return { kind, bins, continuous };
}

/** The root every field can be read from (the first in preference order), or a 400. */
function rootOf(fields: readonly { kind: string; roots: readonly Root[] }[]): Root {
  const common = ROOTS.filter((root) => fields.every((field) => field.roots.includes(root)));
  if (common.length === 0)
    throw badRequest(
      `These fields cannot be combined in one query (their roots do not intersect): ${fields.map((field) => field.kind).join(', ')}`,
    );
  return common[0];
}

/** `startDate` / `endDate` (a day or a date and time; default: the last 7 days and today, as `/2`). */
function readWindow(ctx: OperationContext, parameters: Map<string, unknown>) {
  const today = Math.floor(ctx.core.now() / DAY_MS) * DAY_MS;
  const day = (name: string, fallback: number) => {
    const value = parameters.get(name);
    if (value === undefined) return fallback;
    const ms =
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value)
        ? Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)
        : NaN;
    if (Number.isNaN(ms))
      throw badRequest(`Invalid ${name} ${JSON.stringify(value)}: expected YYYY-MM-DD or a date and time`);
    return Math.floor(ms / DAY_MS) * DAY_MS;
  };
  const from = day('startDate', today - 7 * DAY_MS);
  const to = day('endDate', today) + DAY_MS;
  if (from >= to) throw badRequest('startDate must be before or equal to endDate');
  const days: string[] = [];
  for (let t = from; t < to && days.length < 400; t += DAY_MS) days.push(dateOf(t));
  return { from, to, days };
}

/** The indices read: the `indices` parameter, else the `index` query parameter; both must agree when both are given. */
function readIndices(ctx: OperationContext, parameters: Map<string, unknown>): string[] {
  const fromQuery = ctx.req.query.index
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const fromBody = parameters.get('indices') as string[] | undefined;
  const indices = fromBody ?? fromQuery;
  if (!indices || indices.length === 0) throw badRequest('Missing the `indices` parameter');
  if (fromQuery && fromBody && [...new Set(fromQuery)].sort().join(',') !== [...new Set(fromBody)].sort().join(','))
    throw badRequest('The `index` query parameter must list the same indices as the `indices` parameter');
  const restricted = !ctx.auth.admin && ((ctx.auth.indexes?.length ?? 0) > 0 || ctx.auth.restrictIndices !== undefined);
  if (restricted && !fromQuery) throw forbidden(messages.indexNotAllowed);
  for (const index of indices) assertIndexAllowed(ctx.auth, index);
  return [...new Set(indices)];
}

function readCount(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw badRequest(`Invalid \`${name}\`: expected an integer from ${min} to ${max}`);
  return value;
}
