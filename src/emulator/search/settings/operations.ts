import type { Draft } from 'immer';
import type { OperationContext } from '../../route';
import type { IndexState, State } from '../../state';
import { enqueue } from '../../tasks';
import { assertIndexName, ensureIndex, requireIndex } from '../store';
import { parseBoolean } from '../validate';
import { SETTINGS_BY_NAME } from './catalogue';
import { applyLegacySynonyms } from './legacy-synonyms';
import { parseSettingsBody, type SettingsChange } from './parse';
import { renderSettings } from './render';
import { checkReplicas, replicasOf, syncReplicas, withoutEmptyReplicaNames } from './replicas';

/** GET /1/indexes/{indexName}/settings — `getVersion=2` leaves the settings-level synonyms out. */
export function getSettings(ctx: OperationContext) {
  const index = requireIndex(ctx.core.state, ctx.params.indexName);
  return renderSettings(index, ctx.req.query.getVersion === '2' ? 2 : 1);
}

/**
 * PUT /1/indexes/{indexName}/settings — validates the whole body first, then one task
 * writes the index (created if missing), links or unlinks replicas, and with
 * `forwardToReplicas` (formerly `forwardToSlaves`) writes the same change to every replica
 * the index had, so the task is published when all of them are done.
 */
export function setSettings(ctx: OperationContext) {
  const { core, params, req } = ctx;
  const indexName = params.indexName;
  assertIndexName(indexName);
  const forward = parseBoolean(req.query.forwardToReplicas ?? req.query.forwardToSlaves, 'forwardToReplicas', false);
  const change = withoutEmptyReplicaNames(parseSettingsBody(req.body));
  if ('replicas' in change.values)
    checkReplicas(core.state, indexName, (change.values.replicas as string[] | null) ?? []);
  const taskID = enqueue(core, indexName, (draft) => applySettings(draft, indexName, change, forward, core.now()));
  return { updatedAt: core.isoNow(), taskID };
}

export function applySettings(
  draft: Draft<State>,
  indexName: string,
  change: SettingsChange,
  forward: boolean,
  now: number,
): void {
  const index = ensureIndex(draft, indexName, now);
  const before = replicasOf(index);
  writeSettings(index, change, false);
  if ('replicas' in change.values) syncReplicas(draft, indexName, before, now);
  if (!forward) return;
  for (const { name } of before) {
    const replica = draft.indices.get(name);
    if (!replica || replica.primary !== indexName) continue;
    writeSettings(replica, change, true);
    replica.updatedAt = now;
  }
}

function writeSettings(index: Draft<IndexState>, change: SettingsChange, forwarded: boolean): void {
  for (const [name, value] of Object.entries(change.values)) {
    if (forwarded && SETTINGS_BY_NAME.get(name)?.local) continue;
    if (value === null) delete index.settings[name];
    else index.settings[name] = value;
  }
  if (change.synonyms) applyLegacySynonyms(index, change.synonyms);
}
