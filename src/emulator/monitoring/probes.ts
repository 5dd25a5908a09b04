import { toMilliseconds } from '../../clock';
import type { OperationContext } from '../route';
import { readClusters } from './clusters';
import { impactsAt, worstAt } from './incidents';

const STEP_MS = 10 * 60_000;
/** The probes' window: a day of 10-minute points (the OpenAPI examples are 10 minutes apart). */
const POINTS = 144;
/** The emulator's own answer time, as its search answers say (`processingTimeMS`). */
const BASE_MS = 1;
/** The probes that check reachability (the emulator's names). */
const PROBES = ['emulator-probe-1', 'emulator-probe-2', 'emulator-probe-3'];

/** Each 10-minute instant of the last day, oldest first. */
function instants(now: number): number[] {
  const last = Math.floor(now / STEP_MS) * STEP_MS;
  return Array.from({ length: POINTS }, (_, i) => last - (POINTS - 1 - i) * STEP_MS);
}

/**
 * A probe's time on `cluster` at each instant: `base` plus the latency faults then acting
 * (the slowest); no point while a major outage made the probe fail.
 */
function series(ctx: OperationContext, cluster: string, base: number) {
  const points: { t: number; v: number }[] = [];
  for (const t of instants(ctx.core.now())) {
    if (worstAt(ctx.core, cluster, t)?.status === 'major_outage') continue;
    const delays = impactsAt(ctx.core, cluster, t).map(({ episode: { spec } }) =>
      spec.kind === 'latency' || spec.kind === 'status' ? toMilliseconds(spec.latency ?? 0) : 0,
    );
    points.push({ t, v: base + Math.max(0, ...delays) });
  }
  return points;
}

/** GET /1/latency/{clusters} — the search probes' times over the last day, in ms. */
export function getLatency(ctx: OperationContext) {
  const clusters = readClusters(ctx.core, ctx.params.clusters, 'bad-request');
  return {
    metrics: { latency: Object.fromEntries(clusters.map((cluster) => [cluster, series(ctx, cluster, BASE_MS)])) },
  };
}

/** GET /1/indexing/{clusters} — the indexing probes' times over the last day: the `indexingDelay` (at least 1 ms). */
export function getIndexingTime(ctx: OperationContext) {
  const clusters = readClusters(ctx.core, ctx.params.clusters, 'bad-request');
  const base = Math.max(BASE_MS, ctx.core.options.indexingDelay);
  return {
    metrics: { indexing: Object.fromEntries(clusters.map((cluster) => [cluster, series(ctx, cluster, base)])) },
  };
}

/** GET /1/reachability/{clusters}/probes — whether each probe reaches each cluster now. */
export function getReachability(ctx: OperationContext) {
  const clusters = readClusters(ctx.core, ctx.params.clusters, 'bad-request');
  return Object.fromEntries(
    clusters.map((cluster) => {
      const status = worstAt(ctx.core, cluster, ctx.core.now())?.status;
      // A major outage: no probe gets through; a partial one (one host, some operations): one does not.
      return [
        cluster,
        Object.fromEntries(
          PROBES.map((probe, i) => [
            probe,
            status === 'major_outage' ? false : !(status === 'partial_outage' && i === 0),
          ]),
        ),
      ];
    }),
  );
}
