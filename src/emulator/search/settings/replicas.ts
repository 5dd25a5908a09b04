import { current, isDraft, type Draft } from 'immer';
import { badRequest } from '../../errors';
import type { IndexState, State } from '../../state';
import { emptyRecords } from '../record-store';
import { emptyIndex } from '../store';
import type { SettingsChange } from './parse';

/** One entry of a `replicas` list: `name` or `virtual(name)`. */
export interface ReplicaEntry {
  readonly name: string;
  readonly virtual: boolean;
}

export const replicaMessages = {
  alreadyReplica: 'A replica index is already replica of another index',
  replicaOfReplica: (index: string, primary: string) =>
    `Index ${index} is a replica of ${primary}: a replica index cannot have replicas`,
  ownReplica: (index: string) => `Index ${index} cannot be a replica of itself`,
  primaryAsReplica: (index: string) => `Index ${index} has replicas: a primary index cannot be a replica`,
  invalidName: (entry: string) => `Invalid replica name in \`replicas\`: "${entry}"`,
} as const;

/**
 * The `replicas` of a settings change without empty names: `replicas: [""]` is how the official
 * documentation unlinks every replica (its "unlink replica index" snippet, the CTS setSettings
 * case of that name), so an empty name is dropped rather than refused.
 */
export function withoutEmptyReplicaNames(change: SettingsChange): SettingsChange {
  const list = change.values.replicas;
  if (!Array.isArray(list) || !list.some((entry) => typeof entry === 'string' && entry.trim() === '')) return change;
  const replicas = list.filter((entry) => typeof entry !== 'string' || entry.trim() !== '');
  return { ...change, values: { ...change.values, replicas } };
}

/** Parses a `replicas` list; a name listed twice counts once (the last form wins). */
function parseReplicaList(list: readonly string[]): ReplicaEntry[] {
  const byName = new Map<string, ReplicaEntry>();
  for (const entry of list) {
    const virtual = /^virtual\((.*)\)$/.exec(entry.trim());
    const name = (virtual ? virtual[1] : entry).trim();
    if (name === '' || name.length > 512 || /^virtual\(/.test(name))
      throw badRequest(replicaMessages.invalidName(entry));
    byName.delete(name);
    byName.set(name, { name, virtual: virtual !== null });
  }
  return [...byName.values()];
}

/** The entries of an index's stored `replicas` setting. */
export function replicasOf(index: Pick<IndexState, 'settings'> | undefined): ReplicaEntry[] {
  const list = index?.settings.replicas;
  return Array.isArray(list)
    ? parseReplicaList(list.filter((entry): entry is string => typeof entry === 'string'))
    : [];
}

/**
 * Refuses a `replicas` list the service refuses, against the current state, before
 * the write is accepted: a replica with replicas, an index as its own replica, a replica
 * already linked to another primary, a primary listed as someone's replica.
 */
export function checkReplicas(state: State, primaryName: string, list: readonly string[]): void {
  const entries = parseReplicaList(list);
  const primary = state.indices.get(primaryName);
  if (entries.length > 0 && primary?.primary !== undefined) {
    throw badRequest(replicaMessages.replicaOfReplica(primaryName, primary.primary));
  }
  for (const { name } of entries) {
    if (name === primaryName) throw badRequest(replicaMessages.ownReplica(name));
    const replica = state.indices.get(name);
    if (!replica) continue;
    if (replica.primary !== undefined && replica.primary !== primaryName)
      throw badRequest(replicaMessages.alreadyReplica);
    if (replicasOf(replica).length > 0) throw badRequest(replicaMessages.primaryAsReplica(name));
  }
}

/**
 * Makes the replica links match the primary's `replicas` setting after it changed from
 * `before`: new names become replicas (created with a copy of the primary's settings when
 * missing; an existing index keeps its settings and serves the primary's records), names
 * no longer listed become standalone indices holding a copy of the records.
 */
export function syncReplicas(
  draft: Draft<State>,
  primaryName: string,
  before: readonly ReplicaEntry[],
  now: number,
): void {
  const primary = draft.indices.get(primaryName);
  if (!primary) return;
  const after = replicasOf(primary);
  const kept = new Set(after.map((entry) => entry.name));
  for (const { name } of before) if (!kept.has(name)) detach(draft, name, primaryName, now);
  for (const { name, virtual } of after) {
    let replica = draft.indices.get(name);
    if (!replica) {
      const { replicas: _ignored, ...settings } = plain(primary.settings);
      draft.indices.set(name, { ...emptyIndex(name, now), settings } as Draft<IndexState>);
      replica = draft.indices.get(name)!;
    } else if (replica.primary === undefined) {
      // Checked when accepted; a write published in between may have changed the picture.
      if (replicasOf(replica).length > 0) continue;
      replica.records = emptyRecords();
      replica.updatedAt = now;
    } else if (replica.primary !== primaryName) {
      continue;
    }
    replica.primary = primaryName;
    if (virtual) replica.virtual = true;
    else delete replica.virtual;
  }
}

/**
 * Keeps primary/replica links true when an index is deleted or moved onto: a deleted
 * primary's replicas become standalone indices holding a copy of its records, a deleted
 * replica leaves its primary's list. Called by the index operations inside their task,
 * BEFORE the index leaves the draft (its records are copied from it).
 */
export function unlinkDeletedIndex(draft: Draft<State>, name: string, now?: number): void {
  const index = draft.indices.get(name);
  if (index?.primary !== undefined) {
    const primary = draft.indices.get(index.primary);
    const list = primary?.settings.replicas;
    if (primary && Array.isArray(list)) {
      primary.settings.replicas = list.filter(
        (entry) => typeof entry !== 'string' || parseReplicaList([entry])[0]?.name !== name,
      );
    }
  }
  for (const other of draft.indices.values()) {
    if (other.primary === name) detach(draft, other.name, name, now ?? other.updatedAt);
  }
}

/** Turns a replica into a standalone index with a copy of its primary's records. */
function detach(draft: Draft<State>, name: string, primaryName: string, now: number): void {
  const replica = draft.indices.get(name);
  if (!replica || replica.primary !== primaryName) return;
  const primary = draft.indices.get(primaryName);
  // The primary's store itself: versions are immutable, so sharing it is a copy.
  if (primary) replica.records = primary.records;
  delete replica.primary;
  delete replica.virtual;
  replica.updatedAt = now;
}

/** A non-draft copy, safe to place elsewhere in the tree. */
function plain<T extends object>(value: T): T {
  return isDraft(value) ? (current(value as Draft<T>) as T) : value;
}
