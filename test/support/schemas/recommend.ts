import {
  arrayOf,
  boolean,
  count,
  deletedAtAck,
  highlightTree,
  integer,
  isoDate,
  mapOf,
  resultFields,
  object,
  oneOfValues,
  snippetTree,
  string,
  updatedAtAck,
  type OperationSchemas,
} from './parts';

const score = { type: 'number', minimum: 0, maximum: 100 };

/** A recommended record (open: its attributes) or a trending facet value. */
const recommendHit = object(
  { objectID: string, _score: score, _highlightResult: mapOf(highlightTree), _snippetResult: mapOf(snippetTree) },
  ['objectID'],
  false,
);
const facetHit = object({ facetName: string, facetValue: string, _score: score }, ['facetName', 'facetValue'], false);

/**
 * One result: the search response's fields the OpenAPI merges in (open), its pagination and its
 * hits. `hitsPerPage` may be 0: the live service answers 0 for an empty list (algoliasearch-
 * client-ruby #506, where the OpenAPI's minimum of 1 made the client fail on a real answer).
 */
const recommendResult = object(
  {
    hits: arrayOf({ anyOf: [recommendHit, facetHit] }),
    nbHits: count,
    page: count,
    nbPages: count,
    hitsPerPage: { type: 'integer', minimum: 0, maximum: 1000 },
    processingTimeMS: count,
    index: string,
    queryID: string,
    ...resultFields,
  },
  ['hits'],
  false,
);

/**
 * A Recommend rule as the rule routes answer it: closed, as the OpenAPI draws it, except
 * `_highlightResult`, which rule searches carry (spec 001 lists it on these hits, and the v4
 * client strips it from the search API's rule searches: docs/parity-decisions.md).
 */
const ruleFields = {
  _metadata: object({ lastUpdate: isoDate }),
  objectID: string,
  condition: object({ filters: string, context: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' } }),
  consequence: object({
    hide: arrayOf(object({ objectID: string }, ['objectID']), { minItems: 1 }),
    promote: arrayOf(object({ objectID: string, position: count }, ['objectID', 'position']), { minItems: 1 }),
    params: object({
      automaticFacetFilters: arrayOf({ type: 'object' }),
      filters: string,
      optionalFilters: arrayOf(string),
    }),
  }),
  description: string,
  enabled: boolean,
  validity: arrayOf(object({ from: integer, until: integer })),
};
const rule = object(ruleFields, ['objectID']);
const searchedRule = object({ ...ruleFields, _highlightResult: mapOf(highlightTree) }, ['objectID']);

export const recommendSchemas: Readonly<Record<string, OperationSchemas>> = {
  getRecommendations: { 200: object({ results: arrayOf(recommendResult) }, ['results']) },
  getRecommendRule: { 200: rule },
  deleteRecommendRule: { 200: deletedAtAck },
  batchRecommendRules: { 200: updatedAtAck },
  getRecommendStatus: { 200: object({ status: oneOfValues('published', 'notPublished') }, ['status']) },
  searchRecommendRules: {
    200: object(
      { hits: arrayOf(searchedRule), nbHits: count, page: count, nbPages: count, facets: { type: 'object' } },
      ['hits', 'nbHits', 'page', 'nbPages'],
    ),
  },
};
