import { abtestingRoutes } from './abtesting/routes';
import { analyticsRoutes } from './analytics/routes';
import { clusterRoutes } from './clusters/routes';
import { compositionRoutes } from './composition/routes';
import { crawlerRoutes } from './crawler/routes';
import { ingestionRoutes } from './ingestion/routes';
import { logRoutes } from './logs/routes';
import { monitoringRoutes } from './monitoring/routes';
import { securityRoutes } from './security/routes';
import { querySuggestionsRoutes } from './query-suggestions/routes';
import { recommendRoutes } from './recommend/routes';
import type { Route } from './route';
import { searchRoutes } from './search/routes';
import { unimplementedRoutes } from './unimplemented';

/**
 * The one route table: msw handlers, direct calls, ACL checks, the API log and the parity
 * report are all derived from it. Each service contributes its own list.
 */
const served: Route[] = [
  ...searchRoutes,
  ...recommendRoutes,
  ...securityRoutes,
  ...logRoutes,
  ...clusterRoutes,
  ...analyticsRoutes,
  ...crawlerRoutes,
  ...querySuggestionsRoutes,
  ...ingestionRoutes,
  ...abtestingRoutes,
  ...monitoringRoutes,
  ...compositionRoutes,
];

export const routes: readonly Route[] = [...served, ...unimplementedRoutes(served)];
