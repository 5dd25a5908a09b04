import type { Draft } from 'immer';
import { notFound } from '../../errors';
import type { OperationContext } from '../../route';
import type { AnalyticsState, Strategy } from '../state';
import { computeProfile } from './profile';
import { validateStrategy } from './strategy';

/** GET /1/strategies/personalization */
export function getPersonalizationStrategy({ core }: OperationContext) {
  const strategy = core.state.analytics.strategy;
  if (!strategy) throw notFound('No personalization strategy is set');
  return strategy;
}

/** POST /1/strategies/personalization */
export function setPersonalizationStrategy({ core, req }: OperationContext) {
  const strategy = validateStrategy(req.body);
  core.commit((draft) => {
    (draft.analytics as Draft<AnalyticsState>).strategy = strategy as Draft<Strategy>;
  });
  return { status: 200, message: 'Strategy was successfully updated' };
}

/** GET /1/profiles/personalization/{userToken} */
export function getUserTokenProfile({ core, params }: OperationContext) {
  const profile = computeProfile(core.state, params.userToken, core.state.analytics.strategy);
  if (!profile) throw notFound(`User token ${params.userToken} not found`);
  return {
    userToken: profile.userToken,
    lastEventAt: new Date(profile.lastEventAt).toISOString(),
    scores: profile.scores,
  };
}

/** DELETE /1/profiles/{userToken} — the profile's events before now stop counting. */
export function deleteUserProfile({ core, params }: OperationContext) {
  const userToken = params.userToken;
  if (!computeProfile(core.state, userToken, core.state.analytics.strategy))
    throw notFound(`User token ${userToken} not found`);
  const deletedUntil = core.now();
  core.commit((draft) => {
    const slice = draft.analytics as Draft<AnalyticsState>;
    slice.deletions.set(userToken, { deletedUntil, seq: slice.lastSeq });
  });
  return { userToken, deletedUntil: new Date(deletedUntil).toISOString() };
}
