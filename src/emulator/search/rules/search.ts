import { badRequest } from '../../errors';
import { highlightText, ownerMatches } from '../synonyms/highlight';
import { wordsOf } from '../synonyms/words';
import { ANCHORINGS, type Anchoring, type Rule } from './validate';
import { integerInRange } from '../validate';
import { byObjectIDDescending } from '../tie-order';

const DEFAULT_HITS_PER_PAGE = 20;

/**
 * The rule search: query words looked up in the objectID, description, condition
 * patterns and contexts and tags; filters on anchoring, context and enabled. Answers
 * `{hits, nbHits, page, nbPages}`.
 */
export function searchRuleHits(rules: ReadonlyMap<string, Rule>, body: Record<string, unknown>) {
  for (const key of Object.keys(body)) {
    if (!['query', 'anchoring', 'context', 'page', 'hitsPerPage', 'enabled'].includes(key))
      throw badRequest(`Unknown parameter: ${key}`);
  }
  const query = body.query ?? '';
  if (typeof query !== 'string') throw badRequest('`query` must be a string');
  const anchoring = body.anchoring;
  if (anchoring !== undefined && !ANCHORINGS.includes(anchoring as Anchoring)) {
    throw badRequest('`anchoring` must be one of is, startsWith, endsWith, contains');
  }
  if (body.context !== undefined && typeof body.context !== 'string') throw badRequest('`context` must be a string');
  if (body.enabled !== undefined && body.enabled !== null && typeof body.enabled !== 'boolean')
    throw badRequest('`enabled` must be a boolean or null');
  const page = integerInRange(body.page, 'page', 0, 0);
  const hitsPerPage = integerInRange(body.hitsPerPage, 'hitsPerPage', DEFAULT_HITS_PER_PAGE, 1, 1000);
  const queryWords = wordsOf(query);
  const matches = [...rules.values()].filter((rule) => {
    const conditions = conditionsOf(rule);
    // A pattern saved without anchoring counts as `contains`, as it matches.
    if (
      anchoring !== undefined &&
      !conditions.some((c) => (c.anchoring ?? (c.pattern !== undefined ? 'contains' : undefined)) === anchoring)
    )
      return false;
    if (body.context !== undefined && !conditions.some((c) => c.context === body.context)) return false;
    if (typeof body.enabled === 'boolean' && (rule.enabled !== false) !== body.enabled) return false;
    return ownerMatches(rule, searchableTexts, queryWords);
  });
  // Equally ranked rules come back as records do.
  matches.sort(byObjectIDDescending);
  const nbPages = Math.ceil(matches.length / hitsPerPage);
  const hits = matches.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((rule) => ({
    ...rule,
    _highlightResult: highlightRule(rule, queryWords),
  }));
  return { hits, nbHits: matches.length, page, nbPages };
}

export function conditionsOf(rule: Rule): Record<string, unknown>[] {
  const list = Array.isArray(rule.conditions) ? (rule.conditions as Record<string, unknown>[]) : [];
  return rule.condition ? [...list, rule.condition as Record<string, unknown>] : list;
}

function searchableTexts(rule: Rule): string[] {
  const texts = [rule.objectID];
  if (typeof rule.description === 'string') texts.push(rule.description);
  for (const c of conditionsOf(rule)) {
    if (typeof c.pattern === 'string') texts.push(c.pattern);
    if (typeof c.context === 'string') texts.push(c.context);
  }
  if (Array.isArray(rule.tags)) texts.push(...(rule.tags as string[]));
  return texts;
}

function highlightRule(rule: Rule, queryWords: readonly string[]) {
  const out: Record<string, unknown> = { objectID: highlightText(rule.objectID, queryWords) };
  if (typeof rule.description === 'string') out.description = highlightText(rule.description, queryWords);
  const conditions = conditionsOf(rule);
  if (conditions.length > 0) {
    out.conditions = conditions.map((c) => {
      const h: Record<string, unknown> = {};
      for (const key of ['pattern', 'anchoring', 'context'] as const) {
        if (typeof c[key] === 'string') h[key] = highlightText(c[key] as string, key === 'anchoring' ? [] : queryWords);
      }
      return h;
    });
  }
  return out;
}
