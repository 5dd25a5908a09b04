import { route, type Route } from '../../route';
import { searchForFacetValues } from './search-values';

/** Facet routes. */
// prettier-ignore
export const facetRoutes: Route[] = [
  route({ operation: 'searchForFacetValues', method: 'POST', path: '/1/indexes/{indexName}/facets/{facetName}/query', host: 'search', acl: 'search', call: { body: 'searchForFacetValuesRequest' }, handler: searchForFacetValues }),
];
