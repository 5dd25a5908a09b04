import type { Draft } from 'immer';
import { parseSettingsBody } from '../../search/settings/parse';
import { ensureIndex, writeRecords } from '../../search/store';
import type { SearchRecord, State } from '../../state';
import type { Accepted, SourceFacts } from './vet';

/**
 * The settings the service gives a suggestions index it creates, as exported from one of the
 * service's own suggestions indices (`ecommerce-federated/products_query_suggestions_configuration.json`
 * in the public `algolia/datasets` repository); only those that differ from the defaults are
 * set. An autocomplete reads the index unchanged: it searches `query` by prefix, highlights
 * it, and ranks by popularity.
 */
const SUGGESTIONS_INDEX_SETTINGS: Readonly<Record<string, unknown>> = {
  searchableAttributes: ['query'],
  numericAttributesForFiltering: ['nb_words'],
  attributesToHighlight: ['query'],
  customRanking: ['desc(popularity)'],
  removeWordsIfNoResults: 'lastWords',
  snippetEllipsisText: '',
};

/** One suggestion merged over its source indices. */
export interface Suggestion {
  readonly query: string;
  /** Summed over the source indices that kept it. */
  readonly popularity: number;
  readonly sources: ReadonlyMap<string, SourceFacts>;
}

/** Merges each source's accepted suggestions: one per query, popularities added. */
export function mergeSources(perSource: readonly (readonly [string, readonly Accepted[]])[]): Suggestion[] {
  const merged = new Map<string, { popularity: number; sources: Map<string, SourceFacts> }>();
  for (const [indexName, accepted] of perSource) {
    for (const suggestion of accepted) {
      const entry = merged.get(suggestion.query) ?? { popularity: 0, sources: new Map() };
      entry.popularity += suggestion.popularity;
      entry.sources.set(indexName, suggestion.facts);
      merged.set(suggestion.query, entry);
    }
  }
  return [...merged]
    .map(([query, entry]) => ({ query, ...entry }))
    .sort((a, b) => b.popularity - a.popularity || (a.query < b.query ? -1 : a.query > b.query ? 1 : 0));
}

/** A suggestion as the service stores it: `{<source>: {...}, nb_words, popularity, query, objectID}`. */
export function recordOfSuggestion(suggestion: Suggestion): SearchRecord {
  return {
    ...Object.fromEntries(suggestion.sources),
    nb_words: suggestion.query.split(' ').length,
    popularity: suggestion.popularity,
    query: suggestion.query,
    objectID: suggestion.query,
  };
}

/**
 * Replaces the suggestions index's records (inside a task). A new index gets the service's
 * settings; an existing one keeps whatever settings it has, so a user's changes survive.
 */
export function writeSuggestions(
  draft: Draft<State>,
  indexName: string,
  records: readonly SearchRecord[],
  enablePersonalization: boolean,
  now: number,
): void {
  if (!draft.indices.has(indexName)) {
    const index = ensureIndex(draft, indexName, now);
    const { values } = parseSettingsBody({
      ...SUGGESTIONS_INDEX_SETTINGS,
      ...(enablePersonalization ? { enablePersonalization } : {}),
    });
    Object.assign(index.settings, values);
  }
  writeRecords(draft, indexName, now, (map) => {
    map.clear();
    for (const record of records) map.set(record.objectID, record);
  });
}
