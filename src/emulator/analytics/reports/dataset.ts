import { QUERY_WINDOW_MS } from '../insights/validate';
import { issuedQuery, type AnalyticsState, type RecordedSearch, type StoredEvent } from '../state';
import { foldFacts, type QueryTally } from './tally';
import { matchesTags } from './tags';
import { dateOf, type Window } from './window';

export interface Click {
  readonly objectID?: string;
  readonly position?: number;
}

export interface Conversion {
  readonly objectIDs: readonly string[];
  readonly subtype?: 'addToCart' | 'purchase';
}

/** One counted search and the events attributed to it through its query ID. */
export interface SearchFacts {
  readonly search: RecordedSearch;
  readonly date: string;
  readonly tracked: boolean;
  readonly clicks: Click[];
  readonly conversions: Conversion[];
  /** Currency -> revenue of purchase events. */
  readonly revenue: Map<string, number>;
  /** The same revenue per purchased object (for top hits). */
  readonly revenueItems: { objectID?: string; currency: string; amount: number }[];
}

/**
 * The tallies an analytics request covers: those folded for good (days past the conversion
 * window) and those of the raw searches, folded for this request. Both are the same sums, so
 * a report answers the same before and after its days are folded.
 */
export function tallies(state: AnalyticsState, window: Window, visibleBefore: number): QueryTally[] {
  const first = window.days[0];
  const last = window.days[window.days.length - 1];
  const out: QueryTally[] = [];
  for (const day of state.folded) {
    if (day.index !== window.index || day.date < first || day.date > last) continue;
    for (const tally of day.tallies.values()) if (matchesTags(window.tags, tally.tags)) out.push(tally);
  }
  const recent = new Map<string, QueryTally>();
  const inWindow = (search: RecordedSearch) =>
    search.index === window.index &&
    search.at >= window.from &&
    search.at < window.to &&
    matchesTags(window.tags, search.tags);
  for (const fact of collect(state, inWindow, visibleBefore)) foldFacts(recent, fact);
  out.push(...recent.values());
  return out;
}

/** Search ID -> the ID of the later keystroke that replaced it. */
export function replacements(state: AnalyticsState): Map<number, number> {
  return state.searches.replacements();
}

/**
 * The raw searches `wanted` selects that count: visible (refreshed) and the last of each
 * keystroke sequence; with their clicks and conversions (events tied to their query IDs, or
 * to a query ID of a keystroke they replaced, within the conversion window).
 */
export function collect(
  state: AnalyticsState,
  wanted: (search: RecordedSearch) => boolean,
  visibleBefore: number,
): SearchFacts[] {
  // A search a later keystroke replaced is not counted; its events go to the one that replaced it.
  const replacedBy = replacements(state);
  const facts = new Map<number, SearchFacts>();
  for (const search of state.searches) {
    if (replacedBy.has(search.id) || search.at >= visibleBefore || !wanted(search)) continue;
    facts.set(search.id, {
      search,
      date: dateOf(search.at),
      tracked: search.queryID !== undefined,
      clicks: [],
      conversions: [],
      revenue: new Map(),
      revenueItems: [],
    });
  }
  /** The counted search an event's query ID points to, when the event is within its window. */
  const target = (queryID: string | undefined, timestamp: number): SearchFacts | undefined => {
    if (queryID === undefined) return undefined;
    const issued = issuedQuery(state, queryID);
    if (issued === undefined || Math.abs(timestamp - issued.at) > QUERY_WINDOW_MS) return undefined;
    let id = issued.searchId;
    // Follow the keystroke chain to the search that was counted.
    for (let next = replacedBy.get(id); next !== undefined; next = replacedBy.get(next)) id = next;
    return facts.get(id);
  };
  for (const event of state.events) {
    if (event.receivedAt >= visibleBefore) continue;
    if (event.eventType === 'click') attributeClick(event, target(event.queryID, event.timestamp));
    else if (event.eventType === 'conversion')
      attributeConversion(event, (queryID) => target(queryID, event.timestamp));
  }
  return [...facts.values()];
}

function attributeClick(event: StoredEvent, facts: SearchFacts | undefined): void {
  if (!facts) return;
  if (event.objectIDs) {
    event.objectIDs.forEach((objectID, i) =>
      facts.clicks.push({ objectID, ...(event.positions ? { position: event.positions[i] } : {}) }),
    );
  } else {
    facts.clicks.push({});
  }
}

function attributeConversion(
  event: StoredEvent,
  target: (queryID: string | undefined) => SearchFacts | undefined,
): void {
  // A purchase may carry one query ID per object; each search it names gets the conversion.
  const perSearch = new Map<SearchFacts, string[]>();
  const add = (facts: SearchFacts | undefined, objectID?: string) => {
    if (!facts) return;
    const list = perSearch.get(facts) ?? [];
    if (objectID !== undefined) list.push(objectID);
    perSearch.set(facts, list);
  };
  const eventTarget = target(event.queryID);
  if (event.objectIDs) {
    event.objectIDs.forEach((objectID, i) => add(target(event.objectData?.[i]?.queryID ?? event.queryID), objectID));
  } else {
    add(eventTarget);
  }
  for (const [facts, objectIDs] of perSearch) {
    facts.conversions.push({ objectIDs, ...(event.eventSubtype ? { subtype: event.eventSubtype } : {}) });
  }
  if (event.eventSubtype !== 'purchase' || event.currency === undefined) return;
  const currency = event.currency;
  const credit = (facts: SearchFacts | undefined, amount: number, objectID?: string) => {
    if (!facts) return;
    facts.revenue.set(currency, (facts.revenue.get(currency) ?? 0) + amount);
    facts.revenueItems.push({ currency, amount, ...(objectID !== undefined ? { objectID } : {}) });
  };
  if (event.objectData?.some((item) => item.price !== undefined)) {
    event.objectData.forEach((item, i) =>
      credit(target(item.queryID ?? event.queryID), (item.price ?? 0) * (item.quantity ?? 1), event.objectIDs?.[i]),
    );
  } else if (event.value !== undefined) {
    credit(eventTarget, event.value);
  }
}
