/** The Monitoring API's operations: a chunk of its own, loaded by the first call (routes.ts). */
export { getMetrics } from './infrastructure';
export { getIndexingTime, getLatency, getReachability } from './probes';
export { getClusterIncidents, getClusterStatus, getIncidents, getServers, getStatus } from './status';
