import type { Core } from '../../core';
import { ApiError } from '../../errors';
import type { FacetSpec, SourceIndexConfig, SuggestionsConfig } from '../state';
import type { Candidate } from './candidates';
import { quote, type BuildLog } from './log';
import { analyticsOf, type UsedFilter } from './popular';
import { vetOn, type Vetting } from './search';

/** What a suggestion stores per source index (`{indexName: SourceFacts}` in its record). */
export interface SourceFacts {
  readonly exact_nb_hits: number;
  readonly facets: {
    /** Top values among the suggestion's hits: `[{value, count}]` per category attribute. */
    readonly exact_matches: Record<string, { value: string; count: number }[]>;
    /** Top filters users applied with the search: `[{attribute, operator, value, count}]`. */
    readonly analytics: Record<string, UsedFilter[]>;
  };
}

/** A candidate that passed every check on its source index. */
export interface Accepted {
  readonly query: string;
  readonly popularity: number;
  readonly facts: SourceFacts;
}

/** Letters, digits and spaces only; a diacritic is a combining mark once decomposed. */
const SPECIAL = /[^\p{L}\p{N}\s]/u;

/**
 * Checks one source index's candidates, cheapest check first: special characters (unless
 * allowed), `minLetters`, `exclude`, then `minHits` by running the query on the source
 * index. Each refusal is a SKIP line saying why.
 */
export function vetCandidates(
  core: Core,
  config: SuggestionsConfig,
  source: SourceIndexConfig,
  candidates: readonly Candidate[],
  log: BuildLog,
): Accepted[] {
  const excluded = config.exclude.map((pattern) => ({ pattern, regexp: new RegExp(pattern, 'iu') }));
  const attributes = source.facets.map((facet) => facet.attribute);
  const accepted: Accepted[] = [];
  log.info(1, `checking ${candidates.length} candidates on ${quote(source.indexName)}`);
  for (const candidate of candidates) {
    const { query } = candidate;
    const skip = (reason: string) => log.skip(2, `skipping query ${quote(query)}: ${reason}`);
    if (query === '') {
      skip('empty query');
      continue;
    }
    if (!config.allowSpecialCharacters && SPECIAL.test(query.normalize('NFD'))) {
      skip('contains special characters');
      continue;
    }
    const letters = [...query.replace(/\s/gu, '')].length;
    if (letters < source.minLetters) {
      skip(`not enough letters, got ${letters}, expected ${source.minLetters}`);
      continue;
    }
    const banned = excluded.find(({ regexp }) => regexp.test(query));
    if (banned) {
      skip(`excluded by ${quote(banned.pattern)}`);
      continue;
    }
    let found: Vetting;
    try {
      found = vetOn(core, source.indexName, query, attributes);
    } catch (error) {
      // A search the engine refuses (a setting it does not support): the build fails, saying so.
      if (!(error instanceof ApiError)) throw error;
      log.error(2, `searching ${quote(query)} on ${quote(source.indexName)} failed: ${error.message}`);
      break;
    }
    if (found.nbHits < source.minHits) {
      skip(`not enough search results, got ${found.nbHits}, expected ${source.minHits}`);
      continue;
    }
    accepted.push({
      query,
      popularity: candidate.popularity,
      facts: {
        exact_nb_hits: found.nbHits,
        facets: {
          exact_matches: Object.fromEntries(
            source.facets.map((facet) => [facet.attribute, topValues(found.facets[facet.attribute], facet)]),
          ),
          analytics: Object.fromEntries(
            source.facets.map((facet) => [facet.attribute, topFilters(core, candidate, facet)]),
          ),
        },
      },
    });
  }
  log.info(1, `${accepted.length} of ${candidates.length} candidates kept for ${quote(source.indexName)}`);
  return accepted;
}

/** The `amount` most frequent values among the hits, ties alphabetical. */
function topValues(
  counts: Readonly<Record<string, number>> | undefined,
  facet: FacetSpec,
): { value: string; count: number }[] {
  return Object.entries(counts ?? {})
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, facet.amount ?? 0)
    .map(([value, count]) => ({ value, count }));
}

/** The `amount` filters on the attribute most used with the searches behind the candidate. */
function topFilters(core: Core, candidate: Candidate, facet: FacetSpec): UsedFilter[] {
  const analytics = analyticsOf(core);
  const merged = new Map<string, UsedFilter>();
  for (const { index, search } of candidate.searches) {
    for (const used of analytics.filtersUsed(index, search, facet.attribute)) {
      const key = `${used.operator}\u0000${used.value}`;
      const before = merged.get(key);
      merged.set(key, {
        attribute: used.attribute,
        operator: used.operator,
        value: used.value,
        count: (before?.count ?? 0) + used.count,
      });
    }
  }
  return [...merged.values()]
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, facet.amount ?? 0);
}
