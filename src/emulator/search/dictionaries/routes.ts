import type { Route } from '../../route';

/** Dictionary routes. */
export const dictionaryRoutes: Route[] = [];
