import type { Route } from '../../route';

/** Settings routes. */
export const settingsRoutes: Route[] = [];
