import type { RecordedFilter } from '../state';
import type { SearchFacts } from './dataset';

/** Figures of the conversions of one kind: all of them, or one subtype. */
export interface ConversionFigures {
  /** Searches (or hit appearances) with at least one such conversion. */
  converting: number;
  /** The conversions themselves. */
  count: number;
}

export type ConversionKind = 'all' | 'addToCart' | 'purchase';

const KINDS: readonly ConversionKind[] = ['all', 'addToCart', 'purchase'];

/** What top hits need of one object ID among the searches of a tally. */
export interface HitTally {
  /** Searches that returned the hit. */
  count: number;
  /** Tracked searches that returned it. */
  tracked: number;
  /** Tracked searches with a click on it, and the clicks. */
  clicked: number;
  clickCount: number;
  conversions: Record<ConversionKind, ConversionFigures>;
  /** Currency -> purchase revenue credited to the hit. */
  revenue: Map<string, number>;
}

/**
 * Every figure the analytics reports read, summed over the searches of one index, one day,
 * one set of analytics tags and one query. Raw searches are folded into tallies when a report
 * runs; searches past the conversion window are folded once, kept as tallies for the retention
 * period, and their raw entries dropped (see `retention.ts`). A tally is never changed once
 * stored.
 */
export interface QueryTally {
  readonly date: string;
  /** The searches' analytics tags, sorted, without repeats. */
  readonly tags: readonly string[];
  readonly query: string;
  /** Searches, and their `nbHits` summed. */
  count: number;
  nbHitsSum: number;
  noResultCount: number;
  /** Searches without results that applied a filter. */
  noResultWithFilterCount: number;
  tracked: number;
  searchesWithClick: number;
  clickCount: number;
  /** Tracked searches without a click, and their `nbHits` summed. */
  noClickCount: number;
  noClickNbHitsSum: number;
  /** Click position -> clicks (positions are integers: sums and averages stay exact). */
  positions: Map<number, number>;
  conversions: Record<ConversionKind, ConversionFigures>;
  /** Currency -> purchase revenue. */
  revenue: Map<string, number>;
  hits: Map<string, HitTally>;
  users: Set<string>;
  countries: Map<string, number>;
  /** Attribute -> searches filtering on it. */
  filterAttributes: Map<string, number>;
  /** Filter key -> the filter and how often searches applied it. */
  filterValues: Map<string, { readonly filter: RecordedFilter; count: number }>;
  /** Combination key -> the sorted filters of searches without results, and their count. */
  noResultFilters: Map<string, { readonly values: readonly RecordedFilter[]; count: number }>;
}

/** Zero conversions of every kind. */
export const conversionFigures = (): Record<ConversionKind, ConversionFigures> => ({
  all: { converting: 0, count: 0 },
  addToCart: { converting: 0, count: 0 },
  purchase: { converting: 0, count: 0 },
});

export const emptyHit = (): HitTally => ({
  count: 0,
  tracked: 0,
  clicked: 0,
  clickCount: 0,
  conversions: conversionFigures(),
  revenue: new Map(),
});

function emptyTally(date: string, tags: readonly string[], query: string): QueryTally {
  return {
    date,
    tags,
    query,
    count: 0,
    nbHitsSum: 0,
    noResultCount: 0,
    noResultWithFilterCount: 0,
    tracked: 0,
    searchesWithClick: 0,
    clickCount: 0,
    noClickCount: 0,
    noClickNbHitsSum: 0,
    positions: new Map(),
    conversions: conversionFigures(),
    revenue: new Map(),
    hits: new Map(),
    users: new Set(),
    countries: new Map(),
    filterAttributes: new Map(),
    filterValues: new Map(),
    noResultFilters: new Map(),
  };
}

/** The tags of a search as a tally keeps them. */
const tagSet = (tags: readonly string[]): readonly string[] => [...new Set(tags)].sort();

/** The key of a tally among the tallies of one index: day, tags, query. */
const tallyKey = (date: string, tags: readonly string[], query: string) =>
  `${date}\u0000${tags.join('\u0001')}\u0000${query}`;

