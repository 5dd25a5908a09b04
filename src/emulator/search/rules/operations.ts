import type { Draft } from 'immer';
import { badRequest, messages, notFound } from '../../errors';
import type { OperationContext } from '../../route';
import type { State } from '../../state';
import { enqueue } from '../../tasks';
import { assertIndexName, ensureIndex, replicaNames, requireIndex } from '../store';
import { parseBoolean, requireObject } from '../validate';
import { searchRuleHits } from './search';
import { validateRule, type Rule } from './validate';

type RuleMap = Map<string, Rule>;

/** Applies a change to an index's rules and, with `forwardToReplicas`, to its replicas' rules. */
function writeRules(
  draft: Draft<State>,
  indexName: string,
  now: number,
  forward: boolean,
  change: (rules: RuleMap) => void,
) {
  const index = ensureIndex(draft, indexName, now);
  change(index.rules as unknown as RuleMap);
  if (!forward) return;
  for (const replica of replicaNames(index.settings))
    change(ensureIndex(draft, replica, now).rules as unknown as RuleMap);
}

function forwardFlag(ctx: OperationContext): boolean {
  return parseBoolean(ctx.req.query.forwardToReplicas ?? ctx.req.query.forwardToSlaves, 'forwardToReplicas', false);
}

/** PUT /1/indexes/{indexName}/rules/{objectID} */
export function saveRule(ctx: OperationContext) {
  const { core, params } = ctx;
  assertIndexName(params.indexName);
  const forward = forwardFlag(ctx);
  const rule = validateRule(ctx.req.body, 'body', params.objectID);
  const taskID = enqueue(core, params.indexName, (draft) =>
    writeRules(draft, params.indexName, core.now(), forward, (rules) => rules.set(rule.objectID, rule)),
  );
  // No `objectID`: the OpenAPI dropped it after a live answer (api-clients-automation #4170).
  return { taskID, updatedAt: core.isoNow() };
}

/** POST /1/indexes/{indexName}/rules/batch — body: array of rules. */
export function saveRules(ctx: OperationContext) {
  const { core, params, req } = ctx;
  assertIndexName(params.indexName);
  const forward = forwardFlag(ctx);
  const clear = parseBoolean(req.query.clearExistingRules, 'clearExistingRules', false);
  if (!Array.isArray(req.body)) throw badRequest('The body must be a JSON array of rules');
  const batch = req.body.map((item, i) => validateRule(item, `body[${i}]`));
  const taskID = enqueue(core, params.indexName, (draft) =>
    writeRules(draft, params.indexName, core.now(), forward, (rules) => {
      if (clear) rules.clear();
      for (const rule of batch) rules.set(rule.objectID, rule);
    }),
  );
  return { taskID, updatedAt: core.isoNow() };
}

/** GET /1/indexes/{indexName}/rules/{objectID} */
export function getRule(ctx: OperationContext) {
  const index = requireIndex(ctx.core.state, ctx.params.indexName);
  const rule = index.rules.get(ctx.params.objectID);
  if (!rule) throw notFound(messages.objectNotFound);
  return rule;
}

/** DELETE /1/indexes/{indexName}/rules/{objectID} */
export function deleteRule(ctx: OperationContext) {
  const { core, params } = ctx;
  const index = requireIndex(core.state, params.indexName);
  if (!index.rules.has(params.objectID)) throw notFound(messages.objectNotFound);
  const forward = forwardFlag(ctx);
  const taskID = enqueue(core, params.indexName, (draft) => {
    if (!draft.indices.has(params.indexName)) return;
    writeRules(draft, params.indexName, core.now(), forward, (rules) => rules.delete(params.objectID));
  });
  return { taskID, updatedAt: core.isoNow() };
}

/** POST /1/indexes/{indexName}/rules/clear */
export function clearRules(ctx: OperationContext) {
  const { core, params } = ctx;
  assertIndexName(params.indexName);
  const forward = forwardFlag(ctx);
  const taskID = enqueue(core, params.indexName, (draft) => {
    if (!draft.indices.has(params.indexName)) return;
    writeRules(draft, params.indexName, core.now(), forward, (rules) => rules.clear());
  });
  return { taskID, updatedAt: core.isoNow() };
}

/** POST /1/indexes/{indexName}/rules/search */
export function searchRules(ctx: OperationContext) {
  const index = requireIndex(ctx.core.state, ctx.params.indexName);
  const body = ctx.req.body === undefined ? {} : requireObject(ctx.req.body, 'body');
  return searchRuleHits(index.rules as ReadonlyMap<string, Rule>, body);
}
