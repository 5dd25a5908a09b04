import type { Draft } from 'immer';
import { badRequest, messages, notFound } from '../../errors';
import type { OperationContext } from '../../route';
import { requireIndex } from '../../search/store';
import { parseBoolean } from '../../search/validate';
import type { State } from '../../state';
import { enqueue, readTaskID, requireTaskStatus } from '../../tasks';
import { RULE_MODELS, type RecommendRule, type RuleModel, type StoredRecommendRule } from '../state';
import { searchRecommendRuleHits } from './search';
import { validateRecommendRule } from './validate';

/** The rules of one index and model, in the order they were first written. */
export function rulesOf(state: State, indexName: string, model: RuleModel): ReadonlyMap<string, StoredRecommendRule> {
  return state.recommend.rules.get(indexName)?.get(model) ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, StoredRecommendRule> = new Map();

/** The index (404 as search answers) and the model of a rule path (400 for looking-similar or an unknown name). */
function target(ctx: OperationContext): { indexName: string; model: RuleModel } {
  const { indexName, model } = ctx.params;
  if (!(RULE_MODELS as readonly string[]).includes(model)) {
    throw badRequest(`model must be one of ${RULE_MODELS.join(', ')} (Recommend rules do not exist for "${model}")`);
  }
  requireIndex(ctx.core.state, indexName);
  return { indexName, model: model as RuleModel };
}

function writeRules(
  draft: Draft<State>,
  indexName: string,
  model: RuleModel,
  change: (rules: Map<string, StoredRecommendRule>) => void,
): void {
  const byIndex = draft.recommend.rules as unknown as Map<string, Map<RuleModel, Map<string, StoredRecommendRule>>>;
  let byModel = byIndex.get(indexName);
  if (!byModel) byIndex.set(indexName, (byModel = new Map()));
  let rules = byModel.get(model);
  if (!rules) byModel.set(model, (rules = new Map()));
  change(rules);
}

/**
 * POST /1/indexes/{indexName}/{model}/recommend/rules/batch — body: array of rules. With
 * `clearExistingRules=true` (query string) the batch replaces every rule of the model in one
 * task; a refused rule refuses the whole batch.
 */
export function batchRecommendRules(ctx: OperationContext) {
  const { core, req } = ctx;
  const { indexName, model } = target(ctx);
  const clear = parseBoolean(req.query.clearExistingRules, 'clearExistingRules', false);
  // The client sends `{}` when called without rules: an empty batch (with clearExistingRules, a clear).
  const isEmptyObject =
    req.body !== null && typeof req.body === 'object' && !Array.isArray(req.body) && Object.keys(req.body).length === 0;
  if (req.body !== undefined && !isEmptyObject && !Array.isArray(req.body))
    throw badRequest('The body must be a JSON array of Recommend rules');
  const batch: RecommendRule[] = Array.isArray(req.body)
    ? req.body.map((item, i) => validateRecommendRule(item, `body[${i}]`))
    : [];
  const taskID = enqueue(core, indexName, (draft) =>
    writeRules(draft, indexName, model, (rules) => {
      if (clear) rules.clear();
      const updatedAt = core.now();
      for (const rule of batch) rules.set(rule.objectID, { rule, updatedAt });
    }),
  );
  return { taskID, updatedAt: core.isoNow() };
}

/** GET /1/indexes/{indexName}/{model}/recommend/rules/{objectID} */
export function getRecommendRule(ctx: OperationContext) {
  const { indexName, model } = target(ctx);
  const stored = rulesOf(ctx.core.state, indexName, model).get(ctx.params.objectID);
  if (!stored) throw notFound(messages.objectNotFound);
  return { ...stored.rule, _metadata: { lastUpdate: new Date(stored.updatedAt).toISOString() } };
}

/** DELETE /1/indexes/{indexName}/{model}/recommend/rules/{objectID} — answers `deletedAt`, as the v5 client types it. */
export function deleteRecommendRule(ctx: OperationContext) {
  const { core, params } = ctx;
  const { indexName, model } = target(ctx);
  if (!rulesOf(core.state, indexName, model).has(params.objectID)) throw notFound(messages.objectNotFound);
  const taskID = enqueue(core, indexName, (draft) =>
    writeRules(draft, indexName, model, (rules) => rules.delete(params.objectID)),
  );
  return { taskID, deletedAt: core.isoNow() };
}

/** POST /1/indexes/{indexName}/{model}/recommend/rules/search */
export function searchRecommendRules(ctx: OperationContext) {
  const { indexName, model } = target(ctx);
  return searchRecommendRuleHits(rulesOf(ctx.core.state, indexName, model).values(), ctx.req.body);
}

/** GET /1/indexes/{indexName}/{model}/task/{taskID}: task IDs are the application's, as for search writes. */
export function getRecommendStatus(ctx: OperationContext) {
  target(ctx);
  return { status: requireTaskStatus(ctx.core.state, readTaskID(ctx.params.taskID)) };
}