function filterKey(filter: RecordedFilter): string {
  return `${filter.attribute}\u0000${filter.operator}\u0000${filter.value}`;
}

const plain = (filter: RecordedFilter): RecordedFilter => ({
  attribute: filter.attribute,
  operator: filter.operator,
  value: filter.value,
});

const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** Adds the conversion figures of `from` into `into`. */
export function addConversions(
  into: Record<ConversionKind, ConversionFigures>,
  from: Readonly<Record<ConversionKind, ConversionFigures>>,
): void {
  for (const kind of KINDS) {
    into[kind].converting += from[kind].converting;
    into[kind].count += from[kind].count;
  }
}

/** Adds one counted search, with the events attributed to it, to the tallies it belongs to. */
export function foldFacts(tallies: Map<string, QueryTally>, fact: SearchFacts): void {
  const { search } = fact;
  const tags = tagSet(search.tags);
  const key = tallyKey(fact.date, tags, search.query);
  let tally = tallies.get(key);
  if (!tally) tallies.set(key, (tally = emptyTally(fact.date, tags, search.query)));
  tally.count++;
  tally.nbHitsSum += search.nbHits;
  tally.users.add(search.user);
  if (search.country !== undefined) bump(tally.countries, search.country);
  for (const attribute of new Set(search.filters.map((filter) => filter.attribute)))
    bump(tally.filterAttributes, attribute);
  for (const filter of search.filters) {
    const entry = tally.filterValues.get(filterKey(filter));
    if (entry) entry.count++;
    else tally.filterValues.set(filterKey(filter), { filter: plain(filter), count: 1 });
  }
  if (search.nbHits === 0) {
    tally.noResultCount++;
    if (search.filters.length > 0) {
      tally.noResultWithFilterCount++;
      const values = [...search.filters].sort((a, b) => (filterKey(a) < filterKey(b) ? -1 : 1)).map(plain);
      const combination = values.map(filterKey).join('\u0001');
      const entry = tally.noResultFilters.get(combination);
      if (entry) entry.count++;
      else tally.noResultFilters.set(combination, { values, count: 1 });
    }
  }
  for (const hit of new Set(search.hits)) {
    let figures = tally.hits.get(hit);
    if (!figures) tally.hits.set(hit, (figures = emptyHit()));
    figures.count++;
    if (fact.tracked) foldHit(figures, hit, fact);
  }
  if (fact.tracked) foldTracked(tally, fact);
}

/** The click and conversion figures of a tracked search. */
function foldTracked(tally: QueryTally, fact: SearchFacts): void {
  tally.tracked++;
  tally.clickCount += fact.clicks.length;
  if (fact.clicks.length > 0) tally.searchesWithClick++;
  else {
    tally.noClickCount++;
    tally.noClickNbHitsSum += fact.search.nbHits;
  }
  for (const click of fact.clicks) if (click.position !== undefined) bump(tally.positions, click.position);
  for (const kind of KINDS) {
    const count = fact.conversions.filter((c) => kind === 'all' || c.subtype === kind).length;
    tally.conversions[kind].count += count;
    if (count > 0) tally.conversions[kind].converting++;
  }
  for (const [currency, amount] of fact.revenue) bump(tally.revenue, currency, amount);
}

/** What a tracked search adds to one of its hits. */
function foldHit(figures: HitTally, hit: string, fact: SearchFacts): void {
  figures.tracked++;
  const clicks = fact.clicks.filter((click) => click.objectID === hit).length;
  if (clicks > 0) figures.clicked++;
  figures.clickCount += clicks;
  for (const kind of KINDS) {
    const count = fact.conversions.filter(
      (c) => c.objectIDs.includes(hit) && (kind === 'all' || c.subtype === kind),
    ).length;
    figures.conversions[kind].count += count;
    if (count > 0) figures.conversions[kind].converting++;
  }
  for (const item of fact.revenueItems) if (item.objectID === hit) bump(figures.revenue, item.currency, item.amount);
}
