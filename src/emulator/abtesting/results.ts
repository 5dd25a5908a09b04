import type { Core } from '../core';
import { QUERY_WINDOW_MS } from '../analytics/insights/validate';
import type { StoredEvent } from '../analytics/state';
import { visibleBefore } from '../analytics/reports/window';
import type { Exposure, StoredTest } from './state';

/** One search of a variant and the insights events its query ID brought in. */
export interface SearchUnit {
  readonly exposure: Exposure;
  /** One entry per clicked object (its position when the event gave one). */
  readonly clicks: { readonly position?: number }[];
  conversions: number;
  addToCarts: number;
  purchases: number;
  /** Currency -> purchase revenue credited to this search. */
  readonly revenue: Map<string, number>;
}

/** What a population filter removed from a variant. */
export interface FilterEffect {
  usersCount: number;
  trackedSearchesCount: number;
}

/** A variant's searches as the results read them, after the test's population filters. */
export interface VariantUnits {
  readonly units: SearchUnit[];
  readonly outliers: FilterEffect;
  readonly emptySearch: FilterEffect;
}

/** Which searches count: the population filters, and an optional time range. */
export interface Population {
  /** Leave out users with far more tracked searches than the others (see {@link outlierUsers}). */
  readonly excludeOutliers: boolean;
  /** Leave out searches with an empty query. */
  readonly excludeEmptySearch: boolean;
  readonly from?: number;
  readonly to?: number;
}

/**
 * The searches of each variant of `test` with the clicks and conversions attributed to them:
 * an event counts for the search whose query ID it carries (a purchase may carry one per
 * object), within an hour of it, as analytics attribute events. Only data analytics already
 * show is read (the refresh period, `analyticsRefresh`).
 */
export function variantUnits(core: Core, test: StoredTest, population: Population): VariantUnits[] {
  const visible = visibleBefore(core);
  const all: Exposure[] = [];
  for (const exposure of core.state.abtesting.exposures) {
    if (exposure.abTestID !== test.abTestID || exposure.at >= visible) continue;
    if (population.from !== undefined && exposure.at < population.from) continue;
    if (population.to !== undefined && exposure.at >= population.to) continue;
    all.push(exposure);
  }
  const outliers = population.excludeOutliers ? outlierUsers(all) : new Set<string>();
  const out: VariantUnits[] = test.variants.map(() => ({
    units: [],
    outliers: { usersCount: 0, trackedSearchesCount: 0 },
    emptySearch: { usersCount: 0, trackedSearchesCount: 0 },
  }));
  const outlierSeen = new Set<string>();
  const emptyUsers = new Map<string, boolean>();
  const byQueryID = new Map<string, SearchUnit>();
  for (const exposure of all) {
    const variant = out[exposure.variant - 1];
    if (!variant) continue;
    const key = `${exposure.variant}\u0000${exposure.user}`;
    if (outliers.has(exposure.user)) {
      if (!outlierSeen.has(key)) variant.outliers.usersCount++;
      outlierSeen.add(key);
      if (exposure.queryID !== undefined) variant.outliers.trackedSearchesCount++;
      continue;
    }
    const empty = population.excludeEmptySearch && exposure.query.trim() === '';
    emptyUsers.set(key, (emptyUsers.get(key) ?? true) && empty);
    if (empty) {
      if (exposure.queryID !== undefined) variant.emptySearch.trackedSearchesCount++;
      continue;
    }
    const unit: SearchUnit = { exposure, clicks: [], conversions: 0, addToCarts: 0, purchases: 0, revenue: new Map() };
    variant.units.push(unit);
    if (exposure.queryID !== undefined) byQueryID.set(exposure.queryID, unit);
  }
  // A user all of whose searches were empty is a user the filter removed.
  for (const [key, onlyEmpty] of emptyUsers)
    if (onlyEmpty) out[Number(key.split('\u0000')[0]) - 1].emptySearch.usersCount++;
  if (byQueryID.size > 0) attribute(core.state.analytics.events, byQueryID, visible);
  return out;
}

/**
 * Users whose tracked searches are more than three standard deviations above the mean of the
 * test's users: the emulator's reading of the service's outlier removal (it removes "users
 * that make many more searches than the average user" and publishes no threshold).
 */
export function outlierUsers(exposures: readonly Exposure[]): Set<string> {
  const tracked = new Map<string, number>();
  for (const exposure of exposures)
    if (exposure.queryID !== undefined) tracked.set(exposure.user, (tracked.get(exposure.user) ?? 0) + 1);
  const counts = [...tracked.values()];
  if (counts.length < 2) return new Set();
  const m = counts.reduce((sum, count) => sum + count, 0) / counts.length;
  const sd = Math.sqrt(counts.reduce((sum, count) => sum + (count - m) ** 2, 0) / counts.length);
  const out = new Set<string>();
  if (sd === 0) return out;
  for (const [user, count] of tracked) if (count > m + 3 * sd) out.add(user);
  return out;
}

function attribute(events: readonly StoredEvent[], byQueryID: Map<string, SearchUnit>, visible: number): void {
  const target = (queryID: string | undefined, timestamp: number): SearchUnit | undefined => {
    const unit = queryID === undefined ? undefined : byQueryID.get(queryID);
    return unit && Math.abs(timestamp - unit.exposure.at) <= QUERY_WINDOW_MS ? unit : undefined;
  };
  for (const event of events) {
    if (event.receivedAt >= visible) continue;
    if (event.eventType === 'click') {
      const unit = target(event.queryID, event.timestamp);
      if (!unit) continue;
      if (event.objectIDs)
        event.objectIDs.forEach((_, i) => unit.clicks.push(event.positions ? { position: event.positions[i] } : {}));
      else unit.clicks.push({});
    } else if (event.eventType === 'conversion') {
      convert(event, (queryID) => target(queryID, event.timestamp));
    }
  }
}

/** A conversion counts once for each search it names; a purchase's revenue goes to the search of each object. */
function convert(event: StoredEvent, target: (queryID: string | undefined) => SearchUnit | undefined): void {
  const units = new Set<SearchUnit>();
  if (event.objectIDs && event.objectData)
    event.objectIDs.forEach((_, i) => {
      const unit = target(event.objectData?.[i]?.queryID ?? event.queryID);
      if (unit) units.add(unit);
    });
  else {
    const unit = target(event.queryID);
    if (unit) units.add(unit);
  }
  for (const unit of units) {
    unit.conversions++;
    if (event.eventSubtype === 'addToCart') unit.addToCarts++;
    if (event.eventSubtype === 'purchase') unit.purchases++;
  }
  if (event.eventSubtype !== 'purchase' || event.currency === undefined) return;
  const credit = (unit: SearchUnit | undefined, amount: number) => {
    if (unit) unit.revenue.set(event.currency!, (unit.revenue.get(event.currency!) ?? 0) + amount);
  };
  if (event.objectData?.some((item) => item.price !== undefined))
    event.objectData.forEach((item) =>
      credit(target(item.queryID ?? event.queryID), (item.price ?? 0) * (item.quantity ?? 1)),
    );
  else if (event.value !== undefined) credit(target(event.queryID), event.value);
}
