import { badRequest } from '../errors';
import { assertIndexAllowed } from '../gate';
import type { OperationContext } from '../route';
import { runFacetValueSearch } from '../search/facets/search-values';
import { requireComposition } from './compositions';
import { readObject, readSearchParams, RUN_PARAMS } from './validate';

/** Run parameters a facet value search leaves out: they steer the composition, or are its own. */
const NOT_SEARCH = new Set(['injectedItems', 'sortBy', 'enableRules', 'facets', 'page', 'hitsPerPage', 'ruleContexts']);

/**
 * POST /1/compositions/{compositionID}/facets/{facetName}/query — a facet value search on the
 * composition's main source's index (its first feed's, for a multifeed), narrowed by the run
 * parameters of `searchQuery` (the query and refinements InstantSearch sends).
 */
export function searchForFacetValues(ctx: OperationContext) {
  const composition = requireComposition(ctx.core, ctx.params.compositionID);
  const body = readObject(ctx.req.body ?? {}, 'body', ['params']);
  const params = readObject(body.params ?? {}, 'params', ['query', 'maxFacetHits', 'searchQuery']);
  if (params.query !== undefined && typeof params.query !== 'string')
    throw badRequest('Invalid `params.query`: expected a string');
  const searchQuery =
    params.searchQuery === undefined ? {} : readSearchParams(params.searchQuery, 'params.searchQuery', RUN_PARAMS);
  const behavior = composition.behavior as Record<string, any>;
  const injection = behavior.injection ?? Object.values(behavior.multifeed.feeds as Record<string, any>)[0]?.injection;
  const indexName = injection?.main?.source?.search?.index as string | undefined;
  if (indexName === undefined) throw badRequest('The composition has no search source to read facet values from');
  assertIndexAllowed(ctx.auth, indexName);
  const narrowing = Object.fromEntries(Object.entries(searchQuery).filter(([name]) => !NOT_SEARCH.has(name)));
  const result = runFacetValueSearch(ctx.core, ctx.auth, indexName, ctx.params.facetName, {
    ...narrowing,
    facetQuery: params.query ?? '',
    ...(params.maxFacetHits !== undefined ? { maxFacetHits: params.maxFacetHits } : {}),
  });
  return { results: [{ indexName, ...result }] };
}
