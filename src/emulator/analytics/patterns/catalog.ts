/**
 * The field catalog of `/3/patterns` as the emulator serves it: one domain, `core`, over the
 * searches and events analytics record (the `/2` reports' data). The service publishes no
 * catalog; the kinds the OpenAPI and the CTS name (`searchesCount`, `conversionRate`, `query`,
 * `index`, `clicked`, `country`, `clickPosition`) are among these.
 *
 * A field's roots say which part of the data it is read from: `searches` (each query's figures),
 * `clickedSearches` and `noResultSearches` (the searches with a click, without results),
 * `hits` (each object returned), `countries` (searches per country). Fields combine in one
 * query only when their roots intersect, as the API documents.
 */
export type Root = 'searches' | 'clickedSearches' | 'noResultSearches' | 'hits' | 'countries';

/** Roots in the order a query prefers them when its fields share several. */
export const ROOTS: readonly Root[] = ['searches', 'clickedSearches', 'noResultSearches', 'hits', 'countries'];

export type Usage = 'metrics' | 'filters' | 'groups' | 'distributions';

export interface FieldDefinition {
  readonly kind: string;
  readonly description: string;
  readonly roots: readonly Root[];
  /** Feature flags reading the field needs (every one is on in the emulator). */
  readonly requires: readonly string[];
}

const ALL: readonly Root[] = ROOTS;
const CLICKS = ['clickAnalyticsEnabled'];

const field = (kind: string, description: string, roots: readonly Root[], requires: readonly string[] = []) => ({
  kind,
  description,
  roots,
  requires,
});

/** Fields by usage. */
export const CATALOG: Readonly<Record<Usage, readonly FieldDefinition[]>> = {
  metrics: [
    field('searchesCount', 'Searches.', ALL),
    field('trackedSearchesCount', 'Searches with clickAnalytics.', ['searches', 'hits'], CLICKS),
    field('usersCount', 'Distinct users (userToken, else the IP).', ['searches']),
    field('noResultsCount', 'Searches without results.', ['searches']),
    field('noResultsRate', 'Searches without results, per search.', ['searches']),
    field('clicksCount', 'Click events on search results.', ['searches', 'clickedSearches', 'hits'], CLICKS),
    field('clickThroughRate', 'Tracked searches with a click, per tracked search.', ['searches', 'hits'], CLICKS),
    field('noClicksCount', 'Tracked searches without a click.', ['searches'], CLICKS),
    field('noClickRate', 'Tracked searches without a click, per tracked search.', ['searches'], CLICKS),
    field('averageClickPosition', 'Average position of the clicked results.', ['searches', 'clickedSearches'], CLICKS),
    field('conversionsCount', 'Conversion events.', ['searches', 'hits'], CLICKS),
    field('conversionRate', 'Tracked searches with a conversion, per tracked search.', ['searches', 'hits'], CLICKS),
    field('addToCartCount', 'Add-to-cart conversion events.', ['searches', 'hits'], CLICKS),
    field('addToCartRate', 'Tracked searches with an add-to-cart, per tracked search.', ['searches', 'hits'], CLICKS),
    field('purchaseCount', 'Purchase conversion events.', ['searches', 'hits'], CLICKS),
    field('purchaseRate', 'Tracked searches with a purchase, per tracked search.', ['searches', 'hits'], CLICKS),
    field('revenue', 'Purchase revenue, per currency.', ['searches', 'hits'], CLICKS),
  ],
  filters: [
    field('index', 'Index searched.', ALL),
    field('query', 'Query text.', ALL),
    field('tags', 'Analytics tags of the search.', ALL),
    field('clicked', 'Boolean: the search got a click.', ['clickedSearches'], CLICKS),
    field('noResults', 'Boolean: the search had no results.', ['noResultSearches']),
    field('objectID', 'A result the search returned.', ['hits']),
    field('country', 'Country the search came from.', ['countries']),
  ],
  groups: [
    field('index', 'Index searched.', ALL),
    field('query', 'Query text.', ALL),
    field('tags', 'Analytics tags of the search, comma-separated.', ALL),
    field('date', 'Day of the search, YYYY-MM-DD.', ALL),
    field('objectID', 'A result the search returned.', ['hits']),
    field('country', 'Country the search came from.', ['countries']),
  ],
  distributions: [field('clickPosition', 'Positions of the clicked results.', ['searches', 'clickedSearches'], CLICKS)],
};

/** The one domain the emulator's data has. */
export const DOMAIN = 'core';

/** The field `kind` may be used as `usage`, or undefined. */
export function fieldOf(usage: Usage, kind: string): FieldDefinition | undefined {
  return CATALOG[usage].find((entry) => entry.kind === kind);
}
