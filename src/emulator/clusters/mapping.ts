import type { Core } from '../core';
import { ApiError, badRequest, notFound } from '../errors';
import { readUserID } from '../request';
import type { OperationContext } from '../route';
import { enqueueMany } from '../tasks';
import { parseBoolean, parseInteger } from '../search/validate';
import type { PendingMapping } from './state';
import { ownedRecords, usageByUser, type Usage } from './usage';

/** The real service's answer for a userID without a mapping (the v4 client's integration test waits on it). */
const USER_NOT_FOUND = 'Mapping does not exist for this userID';
const FEATURE_DISABLED = 'Multi-cluster management is not enabled for this application';

/** Assumed durations: a batch creation settles quickly; a move grows with the user's data. */
const CREATION_MS = 10_000;
const MIGRATION_BASE_MS = 60_000;
const MIGRATION_PER_RECORD_MS = 10;
/** The userID search index is rebuilt at 00:00 and 12:00 UTC on the emulator clock (its `updatedAt`). */
const SEARCH_REBUILD_MS = 12 * 3_600_000;
const TOP_USERS = 10;

/** Whether a userID is assigned (the gate rejects requests for unassigned users). */
export function userAssigned(core: Core, userID: string): boolean {
  return core.state.clusters.users.has(userID);
}

function requireEnabled(core: Core): readonly string[] {
  const clusters = core.options.clusters ?? [];
  if (clusters.length === 0) throw new ApiError(403, FEATURE_DISABLED);
  return clusters;
}

function requireCluster(core: Core, value: unknown, name = 'cluster'): string {
  const clusters = requireEnabled(core);
  if (typeof value !== 'string' || value === '') throw badRequest(`\`${name}\` is required and must be a string`);
  if (!clusters.includes(value)) throw notFound(`Cluster ${value} does not exist`);
  return value;
}

/** The OpenAPI's userID pattern: letters, digits, spaces, `-`, `*` and `.`. */
const USER_ID = /^[a-zA-Z0-9 \-*.]+$/;

function requireUserID(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw badRequest('The X-Algolia-User-ID header is required');
  if (value.length > 64 || !USER_ID.test(value)) {
    throw badRequest(`Invalid userID "${value}": use at most 64 letters, digits, spaces, \`-\`, \`*\` and \`.\``);
  }
  return value;
}

function body(ctx: OperationContext): Record<string, unknown> {
  const value = ctx.req.body;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badRequest('The body must be a JSON object');
  return value as Record<string, unknown>;
}

function mapping(userID: string, cluster: string, usage: Map<string, Usage>) {
  const { nbRecords, dataSize } = usage.get(userID) ?? { nbRecords: 0, dataSize: 0 };
  return { userID, clusterName: cluster, nbRecords, dataSize };
}

/** Pending creations and migrations the clock has not passed yet. */
function livePending(core: Core): readonly PendingMapping[] {
  const now = core.now();
  return core.state.clusters.pending.filter((entry) => entry.until > now);
}

/** POST /1/clusters/mapping — assigns a user, or moves it (a migration that takes time). */
export function assignUserId(ctx: OperationContext) {
  const { core } = ctx;
  const cluster = requireCluster(core, body(ctx).cluster);
  const userID = requireUserID(readUserID(ctx.req));
  const current = core.state.clusters.users.get(userID);
  if (current?.cluster !== cluster) {
    const now = core.now();
    const records = usageByUser(core.state).get(userID)?.nbRecords ?? 0;
    core.commit((draft) => {
      draft.clusters.users.set(userID, { cluster, at: now });
      if (current && records > 0) {
        const until = now + MIGRATION_BASE_MS + records * MIGRATION_PER_RECORD_MS;
        draft.clusters.pending.push({ userID, cluster, state: 'migrating', until });
      }
    });
  }
  return { createdAt: core.isoNow() };
}

