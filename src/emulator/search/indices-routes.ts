import type { Route } from '../route';

/** Index management routes: list, copy/move, delete, clear. */
export const indexRoutes: Route[] = [];
