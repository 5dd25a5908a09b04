import type { Route } from '../route';

/** Multi-cluster user mapping routes. */
export const clusterRoutes: Route[] = [];
