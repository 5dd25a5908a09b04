import type { Route } from '../../route';

/** Search, browse, multi-query and facet-value search routes. */
export const queryRoutes: Route[] = [];
