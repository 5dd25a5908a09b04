import { registerQueryRewrite } from '../engine/hooks';
import { resolveOptions } from '../engine/options';
import { recordsOf } from '../store';
import { applyRules } from './apply';
import { promoteAndHide } from './promote';

/**
 * Rules as a query rewrite of the engine: the query and parameters a matching rule sets,
 * automatic facet filters ANDed with the query's, promote/hide/filterPromotes as a
 * post-rank step, and the response's `userData`, `renderingContent` (over the index's, so
 * a redirect URL sits beside the facet ordering) and (with getRankingInfo) `appliedRules`.
 * Not emulated: `consequence.redirect` to another index (the service's internal `redirect`
 * response field).
 */
export function registerRules(): void {
  registerQueryRewrite((ctx) => {
    const { core, index, settings, options } = ctx;
    const params = options.params;
    const enableRules = params.enableRules ?? settings.enableRules;
    if (enableRules === false || index.rules.size === 0) return;
    const outcome = applyRules(
      { rules: index.rules, synonyms: index.synonyms, records: recordsOf(core.state, index) },
      options.query,
      {
        enableRules: enableRules !== false && enableRules !== 'false',
        filters: typeof params.filters === 'string' ? params.filters : undefined,
        facetFilters: params.facetFilters,
        minWordSizefor1Typo: options.minWordSizefor1Typo,
        minWordSizefor2Typos: options.minWordSizefor2Typos,
        synonyms: params.synonyms !== false && params.synonyms !== 'false',
        queryLanguages: settings.queryLanguages,
        dictionaries: core.state.dictionaries,
      },
      core.now(),
      listOf(params.ruleContexts).map(String),
    );
    if (outcome.appliedRules.length === 0) return;
    const next: Record<string, unknown> = { ...params, ...outcome.params, query: outcome.query };
    if (outcome.facetFilters.length > 0) next.facetFilters = [...listOf(params.facetFilters), ...outcome.facetFilters];
    if (outcome.optionalFilters.length > 0)
      next.optionalFilters = [...listOf(params.optionalFilters), ...outcome.optionalFilters];
    const response: Record<string, unknown> = {};
    if (outcome.userData.length > 0) response.userData = outcome.userData;
    if (outcome.renderingContent)
      response.renderingContent = { ...options.renderingContent, ...outcome.renderingContent };
    if (params.getRankingInfo === true || params.getRankingInfo === 'true')
      response.appliedRules = outcome.appliedRules;
    return { options: resolveOptions(settings, next), response, postRank: promoteAndHide(outcome) };
  });
}

/** A list parameter as an array: arrays as they are, JSON arrays parsed, one value wrapped. */
function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Not JSON: a comma-separated list.
    }
  }
  return typeof value === 'string' ? value.split(',') : [value];
}
