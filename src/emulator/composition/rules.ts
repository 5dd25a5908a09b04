import type { Draft } from 'immer';
import { badRequest } from '../errors';
import type { OperationContext } from '../route';
import type { State } from '../state';
import { enqueue } from '../tasks';
import { requireComposition } from './compositions';
import { compositionMessages, ruleNotFound } from './errors';
import type { CompositionState, StoredRule } from './state';
import { readObject, readRule } from './validate';

const slice = (draft: Draft<State>) => draft.composition as Draft<CompositionState>;

/** The rules of a composition, in insertion order. */
export const rulesOf = (state: State, compositionID: string): readonly StoredRule[] => [
  ...(state.composition.rules.get(compositionID)?.values() ?? []),
];

function setRule(draft: Draft<State>, compositionID: string, rule: StoredRule): void {
  const rules = slice(draft).rules;
  if (!rules.has(compositionID)) rules.set(compositionID, new Map());
  rules.get(compositionID)!.set(rule.objectID, rule as Draft<StoredRule>);
}

/** GET /1/compositions/{compositionID}/rules/{objectID} */
export function getRule(ctx: OperationContext) {
  requireComposition(ctx.core, ctx.params.compositionID);
  const rule = ctx.core.state.composition.rules.get(ctx.params.compositionID)?.get(ctx.params.objectID);
  if (!rule) throw ruleNotFound();
  return rule;
}

/** PUT /1/compositions/{compositionID}/rules/{objectID} — adds or replaces it. */
export function putCompositionRule(ctx: OperationContext) {
  const { compositionID, objectID } = ctx.params;
  requireComposition(ctx.core, compositionID);
  const rule = readRule(ctx.req.body);
  if (rule.objectID !== objectID) throw badRequest(compositionMessages.idMismatch('objectID'));
  return { taskID: enqueue(ctx.core, null, (draft) => setRule(draft, compositionID, rule)) };
}

/** DELETE /1/compositions/{compositionID}/rules/{objectID} */
export function deleteCompositionRule(ctx: OperationContext) {
  const { compositionID, objectID } = ctx.params;
  requireComposition(ctx.core, compositionID);
  if (!ctx.core.state.composition.rules.get(compositionID)?.has(objectID)) throw ruleNotFound();
  return {
    taskID: enqueue(ctx.core, null, (draft) => {
      slice(draft).rules.get(compositionID)?.delete(objectID);
    }),
  };
}

/** POST /1/compositions/{compositionID}/rules/batch — upserts and deletes, all checked first, one task. */
export function saveRules(ctx: OperationContext) {
  const compositionID = ctx.params.compositionID;
  requireComposition(ctx.core, compositionID);
  const body = readObject(ctx.req.body, 'body', ['requests']);
  if (!Array.isArray(body.requests)) throw badRequest('Invalid `requests`: expected an array');
  const steps = body.requests.map((raw, i) => {
    const request = readObject(raw, `requests[${i}]`, ['action', 'body']);
    if (request.action === 'upsert') {
      const rule = readRule(request.body, `requests[${i}].body`);
      return (draft: Draft<State>) => setRule(draft, compositionID, rule);
    }
    if (request.action !== 'delete') throw badRequest(`Invalid \`requests[${i}].action\`: expected upsert or delete`);
    const target = readObject(request.body, `requests[${i}].body`, ['objectID']);
    if (typeof target.objectID !== 'string' || target.objectID === '')
      throw badRequest(`Invalid \`requests[${i}].body.objectID\`: expected a non-empty string`);
    const id = target.objectID;
    return (draft: Draft<State>) => void slice(draft).rules.get(compositionID)?.delete(id);
  });
  return { taskID: enqueue(ctx.core, null, (draft) => steps.forEach((step) => step(draft))) };
}

/**
 * POST /1/compositions/{compositionID}/rules/search — rules whose objectID, description,
 * condition patterns or tags contain the query (case-insensitive), narrowed by `anchoring`,
 * `context` and `enabled`; pages of `hitsPerPage` (20).
 */
export function searchCompositionRules(ctx: OperationContext) {
  const compositionID = ctx.params.compositionID;
  requireComposition(ctx.core, compositionID);
  const body = readObject(ctx.req.body ?? {}, 'body', [
    'query',
    'anchoring',
    'context',
    'page',
    'hitsPerPage',
    'enabled',
  ]);
  const query =
    typeof body.query === 'string'
      ? body.query.toLowerCase()
      : body.query === undefined
        ? ''
        : badType('query', 'a string');
  const page = body.page === undefined ? 0 : integer(body.page, 'page', 0);
  const hitsPerPage = body.hitsPerPage === undefined ? 20 : integer(body.hitsPerPage, 'hitsPerPage', 1);
  if (body.enabled !== undefined && body.enabled !== null && typeof body.enabled !== 'boolean')
    badType('enabled', 'a boolean or null');
  if (body.context !== undefined && typeof body.context !== 'string') badType('context', 'a string');
  const conditionsOf = (rule: StoredRule) =>
    (rule.conditions as { pattern?: string; anchoring?: string; context?: string }[] | undefined) ?? [];
  const matching = rulesOf(ctx.core.state, compositionID).filter((rule) => {
    const enabled = rule.enabled !== false;
    if (typeof body.enabled === 'boolean' && enabled !== body.enabled) return false;
    if (body.anchoring !== undefined && !conditionsOf(rule).some((c) => c.anchoring === body.anchoring)) return false;
    if (body.context !== undefined && !conditionsOf(rule).some((c) => c.context === body.context)) return false;
    if (query === '') return true;
    const texts = [
      rule.objectID,
      rule.description,
      ...conditionsOf(rule).map((c) => c.pattern),
      ...((rule.tags as string[]) ?? []),
    ];
    return texts.some((text) => typeof text === 'string' && text.toLowerCase().includes(query));
  });
  return {
    hits: matching.slice(page * hitsPerPage, (page + 1) * hitsPerPage),
    nbHits: matching.length,
    page,
    nbPages: Math.ceil(matching.length / hitsPerPage),
  };
}

function badType(name: string, expected: string): never {
  throw badRequest(`Invalid \`${name}\`: expected ${expected}`);
}

function integer(value: unknown, name: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    badType(name, `an integer of ${min} or more`);
  return value as number;
}
