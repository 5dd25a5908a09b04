import { lazyOperations } from '../../lazy';
import { route, type Route } from '../../route';

/** The operations, loaded on the first call (lazy.ts). */
const lazy = lazyOperations(() => import('./operations'));

/** Insights API routes (`insights.algolia.io`). */
// prettier-ignore
export const insightsRoutes: Route[] = [
  route({ operation: 'pushEvents', method: 'POST', path: '/1/events', host: 'insights', acl: 'search', call: { body: '$params' }, handler: lazy('pushEvents') }),
  route({ operation: 'deleteUserToken', method: 'DELETE', path: '/1/usertokens/{userToken}', host: 'insights', acl: 'deleteObject', call: {}, handler: lazy('deleteUserToken') }),
];
