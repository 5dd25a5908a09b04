import type { Draft } from 'immer';
import { payloadTooLarge, unprocessable } from '../../errors';
import { Reply, route, type Route } from '../../route';
import type { AnalyticsState, StoredEvent } from '../state';
import { validateEvents } from './validate';

/** The insights API refuses bodies of 2 MB or more. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** Insights API routes (`insights.algolia.io`). */
export const insightsRoutes: Route[] = [
  route({
    operation: 'pushEvents',
    method: 'POST',
    path: '/1/events',
    host: 'insights',
    acl: 'search',
    call: { body: '$params' },
    handler: ({ core, req }) => {
      if (req.bodySize >= MAX_BODY_BYTES) throw payloadTooLarge(`Request body too large: ${req.bodySize} bytes (under 2 MB allowed)`);
      const events = validateEvents(req.body, core.now());
      const receivedAt = core.now();
      core.commit((draft) => {
        const slice = draft.analytics as Draft<AnalyticsState>;
        for (const event of events) {
          slice.lastSeq += 1;
          slice.events.push({ ...event, seq: slice.lastSeq, receivedAt } as Draft<StoredEvent>);
        }
      });
      return { status: 200, message: 'OK' };
    },
  }),
  route({
    operation: 'deleteUserToken',
    method: 'DELETE',
    path: '/1/usertokens/{userToken}',
    host: 'insights',
    acl: 'deleteObject',
    call: {},
    handler: ({ core, params }) => {
      const userToken = params.userToken;
      if (!/^[a-zA-Z0-9_=/+-]{1,129}$/.test(userToken)) throw unprocessable('userToken: must be 1 to 129 characters among a-z, A-Z, 0-9, _, -, =, / and +');
      // Removes the user's events and searches from events metrics and analytics.
      const searches = core.state.analytics.searches.filter((s) => s.user !== userToken);
      core.commit((draft) => {
        const slice = draft.analytics as Draft<AnalyticsState>;
        slice.events = slice.events.filter((e) => e.userToken !== userToken && e.authenticatedUserToken !== userToken);
        slice.searches = searches;
      });
      return new Reply(204, undefined);
    },
  }),
];
