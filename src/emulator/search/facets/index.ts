export {
  computeFacets,
  readFacetList,
  requestedFacets,
  MAX_VALUES_PER_FACET,
  type FacetsResult,
  type FacetStats,
} from './compute';
export { matchFacetQuery, type FacetQueryOptions } from './facet-query';
export { facetRoutes } from './routes';
export {
  facetMessages,
  runFacetValueSearch,
  searchFacetEntry,
  searchFacetValues,
  searchForFacetValues,
  MAX_FACET_HITS,
  type FacetHit,
  type FacetValuesResponse,
  type TextMatcher,
} from './search-values';
