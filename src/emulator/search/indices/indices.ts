import { current, isDraft, type Draft } from 'immer';
import { badRequest } from '../../errors';
import { assertIndexAllowed, indexAllowed } from '../../gate';
import { transferIndexKeys } from '../../security/index-keys';
import type { OperationContext } from '../../route';
import type { IndexState, State } from '../../state';
import { enqueue, pendingCount } from '../../tasks';
import { emptyRecords, type RecordStore } from '../record-store';
import { unlinkDeletedIndex } from '../settings/replicas';
import { assertIndexName, emptyIndex, isoDate, recordsOf, replicaNames } from '../store';
import { assertNotReplica, parseInteger, requireObject } from '../validate';

/** A plain (non-draft) view of an index inside a task, safe to copy into another index. */
function snapshotOf(draft: Draft<State>, name: string): IndexState | undefined {
  const index = draft.indices.get(name);
  if (!index) return undefined;
  return (isDraft(index) ? current(index) : index) as IndexState;
}

/** The records an index serves, inside a task: the store itself, shared (versions are immutable). */
function recordsIn(draft: Draft<State>, index: IndexState): RecordStore {
  if (index.primary === undefined) return index.records;
  return (snapshotOf(draft, index.primary) ?? index).records;
}

/** Removes an index inside a task; replica links are fixed first. Missing index: nothing. */
export function removeIndex(draft: Draft<State>, name: string): void {
  if (!draft.indices.has(name)) return;
  unlinkDeletedIndex(draft, name);
  draft.indices.delete(name);
}

/** Removes every record of an index; settings, synonyms and rules stay. */
export function clearRecords(draft: Draft<State>, name: string, now: number): void {
  const index = draft.indices.get(name);
  if (!index) return;
  index.records = emptyRecords();
  index.updatedAt = now;
}

/** DELETE /1/indexes/{indexName} — a missing index is ignored without error, as on the real service. */
export function deleteIndex(ctx: OperationContext) {
  const { core, params } = ctx;
  assertIndexName(params.indexName);
  const taskID = enqueue(core, params.indexName, (draft) => removeIndex(draft, params.indexName));
  return { taskID, deletedAt: core.isoNow() };
}

/** POST /1/indexes/{indexName}/clear */
export function clearObjects(ctx: OperationContext) {
  const { core, params } = ctx;
  assertIndexName(params.indexName);
  assertNotReplica(core.state, params.indexName, 'cannot apply a clear request on a replica index');
  const taskID = enqueue(core, params.indexName, (draft) => clearRecords(draft, params.indexName, core.now()));
  return { taskID, updatedAt: core.isoNow() };
}

const SCOPES = ['settings', 'synonyms', 'rules'] as const;
type Scope = (typeof SCOPES)[number];

/** Settings the real service never copies (public docs of operationIndex). */
const UNCOPIED_SETTINGS = ['replicas', 'mode', 'enableReRanking'];

interface IndexOperation {
  readonly operation: 'copy' | 'move';
  readonly destination: string;
  readonly scope?: readonly Scope[];
}

function parseOperation(body: unknown): IndexOperation {
  const params = requireObject(body, 'The operation body');
  for (const key of Object.keys(params)) {
    if (!['operation', 'destination', 'scope'].includes(key))
      throw badRequest(`Unknown parameter \`${key}\`: expected operation, destination, scope`);
  }
  const { operation, destination, scope } = params;
  if (operation !== 'copy' && operation !== 'move') {
    throw badRequest(`\`operation\` must be "copy" or "move", got ${JSON.stringify(operation)}`);
  }
  if (typeof destination !== 'string' || destination === '')
    throw badRequest('`destination` is required and must be a non-empty string');
  assertIndexName(destination);
  if (scope === undefined || scope === null) return { operation, destination };
  if (operation === 'move') throw badRequest('`scope` is only allowed with operation "copy"');
  if (!Array.isArray(scope) || !scope.every((s) => (SCOPES as readonly unknown[]).includes(s))) {
    throw badRequest(`\`scope\` must be an array of ${SCOPES.join(', ')}, got ${JSON.stringify(scope)}`);
  }
  return { operation, destination, scope: scope as Scope[] };
}

/**
 * POST /1/indexes/{indexName}/operation — copy or move (rename).
 * Public docs: copying a missing source creates an empty index; moving a missing source is
 * ignored; a copy never carries `replicas`, `mode`, `enableReRanking`; copying onto an index
 * that has replicas (or is one) is refused; moving onto a primary keeps its replicas.
 */
export function operationIndex(ctx: OperationContext) {
  const { core, params } = ctx;
  const source = params.indexName;
  assertIndexName(source);
  const op = parseOperation(ctx.req.body);
  assertIndexAllowed(ctx.auth, op.destination);
  if (op.destination === source) throw badRequest('`destination` must differ from the source index');
  const target = core.state.indices.get(op.destination);
  if (op.operation === 'copy' && target && (target.primary !== undefined || replicaNames(target.settings).length > 0)) {
    throw badRequest('cannot copy to a primary/replica index');
  }
  const taskID = enqueue(core, source, (draft) => {
    if (op.operation === 'move') moveIndex(draft, source, op.destination, core.now());
    else if (op.scope) copyScopes(draft, source, op.destination, op.scope, core.now());
    else copyIndex(draft, source, op.destination, core.now());
  });
  return { taskID, updatedAt: core.isoNow() };
}

function copyableSettings(settings: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out = { ...settings };
  for (const name of UNCOPIED_SETTINGS) delete out[name];
  return out;
}

