import type { State } from '../state';
import type { Interaction } from './state';

/**
 * The one place Recommend reads insights events: the interactions of every index between
 * `from` and `to` (event timestamps, inclusive), in arrival order. Events with filters instead
 * of objectIDs and InstantSearch's own events say nothing about records and are skipped.
 */
export function interactionsByIndex(state: State, from: number, to: number): Map<string, Interaction[]> {
  const byIndex = new Map<string, Interaction[]>();
  for (const event of state.analytics.events) {
    if (event.eventType === 'instantsearch' || event.objectIDs === undefined) continue;
    if (event.timestamp < from || event.timestamp > to) continue;
    const user = event.authenticatedUserToken ?? event.userToken;
    let list = byIndex.get(event.index);
    if (!list) byIndex.set(event.index, (list = []));
    for (const objectID of event.objectIDs) list.push({ user, objectID, kind: event.eventType, at: event.timestamp });
  }
  return byIndex;
}
