import type { Core } from '../core';
import type { DispatchEvent } from '../core';
import { readUserID } from '../request';
import type { State } from '../state';

export interface Usage {
  nbRecords: number;
  dataSize: number;
}

const encoder = new TextEncoder();

/**
 * Records per user, from the owners table and the records that exist now: a record deleted
 * since it was written no longer counts; `dataSize` is the JSON size of the records in bytes.
 */
export function usageByUser(state: State): Map<string, Usage> {
  const usage = new Map<string, Usage>();
  for (const [indexName, owners] of state.clusters.owners) {
    const records = state.indices.get(indexName)?.records;
    if (!records) continue;
    for (const [objectID, userID] of owners) {
      const record = records.get(objectID);
      if (!record) continue;
      const entry = usage.get(userID) ?? { nbRecords: 0, dataSize: 0 };
      entry.nbRecords += 1;
      entry.dataSize += encoder.encode(JSON.stringify(record)).length;
      usage.set(userID, entry);
    }
  }
  return usage;
}

/** The records a user owns, per index (for removal). */
export function ownedRecords(state: State, userID: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [indexName, owners] of state.clusters.owners) {
    for (const [objectID, owner] of owners) {
      if (owner !== userID) continue;
      out.set(indexName, [...(out.get(indexName) ?? []), objectID]);
    }
  }
  return out;
}

/**
 * Observer: a successful record write carrying `X-Algolia-User-ID` (header or query string)
 * ties the records it names (`objectID` / `objectIDs` of the response) to that user, so usage
 * per user is real.
 */
export function recordOwnership(core: Core, event: DispatchEvent): void {
  if (
    (core.options.clusters ?? []).length === 0 ||
    !event.route ||
    event.res.status < 200 ||
    event.res.status >= 300 ||
    event.req.method === 'GET'
  )
    return;
  if (event.route.path.startsWith('/1/clusters')) return;
  const userID = readUserID(event.req);
  if (userID === undefined) return;
  const body = event.res.body as { objectID?: unknown; objectIDs?: unknown } | undefined;
  const match = core.router.match(event.req.host, event.req.method, event.req.path);
  const pathIndex = match && match !== 'method' ? match.params.indexName : undefined;
  const requests = (event.req.body as { requests?: { indexName?: unknown }[] } | undefined)?.requests;
  const tags: [string, string][] = [];
  if (typeof body?.objectID === 'string' && pathIndex) tags.push([pathIndex, body.objectID]);
  if (Array.isArray(body?.objectIDs)) {
    body.objectIDs.forEach((objectID, i) => {
      const indexName = pathIndex && pathIndex !== '*' ? pathIndex : requests?.[i]?.indexName;
      if (typeof objectID === 'string' && typeof indexName === 'string') tags.push([indexName, objectID]);
    });
  }
  if (tags.length === 0) return;
  core.commit((draft) => {
    for (const [indexName, objectID] of tags) {
      let owners = draft.clusters.owners.get(indexName);
      if (!owners) {
        draft.clusters.owners.set(indexName, new Map());
        owners = draft.clusters.owners.get(indexName)!;
      }
      owners.set(objectID, userID);
    }
  });
}
