import type { Draft } from 'immer';
import { payloadTooLarge, unprocessable } from '../../errors';
import { Reply, type OperationContext } from '../../route';
import type { AnalyticsState, StoredEvent } from '../state';
import { validateEvents } from './validate';

/** How far from its search an event may be to count in click and conversion analytics (reports/dataset.ts). */
const ATTRIBUTION_WINDOW_MS = 3_600_000;

/** The insights API refuses bodies of 2 MB or more. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** POST /1/events — validates every event first; all of them are stored, or none. */
export function pushEvents({ core, req, warnings }: OperationContext) {
  if (req.bodySize >= MAX_BODY_BYTES)
    throw payloadTooLarge(`Request body too large: ${req.bodySize} bytes (under 2 MB allowed)`);
  const events = validateEvents(req.body, core.now());
  const receivedAt = core.now();
  const ahead = events.find((event) => event.timestamp > receivedAt + ATTRIBUTION_WINDOW_MS);
  if (ahead) {
    const warning = futureEventWarning(ahead.timestamp, receivedAt);
    warnings?.push(warning);
    core.warnOnce('future event', `${warning} (said once per emulator; emulator.journal keeps it per request)`);
  }
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

/**
 * An event timestamped more than an hour after the emulator's clock is stored as the service
 * stores it, but click and conversion analytics attribute an event to a search within an hour
 * of it, and Recommend trains on events up to its own time: until the clock gets there, it
 * counts in neither. With the default fake clock (2024), `timestamp: Date.now()` is years ahead.
 * Said, since the answer shows nothing. (Within the hour, an event still counts for the searches
 * made so far: tests place clicks a minute after their search that way.)
 */
function futureEventWarning(timestamp: number, now: number): string {
  return (
    `search-emulator: an insights event is timestamped ${new Date(timestamp).toISOString()}, more than an hour ` +
    `after the emulator's clock (${new Date(now).toISOString()}). Click and conversion analytics count an event ` +
    `within an hour of its search, and Recommend trains on events up to its own time: until the clock gets ` +
    `there, this one counts in neither. Leave \`timestamp\` out (the event gets the clock's time), send ` +
    `emulator.clock.now(), or create the emulator with now: 'system'`
  );
}
