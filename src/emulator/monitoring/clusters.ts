import type { Core } from '../core';
import { readUserID, type EmulatorRequest } from '../request';
import { unknownCluster, unknownServers } from './errors';

/** The application's cluster when multi-cluster mapping is off (the emulator's name for it). */
export const DEFAULT_CLUSTER = 'c1-emulator';

/** Regions the Monitoring API knows (`Region` of its OpenAPI). */
const REGIONS = new Set(['au', 'br', 'ca', 'de', 'eu', 'hk', 'in', 'jp', 'sg', 'uae', 'uk', 'usc', 'use', 'usw', 'za']);

/** The application's clusters: the `clusters` option (multi-cluster mapping), else its one cluster. */
export function clustersOf(core: Pick<Core, 'options'>): readonly string[] {
  const clusters = core.options.clusters ?? [];
  return clusters.length > 0 ? clusters : [DEFAULT_CLUSTER];
}

/**
 * The cluster that serves a search-family request: its `X-Algolia-User-ID`'s user's cluster,
 * else the first one. Other families (insights, analytics, ...) are served elsewhere.
 */
export function clusterOfRequest(core: Core, req: EmulatorRequest): string | undefined {
  if (req.host !== 'search') return undefined;
  const clusters = clustersOf(core);
  const userID = readUserID(req);
  const assigned = userID === undefined ? undefined : core.state.clusters.users.get(userID)?.cluster;
  return assigned !== undefined && clusters.includes(assigned) ? assigned : clusters[0];
}

/** A path's `{clusters}`: names separated by commas, each a cluster of the application. */
export function readClusters(core: Core, raw: string, onUnknown: 'not-found' | 'bad-request'): string[] {
  const known = clustersOf(core);
  const names = raw.split(',').map((name) => name.trim());
  for (const name of names) {
    if (known.includes(name)) continue;
    throw onUnknown === 'not-found' ? unknownCluster(name) : unknownServers();
  }
  return [...new Set(names)];
}

/** The region of a cluster named `c<n>-<region>`; `use` when its name says none. */
export function regionOf(cluster: string): string {
  const suffix = cluster.slice(cluster.indexOf('-') + 1).split('-')[0];
  return REGIONS.has(suffix) ? suffix : 'use';
}

/** Each cluster's three servers, `<cluster>-1` to `-3`, as the inventory lists them. */
export function serversOf(clusters: readonly string[]) {
  return clusters.flatMap((cluster) =>
    [1, 2, 3].map((n) => ({
      name: `${cluster}-${n}`,
      region: regionOf(cluster),
      is_slave: false,
      is_replica: false,
      cluster,
      status: 'PRODUCTION',
      type: 'cluster',
    })),
  );
}
