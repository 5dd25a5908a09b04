import { lazyOperations } from '../lazy';
import { route, type Route } from '../route';

/** The operations, loaded on the first call (lazy.ts). */
const lazy = lazyOperations(() => import('./operations'));

const CLUSTERS = '{clusters}';
/** Where the emulator's figures are its own (docs/monitoring.md). */
const METRICS_PARITY = {
  status: 'partial',
  note: 'the emulator keeps no infrastructure history: every point holds its current figures (records in RAM, no SSD, idle CPU, indexingDelay as build time)',
} as const;

/**
 * Monitoring API routes (`status.algolia.com`), for the emulator's clusters: statuses and
 * incidents follow the faults injected on the search hosts (`emulator.faults`), on the clock.
 * Public but for the infrastructure metrics (monitoring/auth.ts checks credentials itself).
 */
// prettier-ignore
export const monitoringRoutes: Route[] = [
  route({ operation: 'getStatus', method: 'GET', path: '/1/status', host: 'monitoring', acl: 'none', call: {}, handler: lazy('getStatus') }),
  route({ operation: 'getClusterStatus', method: 'GET', path: `/1/status/${CLUSTERS}`, host: 'monitoring', acl: 'none', call: {}, handler: lazy('getClusterStatus') }),
  route({ operation: 'getIncidents', method: 'GET', path: '/1/incidents', host: 'monitoring', acl: 'none', call: {}, handler: lazy('getIncidents') }),
  route({ operation: 'getClusterIncidents', method: 'GET', path: `/1/incidents/${CLUSTERS}`, host: 'monitoring', acl: 'none', call: {}, handler: lazy('getClusterIncidents') }),
  route({ operation: 'getServers', method: 'GET', path: '/1/inventory/servers', host: 'monitoring', acl: 'none', call: {}, handler: lazy('getServers') }),
  route({ operation: 'getLatency', method: 'GET', path: `/1/latency/${CLUSTERS}`, host: 'monitoring', acl: 'none', call: {}, handler: lazy('getLatency') }),
  route({ operation: 'getIndexingTime', method: 'GET', path: `/1/indexing/${CLUSTERS}`, host: 'monitoring', acl: 'none', call: {}, handler: lazy('getIndexingTime') }),
  route({ operation: 'getReachability', method: 'GET', path: `/1/reachability/${CLUSTERS}/probes`, host: 'monitoring', acl: 'none', call: {}, handler: lazy('getReachability') }),
  route({ operation: 'getMetrics', method: 'GET', path: '/1/infrastructure/{metric}/period/{period}', host: 'monitoring', acl: 'none', call: {}, handler: lazy('getMetrics'), parity: METRICS_PARITY }),
];
