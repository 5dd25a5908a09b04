import type { OperationContext } from '../route';
import { clustersOf, readClusters, serversOf } from './clusters';
import { clusterStatus, incidentsOf } from './incidents';

/** GET /1/status — the status of each of the application's clusters (the emulator knows no others). */
export function getStatus(ctx: OperationContext) {
  return {
    status: Object.fromEntries(clustersOf(ctx.core).map((cluster) => [cluster, clusterStatus(ctx.core, cluster)])),
  };
}

/** GET /1/status/{clusters} — the same for the clusters named; 404 `Unknown cluster "x"` for another. */
export function getClusterStatus(ctx: OperationContext) {
  const clusters = readClusters(ctx.core, ctx.params.clusters, 'not-found');
  return { status: Object.fromEntries(clusters.map((cluster) => [cluster, clusterStatus(ctx.core, cluster)])) };
}

/** GET /1/incidents — the clusters that had incidents, each with its entries, newest first. */
export function getIncidents(ctx: OperationContext) {
  const entries = clustersOf(ctx.core)
    .map((cluster) => [cluster, incidentsOf(ctx.core, cluster)] as const)
    .filter(([, incidents]) => incidents.length > 0);
  return { incidents: Object.fromEntries(entries) };
}

/** GET /1/incidents/{clusters} — the incidents of the clusters named (an empty list for a quiet one). */
export function getClusterIncidents(ctx: OperationContext) {
  const clusters = readClusters(ctx.core, ctx.params.clusters, 'not-found');
  return { incidents: Object.fromEntries(clusters.map((cluster) => [cluster, incidentsOf(ctx.core, cluster)])) };
}

/**
 * GET /1/inventory/servers — the servers of the application's clusters (with or without
 * credentials: it has no others).
 */
export function getServers(ctx: OperationContext) {
  return { inventory: serversOf(clustersOf(ctx.core)) };
}
