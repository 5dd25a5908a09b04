import type { Route } from '../../route';

/** Synonym routes. */
export const synonymRoutes: Route[] = [];
