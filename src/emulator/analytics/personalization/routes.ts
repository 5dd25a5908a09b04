import { lazyOperations } from '../../lazy';
import { route, type Route } from '../../route';

/** The operations, loaded on the first call (lazy.ts). */
const lazy = lazyOperations(() => import('./operations'));

const STRATEGY = '/1/strategies/personalization';

/** Personalization API routes (`personalization.{us,eu}.algolia.com`). */
// prettier-ignore
export const personalizationRoutes: Route[] = [
  route({ operation: 'getPersonalizationStrategy', method: 'GET', path: STRATEGY, host: 'personalization', acl: 'recommendation', call: {}, handler: lazy('getPersonalizationStrategy') }),
  route({ operation: 'setPersonalizationStrategy', method: 'POST', path: STRATEGY, host: 'personalization', acl: 'recommendation', call: { body: '$params' }, handler: lazy('setPersonalizationStrategy') }),
  route({ operation: 'getUserTokenProfile', method: 'GET', path: '/1/profiles/personalization/{userToken}', host: 'personalization', acl: 'recommendation', call: {}, handler: lazy('getUserTokenProfile') }),
  route({ operation: 'deleteUserProfile', method: 'DELETE', path: '/1/profiles/{userToken}', host: 'personalization', acl: 'recommendation', call: {}, handler: lazy('deleteUserProfile') }),
];
