import type { Route } from '../route';
import { insightsRoutes } from './insights/routes';
import { patternRoutes } from './patterns/routes';
import { personalizationRoutes } from './personalization/routes';
import { reportRoutes } from './reports/routes';

/** Insights, analytics and personalization routes (their own hosts). */
export const analyticsRoutes: Route[] = [
  ...insightsRoutes,
  ...reportRoutes,
  ...patternRoutes,
  ...personalizationRoutes,
];
