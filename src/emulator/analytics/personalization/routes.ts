import type { Draft } from 'immer';
import { notFound } from '../../errors';
import { route, type Route } from '../../route';
import type { AnalyticsState, Strategy } from '../state';
import { computeProfile } from './profile';
import { validateStrategy } from './strategy';

/** Personalization API routes (`personalization.{us,eu}.algolia.com`). */
export const personalizationRoutes: Route[] = [
  route({
    operation: 'getPersonalizationStrategy',
    method: 'GET',
    path: '/1/strategies/personalization',
    host: 'personalization',
    acl: 'recommendation',
    call: {},
    handler: ({ core }) => {
      const strategy = core.state.analytics.strategy;
      if (!strategy) throw notFound('No personalization strategy is set');
      return strategy;
    },
  }),
  route({
    operation: 'setPersonalizationStrategy',
    method: 'POST',
    path: '/1/strategies/personalization',
    host: 'personalization',
    acl: 'recommendation',
    call: { body: '$params' },
    handler: ({ core, req }) => {
      const strategy = validateStrategy(req.body);
      core.commit((draft) => {
        (draft.analytics as Draft<AnalyticsState>).strategy = strategy as Draft<Strategy>;
      });
      return { status: 200, message: 'Strategy was successfully updated' };
    },
  }),
  route({
    operation: 'getUserTokenProfile',
    method: 'GET',
    path: '/1/profiles/personalization/{userToken}',
    host: 'personalization',
    acl: 'recommendation',
    call: {},
    handler: ({ core, params }) => {
      const profile = computeProfile(core.state, params.userToken, core.state.analytics.strategy);
      if (!profile) throw notFound(`User token ${params.userToken} not found`);
      return { userToken: profile.userToken, lastEventAt: new Date(profile.lastEventAt).toISOString(), scores: profile.scores };
    },
  }),
  route({
    operation: 'deleteUserProfile',
    method: 'DELETE',
    path: '/1/profiles/{userToken}',
    host: 'personalization',
    acl: 'recommendation',
    call: {},
    handler: ({ core, params }) => {
      const userToken = params.userToken;
      if (!computeProfile(core.state, userToken, core.state.analytics.strategy)) throw notFound(`User token ${userToken} not found`);
      const deletedUntil = core.now();
      core.commit((draft) => {
        const slice = draft.analytics as Draft<AnalyticsState>;
        slice.deletions.set(userToken, { deletedUntil, seq: slice.lastSeq });
      });
      return { userToken, deletedUntil: new Date(deletedUntil).toISOString() };
    },
  }),
];
