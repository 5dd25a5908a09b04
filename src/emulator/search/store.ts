import { current, isDraft, type Draft } from 'immer';
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

/**
 * Writes records to an index (replicas read their primary's records, so they follow). `writes`
 * says about how many records `change` sets: a large write fills a plain copy of the map,
 * assigned whole, instead of going through immer's draft of the map (a proxy call and a
 * finalization callback per record).
 */
export function writeRecords(
  draft: Draft<State>,
  name: string,
  now: number,
  change: (records: Map<string, SearchRecord>) => void,
  writes = 1,
): void {
  const index = ensureIndex(draft, name, now);
  const records = index.records as Map<string, SearchRecord>;
  if (isDraft(records)) {
    if (writes < BULK_WRITES || writes * 16 < records.size) return change(records);
  } else if (!Object.isFrozen(records)) {
    // A map assigned earlier in this commit: plain and unshared, written in place.
    return change(records);
  }
  // A copy of the latest records (a frozen map assigned in this commit is copied too).
  const latest = isDraft(records) ? (current(records) as Map<string, SearchRecord>) : records;
  const copy = Object.isFrozen(latest) ? new Map(latest) : latest;
  change(copy);
  index.records = copy as Draft<Map<string, SearchRecord>>;
}

/** Writes of at least this many records (and a sixteenth of the index) copy the map outside immer. */
const BULK_WRITES = 64;

const hasOwn = Object.prototype.hasOwnProperty;
const isEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * `{ ...body, objectID }`, built by `Object.assign` on an empty object: records of one shape then
 * share one hidden class (a spread gives each record a class of its own once frozen), and the
 * properties are copied in one go instead of one transition per key.
 */
export function recordOf(body: Readonly<Record<string, unknown>>, objectID: string): SearchRecord {
  // `Object.assign` would set the prototype from an own `__proto__`, which a spread copies as a property.
  const record: Record<string, unknown> = hasOwn.call(body, '__proto__') ? copiedKeyByKey(body) : Object.assign({}, body);
  record.objectID = objectID;
  return record as SearchRecord;
}

/** The own enumerable members of `body` (strings in `Object.keys` order, then symbols) as a spread copies them. */
function copiedKeyByKey(body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const key in body) {
    if (!hasOwn.call(body, key)) continue;
    if (key === '__proto__') Object.defineProperty(record, key, { value: body[key], enumerable: true, writable: true, configurable: true });
    else record[key] = body[key];
  }
  const symbols = Object.getOwnPropertySymbols(body);
  for (let k = 0; k < symbols.length; k++) {
    if (isEnumerable.call(body, symbols[k])) (record as Record<symbol, unknown>)[symbols[k]] = (body as Record<symbol, unknown>)[symbols[k]];
  }
  return record;
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
