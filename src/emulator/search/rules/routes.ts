import type { Route } from '../../route';

/** Rule routes. */
export const ruleRoutes: Route[] = [];
