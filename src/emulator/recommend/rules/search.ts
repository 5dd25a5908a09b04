import { badRequest } from '../../errors';
import { compileFilter } from '../../search/filters/compile';
import { valuesAt } from '../../search/filters/values';
import { highlightText, textsMatch } from '../../search/synonyms/highlight';
import { wordsOf } from '../../search/synonyms/words';
import { integerInRange, requireObject } from '../../search/validate';
import type { RecommendRule, StoredRecommendRule } from '../state';

const PARAMETERS = new Set([
  'query',
  'context',
  'page',
  'hitsPerPage',
  'enabled',
  'filters',
  'facets',
  'maxValuesPerFacet',
  'requestOptions',
]);
/** What `filters` and `facets` can name in a rule search. */
const RULE_FACETS = ['objectID', 'enabled', 'description', 'condition.context', 'condition.filters'] as const;
const RULE_SETTINGS = { attributesForFaceting: [...RULE_FACETS] };

/**
 * The Recommend rule search: query words looked up in the objectID, description and
 * condition (the last word as a prefix); `context` an exact match on the condition's context;
 * `enabled` and `filters` (over {@link RULE_FACETS}) narrow the list; `facets` counts values
 * over all matching rules. Rules come in the order they were first written.
 */
export function searchRecommendRuleHits(rules: Iterable<StoredRecommendRule>, raw: unknown) {
  const body = raw === undefined ? {} : requireObject(raw, 'body');
  for (const key of Object.keys(body)) if (!PARAMETERS.has(key)) throw badRequest(`Unknown parameter: ${key}`);
  const query = body.query ?? '';
  if (typeof query !== 'string') throw badRequest('`query` must be a string');
  if (body.context !== undefined && typeof body.context !== 'string') throw badRequest('`context` must be a string');
  if (body.enabled !== undefined && body.enabled !== null && typeof body.enabled !== 'boolean')
    throw badRequest('`enabled` must be a boolean or null');
  if (body.filters !== undefined && typeof body.filters !== 'string') throw badRequest('`filters` must be a string');
  if (body.requestOptions !== undefined) requireObject(body.requestOptions, '`requestOptions`');
  const facets = facetNames(body.facets);
  const maxValuesPerFacet = integerInRange(body.maxValuesPerFacet, 'maxValuesPerFacet', 100, 1, 1000);
  const page = integerInRange(body.page, 'page', 0, 0);
  const hitsPerPage = integerInRange(body.hitsPerPage, 'hitsPerPage', 20, 1, 1000);
  const filter = body.filters ? compileFilter({ filters: body.filters }, RULE_SETTINGS) : undefined;
  const words = wordsOf(query);
  const matching = [...rules].filter(({ rule }) => {
    const condition = conditionOf(rule);
    if (body.context !== undefined && condition.context !== body.context) return false;
    if (typeof body.enabled === 'boolean' && (rule.enabled !== false) !== body.enabled) return false;
    if (filter && !filter(asRecord(rule)).match) return false;
    return textsMatch(searchable(rule), words);
  });
  const hits = matching.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map(({ rule, updatedAt }) => ({
    ...rule,
    enabled: rule.enabled !== false,
    _metadata: { lastUpdate: new Date(updatedAt).toISOString() },
    _highlightResult: highlight(rule, words),
  }));
  const response: Record<string, unknown> = {
    hits,
    nbHits: matching.length,
    page,
    nbPages: Math.ceil(matching.length / hitsPerPage),
  };
  if (facets.length > 0) response.facets = countFacets(matching, facets, maxValuesPerFacet);
  return response;
}

function facetNames(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((name) => typeof name === 'string'))
    throw badRequest('`facets` must be an array of strings');
  return value.includes('*')
    ? [...RULE_FACETS]
    : value.filter((name) => (RULE_FACETS as readonly string[]).includes(name));
}

const conditionOf = (rule: RecommendRule) => (rule.condition ?? {}) as { context?: string; filters?: string };

/** A rule as filters read it: `enabled` always present. */
const asRecord = (rule: RecommendRule) => ({ ...rule, enabled: rule.enabled !== false });

function searchable(rule: RecommendRule): string[] {
  const condition = conditionOf(rule);
  return [rule.objectID, rule.description, condition.context, condition.filters].filter(
    (text): text is string => typeof text === 'string',
  );
}

function highlight(rule: RecommendRule, words: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { objectID: highlightText(rule.objectID, words) };
  if (typeof rule.description === 'string') out.description = highlightText(rule.description, words);
  const condition = conditionOf(rule);
  const highlighted: Record<string, unknown> = {};
  if (typeof condition.context === 'string') highlighted.context = highlightText(condition.context, words);
  if (typeof condition.filters === 'string') highlighted.filters = highlightText(condition.filters, words);
  if (Object.keys(highlighted).length > 0) out.condition = highlighted;
  return out;
}

function countFacets(
  matching: readonly StoredRecommendRule[],
  names: readonly string[],
  max: number,
): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const name of names) {
    const counts = new Map<string, number>();
    for (const { rule } of matching) {
      for (const value of new Set(valuesAt(asRecord(rule), name).map(String)))
        counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const top = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).slice(0, max);
    if (top.length > 0) out[name] = Object.fromEntries(top);
  }
  return out;
}
