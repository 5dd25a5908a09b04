import type { Route } from '../route';

/** Insights, analytics and personalization routes (their own hosts). */
export const analyticsRoutes: Route[] = [];
