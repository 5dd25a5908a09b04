import type { OperationContext } from '../route';
import { clustersOf, serversOf } from './clusters';
import { badParameter } from './errors';

const MINUTE = 60_000;
/** Each period's points, as the OpenAPI describes them: step and count. */
const PERIODS: Readonly<Record<string, { step: number; count: number }>> = {
  minute: { step: 10_000, count: 6 },
  hour: { step: MINUTE, count: 60 },
  day: { step: 10 * MINUTE, count: 144 },
  week: { step: 60 * MINUTE, count: 168 },
  month: { step: 24 * 60 * MINUTE, count: 30 },
};
const METRICS = ['avg_build_time', 'ssd_usage', 'ram_search_usage', 'ram_indexing_usage', 'cpu_usage'] as const;
type Metric = (typeof METRICS)[number];

const encoder = new TextEncoder();

/**
 * What the emulator can say of each metric, the same on every server of a cluster (they hold
 * the same data) and at every point of the period (it keeps no history of them):
 * `ram_search_usage` the megabytes of the application's records (rounded up), `ram_indexing_usage`
 * and `ssd_usage` 0 (writes apply in memory, nothing is on disk), `cpu_usage` (idleness) 100,
 * `avg_build_time` the `indexingDelay` in seconds.
 */
function valueOf(ctx: OperationContext, metric: Metric): number {
  switch (metric) {
    case 'ram_search_usage': {
      let bytes = 0;
      for (const index of ctx.core.state.indices.values()) {
        if (index.primary !== undefined) continue;
        for (const record of index.records.values()) bytes += encoder.encode(JSON.stringify(record)).length;
      }
      return Math.ceil(bytes / 1_000_000);
    }
    case 'avg_build_time':
      return Math.round(ctx.core.options.indexingDelay / 1000);
    case 'cpu_usage':
      return 100;
    default:
      return 0;
  }
}

/** GET /1/infrastructure/{metric}/period/{period} — each server's metrics over the period (`*`: all five). */
export function getMetrics(ctx: OperationContext) {
  const { metric, period } = ctx.params;
  if (metric !== '*' && !(METRICS as readonly string[]).includes(metric))
    throw badParameter(`Unknown metric "${metric}": expected one of ${METRICS.join(', ')}, *`);
  const shape = PERIODS[period];
  if (!shape) throw badParameter(`Unknown period "${period}": expected one of ${Object.keys(PERIODS).join(', ')}`);
  const last = Math.floor(ctx.core.now() / shape.step) * shape.step;
  const times = Array.from({ length: shape.count }, (_, i) => last - (shape.count - 1 - i) * shape.step);
  const servers = serversOf(clustersOf(ctx.core)).map((server) => server.name);
  const wanted = metric === '*' ? METRICS : [metric as Metric];
  return {
    metrics: Object.fromEntries(
      wanted.map((name) => {
        const v = valueOf(ctx, name);
        return [name, Object.fromEntries(servers.map((server) => [server, times.map((t) => ({ t, v }))]))];
      }),
    ),
  };
}
