import type { SearchRecord, State } from '../../state';
import { computeProfile, MAX_AFFINITY, valuesAt } from './profile';

/** What `_rankingInfo.personalization` shows for a hit. */
export interface PersonalizationScore {
  /** Sum over the strategy's facets of facet score x the user's affinity for the record's values. */
  readonly filtersScore: number;
  /** The record's business relevance: its custom-ranking place, 0 (last) to 100 (first). */
  readonly rankingScore: number;
  /**
   * What ranks (higher first, in place of the custom criterion): `impact`% of the
   * personalization score (`filtersScore` over its strategy maximum, 0-100) plus the rest of
   * `rankingScore`. So the higher the impact, the less custom ranking counts.
   */
  readonly score: number;
}

export interface PersonalizationRequest {
  readonly enablePersonalization?: boolean;
  readonly userToken?: string;
  /** The query's `personalizationImpact` (0-100); default the strategy's. */
  readonly personalizationImpact?: number;
}

/**
 * The personalization scorer of a query, for the search engine's re-rank step, or undefined
 * when personalization does not apply (disabled, no user token, no strategy, impact 0, or
 * no profile). Pure: reads the state only.
 */
export function personalizationScorer(
  state: State,
  request: PersonalizationRequest,
): ((record: SearchRecord, rankingScore?: number) => PersonalizationScore) | undefined {
  if (!request.enablePersonalization || !request.userToken) return undefined;
  const strategy = state.analytics.strategy;
  if (!strategy) return undefined;
  // A strategy impact of 0 turns personalization off; the query's impact overrides otherwise.
  if (strategy.personalizationImpact <= 0) return undefined;
  const impact = request.personalizationImpact ?? strategy.personalizationImpact;
  if (impact <= 0) return undefined;
  const profile = computeProfile(state, request.userToken, strategy);
  if (!profile) return undefined;
  const maxFiltersScore = strategy.facetsScoring.reduce((sum, facet) => sum + facet.score * MAX_AFFINITY, 0);
  return (record, rankingScore = 0) => {
    let filtersScore = 0;
    for (const { facetName, score } of strategy.facetsScoring) {
      const affinities = profile.scores[facetName];
      if (!affinities) continue;
      for (const value of valuesAt(record, facetName)) filtersScore += score * (affinities[value] ?? 0);
    }
    const personal = maxFiltersScore > 0 ? (100 * filtersScore) / maxFiltersScore : 0;
    const score = Math.round((impact * personal + (100 - impact) * rankingScore) / 100);
    return { filtersScore, rankingScore, score };
  };
}