/** POST /1/clusters/mapping/batch — assigns new users; moving users is refused. */
export function batchAssignUserIds(ctx: OperationContext) {
  const { core } = ctx;
  const params = body(ctx);
  const cluster = requireCluster(core, params.cluster);
  if (!Array.isArray(params.users)) throw badRequest('`users` is required and must be an array of strings');
  const users = params.users.map(requireUserID);
  for (const userID of users) {
    const current = core.state.clusters.users.get(userID);
    if (current && current.cluster !== cluster) {
      throw badRequest(
        `userID ${userID} is already assigned to cluster ${current.cluster}: users cannot be moved with a batch assignment`,
      );
    }
  }
  const now = core.now();
  core.commit((draft) => {
    for (const userID of new Set(users)) {
      if (draft.clusters.users.has(userID)) continue;
      draft.clusters.users.set(userID, { cluster, at: now });
      draft.clusters.pending.push({ userID, cluster, state: 'creating', until: now + CREATION_MS });
    }
  });
  return { createdAt: core.isoNow() };
}

/** GET /1/clusters/mapping/{userID} */
export function getUserId(ctx: OperationContext) {
  requireEnabled(ctx.core);
  const assigned = ctx.core.state.clusters.users.get(ctx.params.userID);
  if (!assigned) throw notFound(USER_NOT_FOUND);
  return mapping(ctx.params.userID, assigned.cluster, usageByUser(ctx.core.state));
}

/** GET /1/clusters */
export function listClusters(ctx: OperationContext) {
  const clusters = requireEnabled(ctx.core);
  const usage = usageByUser(ctx.core.state);
  return {
    clusters: clusters.map((clusterName) => {
      const users = [...ctx.core.state.clusters.users].filter(([, assigned]) => assigned.cluster === clusterName);
      const totals = users.reduce(
        (sum, [userID]) => {
          const entry = usage.get(userID);
          return {
            nbRecords: sum.nbRecords + (entry?.nbRecords ?? 0),
            dataSize: sum.dataSize + (entry?.dataSize ?? 0),
          };
        },
        { nbRecords: 0, dataSize: 0 },
      );
      return { clusterName, nbRecords: totals.nbRecords, nbUserIDs: users.length, dataSize: totals.dataSize };
    }),
  };
}

/** GET /1/clusters/mapping — userIDs sorted, 1000 per page by default. */
export function listUserIds(ctx: OperationContext) {
  requireEnabled(ctx.core);
  const page = parseInteger(ctx.req.query.page, 'page', 0);
  const hitsPerPage = parseInteger(ctx.req.query.hitsPerPage, 'hitsPerPage', 1000);
  if (hitsPerPage < 1) throw badRequest('Parameter `hitsPerPage` must be at least 1');
  const usage = usageByUser(ctx.core.state);
  const all = [...ctx.core.state.clusters.users].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const slice = all.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
  return { userIDs: slice.map(([userID, assigned]) => mapping(userID, assigned.cluster, usage)), page, hitsPerPage };
}

/**
 * GET /1/clusters/mapping/top — the 10 users with the most records, per cluster: an object
 * keyed by cluster name, each user as `{userID, nbRecords, dataSize}`. The v4 client's
 * integration test reads it so from the real service (`topUsers[clusterName][0]`), where
 * the OpenAPI draws an array of one-key objects.
 */
export function getTopUserIds(ctx: OperationContext) {
  const clusters = requireEnabled(ctx.core);
  const usage = usageByUser(ctx.core.state);
  const users = [...ctx.core.state.clusters.users];
  const topUsers: Record<string, { userID: string; nbRecords: number; dataSize: number }[]> = {};
  for (const cluster of clusters) {
    topUsers[cluster] = users
      .filter(([, assigned]) => assigned.cluster === cluster)
      .map(([userID]) => mapping(userID, cluster, usage))
      .sort((a, b) => b.nbRecords - a.nbRecords || (a.userID < b.userID ? -1 : 1))
      .slice(0, TOP_USERS)
      .map(({ userID, nbRecords, dataSize }) => ({ userID, nbRecords, dataSize }));
  }
  return { topUsers };
}