/** A copy of records, settings, synonyms and rules; the destination is replaced. */
function copyIndex(draft: Draft<State>, source: string, destination: string, now: number): void {
  const from = snapshotOf(draft, source);
  const records = from ? recordsIn(draft, from) : emptyRecords();
  unlinkDeletedIndex(draft, destination);
  const base = emptyIndex(destination, now);
  const copy: IndexState = from
    ? {
        ...base,
        records,
        settings: copyableSettings(from.settings),
        synonyms: new Map(from.synonyms),
        rules: new Map(from.rules),
      }
    : base;
  draft.indices.set(destination, copy as Draft<IndexState>);
  transferIndexKeys(draft, source, destination, 'copy');
}

/** A scoped copy: only the named scopes of the destination are replaced; records stay. */
export function copyScopes(
  draft: Draft<State>,
  source: string,
  destination: string,
  scope: readonly Scope[],
  now: number,
): void {
  const from = snapshotOf(draft, source);
  if (!draft.indices.has(destination))
    draft.indices.set(destination, emptyIndex(destination, now) as Draft<IndexState>);
  const to = draft.indices.get(destination)!;
  if (scope.includes('settings')) {
    const kept: Record<string, unknown> = {};
    for (const name of UNCOPIED_SETTINGS) if (name in to.settings) kept[name] = to.settings[name];
    to.settings = { ...copyableSettings(from?.settings ?? {}), ...kept };
  }
  if (scope.includes('synonyms')) to.synonyms = new Map(from?.synonyms ?? []);
  if (scope.includes('rules')) to.rules = new Map(from?.rules ?? []);
  to.updatedAt = now;
}

/** A rename: the destination takes the source's content and the source disappears. */
export function moveIndex(draft: Draft<State>, source: string, destination: string, now: number): void {
  const from = snapshotOf(draft, source);
  if (!from) return;
  const target = snapshotOf(draft, destination);
  const keptReplicas = target && replicaNames(target.settings).length > 0 ? target.settings.replicas : undefined;
  const records = recordsIn(draft, from);
  if (keptReplicas === undefined) unlinkDeletedIndex(draft, destination);
  unlinkDeletedIndex(draft, source);
  const moved = snapshotOf(draft, source) ?? from;
  const settings: Record<string, unknown> = { ...moved.settings };
  delete settings.replicas;
  if (keptReplicas !== undefined) settings.replicas = keptReplicas;
  draft.indices.delete(source);
  const next: IndexState = {
    ...emptyIndex(destination, target?.createdAt ?? moved.createdAt),
    records,
    settings,
    synonyms: new Map(moved.synonyms),
    rules: new Map(moved.rules),
    updatedAt: now,
  };
  draft.indices.set(destination, next as Draft<IndexState>);
  transferIndexKeys(draft, source, destination, 'move');
}

/** The real list's page size when `page` is given. */
const LIST_PAGE_SIZE = 100;

const encoder = new TextEncoder();
const bytes = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/**
 * One entry of the index list, every field computed from the state:
 * - `entries`: records served (a replica counts its primary's);
 * - `dataSize`: UTF-8 bytes of the records' minified JSON;
 * - `fileSize`: an emulator model of the binary file: twice the data plus the bytes of the
 *   settings, synonyms and rules JSON (deterministic; the real engine's layout is private);
 * - `lastBuildTimeS`: 0, builds are instant here;
 * - `createdAt`: empty when the index has no records, as the public schema documents.
 */
function indexEntry(state: State, index: IndexState): Record<string, unknown> {
  const records = [...recordsOf(state, index).values()];
  const dataSize = records.reduce((sum, record) => sum + bytes(record), 0);
  const configSize = bytes(index.settings) + bytes([...index.synonyms.values()]) + bytes([...index.rules.values()]);
  const pending = pendingCount(state, index.name);
  const entry: Record<string, unknown> = {
    name: index.name,
    createdAt: records.length === 0 ? '' : isoDate(index.createdAt),
    updatedAt: isoDate(index.updatedAt),
    entries: records.length,
    dataSize,
    fileSize: 2 * dataSize + configSize,
    lastBuildTimeS: 0,
    // Plural only, as the OpenAPI corrected it (api-clients-automation #1211); spec 000 has the old singular.
    numberOfPendingTasks: pending,
    pendingTask: pending > 0,
  };
  if (index.primary !== undefined) entry.primary = index.primary;
  const replicas = replicaNames(index.settings);
  if (replicas.length > 0) entry.replicas = replicas;
  if (index.virtual) entry.virtual = true;
  return entry;
}

/**
 * GET /1/indexes — without `page` every index at once; with it pages of `hitsPerPage`
 * (default 100). Sorted by name so pages are stable. Keys restricted to some indices only
 * see those.
 */
export function listIndices(ctx: OperationContext) {
  const { core, req } = ctx;
  const state = core.state;
  const visible = [...state.indices.values()]
    .filter((index) => indexAllowed(ctx.auth, index.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (req.query.page === undefined) return { items: visible.map((index) => indexEntry(state, index)), nbPages: 1 };
  const page = parseInteger(req.query.page, 'page', 0);
  const hitsPerPage = parseInteger(req.query.hitsPerPage, 'hitsPerPage', LIST_PAGE_SIZE);
  if (hitsPerPage < 1) throw badRequest('Parameter `hitsPerPage` must be at least 1');
  const items = visible.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((index) => indexEntry(state, index));
  return { items, nbPages: Math.ceil(visible.length / hitsPerPage) };
}
