import type { Core } from '../core';
import type { FaultEpisode } from '../faults/faults';
import { hostnameMatches } from '../faults/faults';
import type { FaultSpec } from '../faults/spec';
import { clustersOf } from './clusters';

export type ClusterStatus = 'operational' | 'degraded_performance' | 'partial_outage' | 'major_outage';

const SEVERITY: Readonly<Record<ClusterStatus, number>> = {
  operational: 0,
  degraded_performance: 1,
  partial_outage: 2,
  major_outage: 3,
};

/** A fault as monitoring sees it: the clusters it hits, how badly, and when. */
export interface Impact {
  readonly episode: FaultEpisode;
  readonly clusters: readonly string[];
  readonly status: ClusterStatus;
}

/** The hostnames of the application's search API (every cluster answers behind them). */
const searchHostnames = (appId: string) => [
  `${appId}-dsn.algolia.net`,
  `${appId}.algolia.net`,
  `${appId}-1.algolianet.com`,
  `${appId}-2.algolianet.com`,
  `${appId}-3.algolianet.com`,
];

/**
 * The clusters a fault hits: those it names, else every cluster when it acts on the search
 * hosts (all of them, or one by name); none for other families (insights, analytics, ...).
 */
function clustersHit(core: Core, spec: FaultSpec): readonly string[] {
  if (spec.cluster !== undefined) return typeof spec.cluster === 'string' ? [spec.cluster] : spec.cluster;
  const hosts = spec.host === undefined ? undefined : typeof spec.host === 'string' ? [spec.host] : spec.host;
  if (hosts !== undefined && !hosts.includes('search')) return [];
  if (
    spec.hostname !== undefined &&
    !searchHostnames(core.options.appId).some((name) => hostnameMatches(name, spec.hostname!))
  )
    return [];
  return clustersOf(core);
}

/**
 * How a fault leaves the clusters it hits: no answer or server errors on every request are a
 * major outage; on part of them (one host, some operations, a rate below 1) a partial one;
 * slow answers and 4xx statuses (429) degraded performance.
 */
export function statusOfFault(spec: FaultSpec): ClusterStatus {
  if (spec.kind === 'latency' || (spec.kind === 'status' && spec.status < 500)) return 'degraded_performance';
  const partial = spec.hostname !== undefined || spec.operation !== undefined || (spec.rate ?? 1) < 1;
  return partial ? 'partial_outage' : 'major_outage';
}

function impacts(core: Core): Impact[] {
  return core.faults.episodes
    .map((episode) => ({ episode, clusters: clustersHit(core, episode.spec), status: statusOfFault(episode.spec) }))
    .filter((impact) => impact.clusters.length > 0);
}

const activeAt = (episode: FaultEpisode, t: number) =>
  episode.from <= t && (episode.to === undefined || t < episode.to);

/** The faults acting on `cluster` at `t`. */
export function impactsAt(core: Core, cluster: string, t: number): Impact[] {
  return impacts(core).filter((impact) => impact.clusters.includes(cluster) && activeAt(impact.episode, t));
}

/** The worst fault acting on `cluster` at `t`, if any (the first added among equals). */
export function worstAt(core: Core, cluster: string, t: number): Impact | undefined {
  let worst: Impact | undefined;
  for (const impact of impactsAt(core, cluster, t))
    if (!worst || SEVERITY[impact.status] > SEVERITY[worst.status]) worst = impact;
  return worst;
}

/** A cluster's status now. */
export function clusterStatus(core: Core, cluster: string): ClusterStatus {
  return worstAt(core, cluster, core.now())?.status ?? 'operational';
}

/** What a fault does, for an incident's title. */
function describe(impact: Impact): string {
  const { spec, id } = impact.episode;
  const what =
    spec.kind === 'down'
      ? 'hosts do not answer'
      : spec.kind === 'timeout'
        ? 'requests time out'
        : spec.kind === 'status'
          ? `requests fail with HTTP ${spec.status}`
          : 'answers are slow';
  const scope = [
    spec.hostname !== undefined ? `on ${String(spec.hostname)}` : '',
    spec.operation !== undefined ? `for ${[spec.operation].flat().join(', ')}` : '',
    (spec.rate ?? 1) < 1 ? `for ${Math.round((spec.rate ?? 1) * 100)}% of requests` : '',
  ].filter(Boolean);
  return `${what}${scope.length > 0 ? ` ${scope.join(' ')}` : ''} (fault ${id})`;
}

export interface IncidentEntry {
  readonly t: number;
  readonly v: { readonly title: string; readonly status: ClusterStatus };
}

/**
 * A cluster's incidents, newest first: one entry each time its status changes, at the clock
 * time a fault was added, removed, cleared or spent (`times` used up).
 */
export function incidentsOf(core: Core, cluster: string): IncidentEntry[] {
  const mine = impacts(core).filter((impact) => impact.clusters.includes(cluster));
  const times = [
    ...new Set(mine.flatMap(({ episode }) => (episode.to === undefined ? [episode.from] : [episode.from, episode.to]))),
  ].sort((a, b) => a - b);
  const entries: IncidentEntry[] = [];
  let previous: ClusterStatus = 'operational';
  let previousTitle = '';
  for (const t of times) {
    const worst = worstAt(core, cluster, t);
    const status = worst?.status ?? 'operational';
    const title = `Incident on cluster ${cluster}: ${worst ? describe(worst) : 'Everything operating normally.'}`;
    if (status === previous && title === previousTitle) continue;
    if (status === 'operational' && previous === 'operational') continue;
    entries.push({ t, v: { title, status } });
    previous = status;
    previousTitle = title;
  }
  return entries.reverse();
}