/**
 * DELETE /1/clusters/mapping/{userID} (and DELETE /1/clusters/mapping with the user in
 * `X-Algolia-User-ID`, as the v4 client sends it) — unassigns the user and deletes its
 * records (a task per index).
 */
export function removeUserId(ctx: OperationContext) {
  const { core, params } = ctx;
  requireEnabled(core);
  const userID = params.userID ?? requireUserID(readUserID(ctx.req));
  if (!core.state.clusters.users.has(userID)) throw notFound(USER_NOT_FOUND);
  const owned = ownedRecords(core.state, userID);
  core.commit((draft) => {
    draft.clusters.users.delete(userID);
  });
  enqueueMany(
    core,
    [...owned].map(([indexName, objectIDs]) => ({
      indexName,
      apply: (draft) => {
        const index = draft.indices.get(indexName);
        const owners = draft.clusters.owners.get(indexName);
        const removed: string[] = [];
        for (const objectID of objectIDs) {
          if (owners?.get(objectID) !== userID) continue;
          owners.delete(objectID);
          removed.push(objectID);
        }
        if (index)
          index.records = index.records.edit((records) => removed.forEach((objectID) => records.delete(objectID)));
      },
    })),
  );
  return { deletedAt: core.isoNow() };
}

/**
 * POST /1/clusters/mapping/search — finds the users getUserId finds: the v4 client's
 * integration test, run against the service, searches each user right after its assignment
 * is readable and expects it. `updatedAt` is the index's last rebuild (every 12 hours, spec
 * 000), in Unix seconds.
 */
export function searchUserIds(ctx: OperationContext) {
  const { core } = ctx;
  requireEnabled(core);
  const params = body(ctx);
  if (typeof params.query !== 'string') throw badRequest('`query` is required and must be a string');
  const cluster = params.clusterName ?? params.cluster;
  if (cluster !== undefined && typeof cluster !== 'string') throw badRequest('`clusterName` must be a string');
  const page = integer(params.page, 'page', 0);
  const hitsPerPage = integer(params.hitsPerPage, 'hitsPerPage', 20);
  const builtAt = Math.floor(core.now() / SEARCH_REBUILD_MS) * SEARCH_REBUILD_MS;
  const indexed = [...core.state.clusters.users].map(([userID, assigned]) => [userID, assigned.cluster] as const);
  const query = params.query.toLowerCase();
  const usage = usageByUser(core.state);
  const matches = indexed
    .filter(
      ([userID, clusterName]) =>
        userID.toLowerCase().includes(query) && (cluster === undefined || clusterName === cluster),
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hits = matches.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map(([userID, clusterName]) => ({
    ...mapping(userID, clusterName, usage),
    objectID: userID,
    _highlightResult: { userID: highlight(userID, query), clusterName: highlight(clusterName, '') },
  }));
  return { hits, nbHits: matches.length, page, hitsPerPage, updatedAt: Math.floor(builtAt / 1000) };
}

function highlight(value: string, query: string) {
  const at = query === '' ? -1 : value.toLowerCase().indexOf(query);
  if (at < 0) return { value, matchLevel: 'none', matchedWords: [] };
  const marked = `${value.slice(0, at)}<em>${value.slice(at, at + query.length)}</em>${value.slice(at + query.length)}`;
  return {
    value: marked,
    matchLevel: at === 0 && query.length === value.length ? 'full' : 'partial',
    matchedWords: [query],
  };
}

function integer(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw badRequest(`\`${name}\` must be a non-negative integer`);
  return value;
}

/** GET /1/clusters/mapping/pending — whether creations or migrations are still running. */
export function hasPendingMappings(ctx: OperationContext) {
  requireEnabled(ctx.core);
  const pending = livePending(ctx.core);
  const withClusters = parseBoolean(ctx.req.query.getClusters, 'getClusters', false);
  if (!withClusters) return { pending: pending.length > 0 };
  const clusters: Record<string, string[]> = {};
  for (const entry of pending) (clusters[entry.cluster] ??= []).push(entry.userID);
  return { pending: pending.length > 0, clusters };
}
