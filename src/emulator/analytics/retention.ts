import type { Core } from '../core';
import { MAX_AGE_MS, QUERY_WINDOW_MS } from './insights/validate';
import { collect, replacements } from './reports/dataset';
import { foldFacts, type QueryTally } from './reports/tally';
import { dateOf, visibleBefore } from './reports/window';
import type { FoldedDay, IssuedQuery } from './state';

const DAY_MS = 86_400_000;

/** How long analytics keep a day, unless `analyticsRetention` says otherwise: the service's default. */
const DEFAULT_RETENTION_MS = 90 * DAY_MS;

/**
 * Keeps analytics memory flat as the clock moves. A search can receive events only until its
 * conversion window (1 hour) has passed for an event up to 4 days old: after that, and once
 * the data is visible, the day's searches are folded into tallies (the sums every report
 * reads, per index, day, tags and query) and their raw entries, and the query IDs they issued,
 * are dropped. Tallies, and the events personalization reads, are kept for the retention
 * period (90 days by default, as the service keeps analytics), then dropped. Reports answer
 * the same before and after a day is folded.
 */
export function compactAnalytics(core: Core): void {
  const analytics = core.state.analytics;
  const now = core.now();
  const foldBefore = Math.floor((visibleBefore(core) - MAX_AGE_MS - QUERY_WINDOW_MS) / DAY_MS) * DAY_MS;
  const cutoff = Math.floor(now / DAY_MS) * DAY_MS - (core.options.analyticsRetention ?? DEFAULT_RETENTION_MS);
  const cutoffDate = dateOf(cutoff);
  const oldest = analytics.searches.at(0);
  const fold = oldest !== undefined && oldest.at < foldBefore;
  const expire =
    analytics.folded.some((day) => day.date < cutoffDate) ||
    (analytics.events[0]?.receivedAt ?? Number.POSITIVE_INFINITY) < cutoff;
  if (!fold && !expire) return;

  let { searches, queries, folded } = analytics;
  if (fold) {
    const days = new Map<string, Map<string, QueryTally>>();
    for (const fact of collect(analytics, (search) => search.at < foldBefore, foldBefore)) {
      const dayKey = `${fact.search.index}\u0000${fact.date}`;
      let tallies = days.get(dayKey);
      if (!tallies) days.set(dayKey, (tallies = new Map()));
      foldFacts(tallies, fact);
    }
    const added: FoldedDay[] = [];
    for (const [dayKey, tallies] of days) {
      const [index, date] = dayKey.split('\u0000');
      added.push(Object.freeze({ index, date, tallies: Object.freeze(tallies) }));
    }
    folded = [...folded, ...added];
    // A query ID stays while the search its events count for is raw (a keystroke replaced just
    // before the fold, by one just after it).
    const replacedBy = replacements(analytics);
    searches = searches.filter((search) => search.at >= foldBefore);
    const kept = new Set<number>();
    for (const search of searches) kept.add(search.id);
    const counted = (issued: IssuedQuery) => {
      let id = issued.searchId;
      for (let next = replacedBy.get(id); next !== undefined; next = replacedBy.get(next)) id = next;
      return kept.has(id);
    };
    queries = queries.filter((issued) => issued.at >= foldBefore || counted(issued));
  }
  if (expire) {
    folded = folded.filter((day) => day.date >= cutoffDate);
    searches = searches.filter((search) => search.at >= cutoff);
    queries = queries.filter((issued) => issued.at >= cutoff);
  }
  const events = expire
    ? Object.freeze(analytics.events.filter((event) => event.receivedAt >= cutoff))
    : analytics.events;
  core.assign('analytics', {
    searches,
    queries,
    folded: Object.freeze(folded),
    foldedBefore: Math.max(analytics.foldedBefore, foldBefore),
    events,
  });
}
