import type { Core } from '../core';
import { readNested, type FilterParam } from '../search/filters/arrays';
import type { RawParams } from '../search/engine/params';
import { runSearch } from '../search/engine/search';
import type { Auth } from '../route';
import type { RulesOutcome } from './rules/apply';

/** A search returns at most this many hits: recommendations past it are not considered. */
const MAX_CANDIDATES = 1000;

/** Which candidates pass the search core's filters. */
export interface Selection {
  /** objectID -> its filters score (optional filters boost), as `_rankingInfo.filters` reports it. */
  readonly boosts: ReadonlyMap<string, number>;
  /** The search's own response, for `facets` and `facets_stats` over the candidates. */
  readonly response: Record<string, unknown>;
}

/**
 * Runs the recommendation candidates through the search core, so `filters`, `numericFilters`,
 * `tagFilters`, `optionalFilters`, geo, `query` and the key's restrictions behave exactly as in
 * a search: one search restricted to the candidates' objectIDs (an OR group of `facetFilters`,
 * the parameter the live API keeps for itself), the rules' filters ANDed in, the index's own
 * search rules off. Hits are not decorated here: {@link decorate} does it for the few kept.
 * `params` already holds the key's forced parameters; the search runs with none forced, so
 * they cannot replace the restriction.
 */
export function select(
  core: Core,
  auth: Auth,
  indexName: string,
  objectIDs: readonly string[],
  params: RawParams,
  rules: RulesOutcome,
): Selection {
  const boosted = params.optionalFilters !== undefined || rules.optionalFilters.length > 0;
  const response = restricted(core, auth, indexName, objectIDs, params, rules, {
    attributesToRetrieve: ['objectID'],
    attributesToHighlight: [],
    attributesToSnippet: [],
    getRankingInfo: boosted,
  });
  const boosts = new Map<string, number>();
  for (const hit of (response.hits ?? []) as { objectID: string; _rankingInfo?: { filters?: number } }[])
    boosts.set(hit.objectID, hit._rankingInfo?.filters ?? 0);
  return { boosts, response };
}

/** The kept recommendations as search hits (`attributesToRetrieve`, `_highlightResult`, `_snippetResult`, ...): objectID -> hit. */
export function decorate(
  core: Core,
  auth: Auth,
  indexName: string,
  objectIDs: readonly string[],
  params: RawParams,
  rules: RulesOutcome,
): Map<string, Record<string, unknown>> {
  const response = restricted(core, auth, indexName, objectIDs, params, rules, { facets: [] });
  return new Map(((response.hits ?? []) as Record<string, unknown>[]).map((hit) => [String(hit.objectID), hit]));
}

function restricted(
  core: Core,
  auth: Auth,
  indexName: string,
  objectIDs: readonly string[],
  params: RawParams,
  rules: RulesOutcome,
  overrides: RawParams,
): Record<string, unknown> {
  const ids = objectIDs.slice(0, MAX_CANDIDATES);
  if (ids.length === 0) return {};
  const joined = (name: FilterParam, extra: readonly string[][]) => [
    ...(params[name] === undefined ? [] : readNested(params[name], name)),
    ...extra,
  ];
  const filters = [params.filters, ...rules.filters].filter(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  const internal: RawParams = {
    ...params,
    filters: filters.map((text) => `(${text})`).join(' AND '),
    // A leading `-` would negate: `\-` keeps it literal.
    facetFilters: [
      ...joined('facetFilters', rules.facetFilters),
      ids.map((id) => `objectID:${id.startsWith('-') ? '\\' : ''}${id}`),
    ],
    numericFilters: joined('numericFilters', rules.numericFilters),
    tagFilters: joined('tagFilters', rules.tagFilters),
    optionalFilters: joined('optionalFilters', rules.optionalFilters),
    sumOrFiltersScores: params.sumOrFiltersScores === true || rules.sumOrFiltersScores,
    enableRules: false,
    analytics: false,
    clickAnalytics: false,
    page: 0,
    hitsPerPage: ids.length,
    ...overrides,
  };
  delete internal.responseFields;
  return runSearch(core, indexName, internal, unforced(auth));
}

/**
 * The fallback request: a plain search with `fallbackParameters` (the index's search rules
 * apply, as to any search), its hits past the ones already recommended, up to `wanted`.
 */
export function fallbackHits(
  core: Core,
  auth: Auth,
  indexName: string,
  params: RawParams,
  excluded: ReadonlySet<string>,
  wanted: number,
): Record<string, unknown>[] {
  const internal: RawParams = {
    ...params,
    analytics: false,
    clickAnalytics: false,
    page: 0,
    hitsPerPage: Math.min(MAX_CANDIDATES, wanted + excluded.size),
  };
  delete internal.responseFields;
  const response = runSearch(core, indexName, internal, auth);
  return (response.hits as Record<string, unknown>[])
    .filter((hit) => !excluded.has(String(hit.objectID)))
    .slice(0, wanted);
}

const unforced = (auth: Auth): Auth => (auth.queryParameters ? { ...auth, queryParameters: undefined } : auth);
