import type { Draft } from 'immer';
import { payloadTooLarge, unprocessable } from '../../errors';
import { Reply, type OperationContext } from '../../route';
import type { AnalyticsState, StoredEvent } from '../state';
import { validateEvents } from './validate';

/** The insights API refuses bodies of 2 MB or more. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** POST /1/events — validates every event first; all of them are stored, or none. */
export function pushEvents({ core, req }: OperationContext) {
  if (req.bodySize >= MAX_BODY_BYTES)
    throw payloadTooLarge(`Request body too large: ${req.bodySize} bytes (under 2 MB allowed)`);
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
}

/** DELETE /1/usertokens/{userToken} — removes the user's events and searches from events metrics and analytics. */
export function deleteUserToken({ core, params }: OperationContext) {
  const userToken = params.userToken;
  if (!/^[a-zA-Z0-9_=/+-]{1,129}$/.test(userToken))
    throw unprocessable('userToken: must be 1 to 129 characters among a-z, A-Z, 0-9, _, -, =, / and +');
  const searches = core.state.analytics.searches.filter((s) => s.user !== userToken);
  core.commit((draft) => {
    const slice = draft.analytics as Draft<AnalyticsState>;
    slice.events = slice.events.filter((e) => e.userToken !== userToken && e.authenticatedUserToken !== userToken);
    slice.searches = searches;
  });
  return new Reply(204, undefined);
}
