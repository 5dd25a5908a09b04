import type { Route } from '../route';

/** API keys, firewall allow-list and logs routes. */
export const securityRoutes: Route[] = [];
