import { freeze, isDraft, type Draft } from 'immer';
import { badRequest, notFound, messages } from '../errors';
import type { IndexState, SearchRecord, State } from '../state';
import { emptyRecords, type RecordEditor, type RecordStore } from './record-store';

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
  return {
    name,
    createdAt: now,
    updatedAt: now,
    records: emptyRecords(),
    settings: {},
    synonyms: new Map(),
    rules: new Map(),
  };
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
 * Writes records to an index (replicas read their primary's records, so they follow): `change`
 * sets and deletes through an editor of the index's record store, which costs O(k · log n) for
 * k records and shares the rest with the version before (see {@link RecordStore}).
 */
export function writeRecords(
  draft: Draft<State>,
  name: string,
  now: number,
  change: (records: RecordEditor) => void,
): void {
  const index = ensureIndex(draft, name, now);
  index.records = index.records.edit((editor) => change(new FreezingEditor(editor)));
}

/**
 * Deep-freezes each record it sets, as immer freezes whatever enters the state tree (it does not
 * look inside the record store): see {@link freezeRecord}.
 */
class FreezingEditor implements RecordEditor {
  constructor(private readonly editor: RecordEditor) {}

  get size(): number {
    return this.editor.size;
  }

  get(key: string): SearchRecord | undefined {
    return this.editor.get(key);
  }

  has(key: string): boolean {
    return this.editor.has(key);
  }

  set(key: string, record: SearchRecord): this {
    freezeRecord(record);
    this.editor.set(key, record);
    return this;
  }

  delete(key: string): boolean {
    return this.editor.delete(key);
  }

  clear(): void {
    this.editor.clear();
  }
}

/**
 * immer's `freeze(value, true)` for what records are made of: plain objects and arrays are frozen
 * here, walked without a key list or a closure per object (immer's allocate both, a third of a
 * load's garbage); anything else (a Map, a class instance, a draft) goes to immer's. Like immer,
 * it stops at a value frozen already. Batches freeze their records up front with it: immer then
 * skips them when it finalizes the write, instead of walking every property of a large batch.
 */
export function freezeRecord(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  const proto: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value) && proto === Array.prototype && !isDraft(value)) {
    Object.freeze(value);
    for (let i = 0; i < value.length; i++) freezeRecord(value[i]);
  } else if ((proto === Object.prototype || proto === null) && !isDraft(value)) {
    Object.freeze(value);
    for (const key in value) if (hasOwn.call(value, key)) freezeRecord((value as Record<string, unknown>)[key]);
  } else {
    freeze(value, true);
  }
}

/**
 * Deletes records of an index that exists (a missing index stays missing); answers how many
 * were there. `updatedAt` moves only when one was.
 */
export function deleteRecords(draft: Draft<State>, name: string, now: number, objectIDs: Iterable<string>): number {
  const index = draft.indices.get(name);
  if (!index) return 0;
  let deleted = 0;
  const records = index.records.edit((editor) => {
    for (const objectID of objectIDs) if (editor.delete(objectID)) deleted++;
  });
  if (deleted > 0) {
    index.records = records;
    index.updatedAt = now;
  }
  return deleted;
}

const hasOwn = Object.prototype.hasOwnProperty;
const isEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * `{ ...body, objectID }`, built by `Object.assign` on an empty object: records of one shape then
 * share one hidden class (a spread gives each record a class of its own once frozen), and the
 * properties are copied in one go instead of one transition per key.
 */
export function recordOf(body: Readonly<Record<string, unknown>>, objectID: string): SearchRecord {
  // `Object.assign` would set the prototype from an own `__proto__`, which a spread copies as a property.
  const record: Record<string, unknown> = hasOwn.call(body, '__proto__')
    ? copiedKeyByKey(body)
    : Object.assign({}, body);
  record.objectID = objectID;
  return record as SearchRecord;
}

/** The own enumerable members of `body` (strings in `Object.keys` order, then symbols) as a spread copies them. */
function copiedKeyByKey(body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const key in body) {
    if (!hasOwn.call(body, key)) continue;
    if (key === '__proto__')
      Object.defineProperty(record, key, { value: body[key], enumerable: true, writable: true, configurable: true });
    else record[key] = body[key];
  }
  const symbols = Object.getOwnPropertySymbols(body);
  for (let k = 0; k < symbols.length; k++) {
    if (isEnumerable.call(body, symbols[k]))
      (record as Record<symbol, unknown>)[symbols[k]] = (body as Record<symbol, unknown>)[symbols[k]];
  }
  return record;
}

/** The records an index serves: its own, or its primary's when it is a replica. */
export function recordsOf(state: State, index: IndexState): RecordStore {
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
