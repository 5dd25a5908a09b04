import { route, type Route } from '../../route';
import { deleteUserToken, pushEvents } from './operations';

/** Insights API routes (`insights.algolia.io`). */
// prettier-ignore
export const insightsRoutes: Route[] = [
  route({ operation: 'pushEvents', method: 'POST', path: '/1/events', host: 'insights', acl: 'search', call: { body: '$params' }, handler: pushEvents }),
  route({ operation: 'deleteUserToken', method: 'DELETE', path: '/1/usertokens/{userToken}', host: 'insights', acl: 'deleteObject', call: {}, handler: deleteUserToken }),
];
