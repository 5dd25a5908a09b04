import type { Draft } from 'immer';
import { badRequest, notFound, messages } from '../errors';
import type { IndexState, SearchRecord, State } from '../state';

/** Index names the real service refuses. */
export function assertIndexName(name: string): void {
  if (name.length === 0) throw badRequest('Index name must not be empty');
  if (name.length > 512) throw badRequest(`Index name is too long (${name.length} characters, 512 at most)`);
  if (name === '*') throw badRequest('Index name `*` is reserved');
}

/** The index, or a 404 as the real service answers it. */
export function requireIndex(state: State, name: string): IndexState {
  const index = state.indices.get(name);
  if (!index) throw notFound(messages.indexNotFound);
  return index;
}

export function emptyIndex(name: string, now: number): IndexState {
  return { name, createdAt: now, updatedAt: now, records: new Map(), settings: {}, synonyms: new Map(), rules: new Map() };
}

/** The draft of an index, created on first write as the real service does. */
export function ensureIndex(draft: Draft<State>, name: string, now: number): Draft<IndexState> {
  let index = draft.indices.get(name);
  if (!index) {
    draft.indices.set(name, emptyIndex(name, now) as Draft<IndexState>);
    index = draft.indices.get(name)!;
  }
  index.updatedAt = now;
  return index;
}

/** Writes records to an index (replicas read their primary's records, so they follow). */
export function writeRecords(
  draft: Draft<State>,
  name: string,
  now: number,
  change: (records: Map<string, SearchRecord>) => void,
): void {
  const index = ensureIndex(draft, name, now);
  change(index.records as Map<string, SearchRecord>);
}

/** The records an index serves: its own, or its primary's when it is a replica. */
export function recordsOf(state: State, index: IndexState): ReadonlyMap<string, SearchRecord> {
  if (index.primary === undefined) return index.records;
  return state.indices.get(index.primary)?.records ?? index.records;
}

/** Names listed in a `replicas` setting, without the `virtual(...)` wrapper. */
export function replicaNames(settings: Readonly<Record<string, unknown>>): string[] {
  const replicas = settings.replicas;
  if (!Array.isArray(replicas)) return [];
  return replicas.map((entry) => String(entry).replace(/^virtual\((.*)\)$/, '$1'));
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}
