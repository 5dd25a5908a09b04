import { Reply, type OperationContext } from '../../route';
import { CATALOG, DOMAIN } from './catalog';
import { readPayload, type Distribution, type PatternQuery } from './payload';
import { addComponents, emptyComponents, metricValue, unitsOf, valueOf, type Components, type Unit } from './units';

/** The catalog's answer, and its entity tag (stable while the emulator's catalog is). */
const CATALOG_BODY = { domains: { [DOMAIN]: CATALOG } };
const ETAG = `"${hash(JSON.stringify(CATALOG_BODY))}"`;

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** GET /3/patterns/fields — the field catalog, by domain and use, with `ETag` and `Cache-Control`. */
export function getPatternsFields() {
  return new Reply(200, CATALOG_BODY, { etag: ETAG, 'cache-control': 'public, max-age=3600' });
}

const metricsOf = (kinds: readonly string[], components: Components) =>
  Object.fromEntries(kinds.map((kind) => [kind, metricValue(kind, components)]));

/** Units grouped by the values of `groupBy`, in first-seen order. */
function groups(
  units: readonly Unit[],
  groupBy: readonly string[],
): Map<string, { key: Record<string, string>; units: Unit[] }> {
  const out = new Map<string, { key: Record<string, string>; units: Unit[] }>();
  for (const unit of units) {
    const key = Object.fromEntries(groupBy.map((kind) => [kind, valueOf(unit, kind)]));
    const id = JSON.stringify(key);
    const group = out.get(id) ?? { key, units: [] };
    group.units.push(unit);
    out.set(id, group);
  }
  return out;
}

const sum = (units: readonly Unit[]) => {
  const total = emptyComponents();
  for (const unit of units) addComponents(total, unit.components);
  return total;
};

/** Larger numbers first; null and objects last. */
const byValue = (a: unknown, b: unknown) =>
  (typeof b === 'number' ? b : -Infinity) - (typeof a === 'number' ? a : -Infinity);

/**
 * POST /3/patterns/timeseries — one series per `groupBy` combination (the largest first metric
 * first), each with its totals and every day of the window; `series` is null without data.
 */
export function queryPatternsTimeseries(ctx: OperationContext) {
  const query = readPayload(ctx, {
    fields: ['domain', 'metrics', 'groupBy', 'filters', 'parameters', 'limit', 'offset'],
  });
  const units = unitsOf(ctx.core, query);
  if (units.length === 0) return { series: null };
  const series = [...groups(units, query.groupBy).values()].map(({ key, units: mine }) => ({
    ...(query.groupBy.length > 0 ? { key } : {}),
    totals: metricsOf(query.metrics, sum(mine)),
    dates: query.days.map((date) => ({
      date,
      metrics: metricsOf(query.metrics, sum(mine.filter((unit) => unit.date === date))),
    })),
  }));
  const first = query.metrics[0];
  if (first !== undefined) series.sort((a, b) => byValue(a.totals[first], b.totals[first]));
  return { series: series.slice(query.offset, query.offset + query.limit) };
}

/** POST /3/patterns/scalar — each metric over the whole window. */
export function queryPatternsScalar(ctx: OperationContext) {
  const query = readPayload(ctx, { fields: ['domain', 'metrics', 'filters', 'parameters'] });
  return metricsOf(query.metrics, sum(unitsOf(ctx.core, query)));
}

/** POST /3/patterns/table — one row per `groupBy` combination (one row without), sorted by `orderBy`. */
export function queryPatternsTable(ctx: OperationContext) {
  const query = readPayload(ctx, {
    fields: ['domain', 'metrics', 'groupBy', 'filters', 'parameters', 'orderBy', 'limit', 'offset'],
    limit: { default: 1000, max: 1000 },
  });
  const units = unitsOf(ctx.core, query);
  const rows =
    query.groupBy.length === 0
      ? [metricsOf(query.metrics, sum(units))]
      : [...groups(units, query.groupBy).values()].map(({ key, units: mine }) => ({
          ...key,
          ...metricsOf(query.metrics, sum(mine)),
        }));
  rows.sort((a: Record<string, unknown>, b: Record<string, unknown>) => compareRows(a, b, query));
  return { rows: rows.slice(query.offset, query.offset + query.limit) };
}

function compareRows(a: Record<string, unknown>, b: Record<string, unknown>, query: PatternQuery): number {
  for (const { kind, direction } of query.orderBy) {
    const x = a[kind];
    const y = b[kind];
    if (x === y) continue;
    // Null (a rate without data) sorts last either way.
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x) < String(y) ? -1 : 1;
    return direction === 'asc' ? order : -order;
  }
  return 0;
}

/** POST /3/patterns/distribution — each field's histogram, keyed `histogram<Field>`, bin label -> count. */
export function queryPatternsDistribution(ctx: OperationContext) {
  const query = readPayload(ctx, { fields: ['domain', 'distributions', 'filters', 'parameters'] });
  const positions = sum(unitsOf(ctx.core, query)).positions;
  return Object.fromEntries(
    query.distributions.map((distribution) => [
      `histogram${distribution.kind[0].toUpperCase()}${distribution.kind.slice(1)}`,
      histogram(distribution, positions),
    ]),
  );
}

/**
 * Counts values into bins `[edge_i, edge_i+1)`; a last edge of -1 leaves the last bin open.
 * Labels: the value itself for a one-wide discrete bin (`"3"`), `"11-20"` for a wider one,
 * `"21+"` for the open one; continuous bins read `"0.5-1"` (upper edge excluded).
 */
function histogram(distribution: Distribution, values: ReadonlyMap<number, number>): Record<string, number> {
  const { bins, continuous } = distribution;
  const open = bins[bins.length - 1] === -1;
  const edges = open ? bins.slice(0, -1) : bins;
  const out: Record<string, number> = {};
  const labels: string[] = [];
  for (let i = 0; i < edges.length - 1; i++) {
    const [low, high] = [edges[i], edges[i + 1]];
    labels.push(!continuous && high - low === 1 ? String(low) : continuous ? `${low}-${high}` : `${low}-${high - 1}`);
  }
  if (open) labels.push(`${edges[edges.length - 1]}+`);
  for (const label of labels) out[label] = 0;
  for (const [value, count] of values) {
    let slot = -1;
    for (let i = 0; i < edges.length - 1; i++) if (value >= edges[i] && value < edges[i + 1]) slot = i;
    if (slot === -1 && open && value >= edges[edges.length - 1]) slot = labels.length - 1;
    if (slot !== -1) out[labels[slot]] += count;
  }
  return out;
}
