import type { Route } from '../route';
import { dictionaryRoutes } from './dictionaries/routes';
import { queryRoutes } from './engine/routes';
import { facetRoutes } from './facets/routes';
import { filterRoutes } from './filters/routes';
import { indexRoutes, taskRoutes } from './indices/routes';
import { objectRoutes } from './objects/routes';
import { ruleRoutes } from './rules/routes';
import { settingsRoutes } from './settings/routes';
import { synonymRoutes } from './synonyms/routes';

/**
 * Routes of the core search API (spec 000) served on the search hosts: each feature's folder
 * has its `routes.ts` (the query routes are the engine's: engine/routes.ts).
 */
export const searchRoutes: Route[] = [
  ...objectRoutes,
  ...taskRoutes,
  ...indexRoutes,
  ...settingsRoutes,
  ...queryRoutes,
  ...synonymRoutes,
  ...ruleRoutes,
  ...dictionaryRoutes,
  ...facetRoutes,
  ...filterRoutes,
];
