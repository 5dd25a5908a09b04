import type { SearchRecord, State } from '../../state';
import { computeProfile, valuesAt } from './profile';

/** What `_rankingInfo.personalization` shows for a hit. */
export interface PersonalizationScore {
  /** Sum over the strategy's facets of facet score x the user's affinity for the record's values. */
  readonly filtersScore: number;
  /** `filtersScore` scaled by the personalization impact (0-100). */
  readonly rankingScore: number;
  /** The re-rank score: higher ranks first. */
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
export function personalizationScorer(state: State, request: PersonalizationRequest): ((record: SearchRecord) => PersonalizationScore) | undefined {
  if (!request.enablePersonalization || !request.userToken) return undefined;
  const strategy = state.analytics.strategy;
  if (!strategy) return undefined;
  // A strategy impact of 0 turns personalization off; the query's impact overrides otherwise.
  if (strategy.personalizationImpact <= 0) return undefined;
  const impact = request.personalizationImpact ?? strategy.personalizationImpact;
  if (impact <= 0) return undefined;
  const profile = computeProfile(state, request.userToken, strategy);
  if (!profile) return undefined;
  return (record) => {
    let filtersScore = 0;
    for (const { facetName, score } of strategy.facetsScoring) {
      const affinities = profile.scores[facetName];
      if (!affinities) continue;
      for (const value of valuesAt(record, facetName)) filtersScore += score * (affinities[value] ?? 0);
    }
    const rankingScore = Math.round((filtersScore * impact) / 100);
    return { filtersScore, rankingScore, score: rankingScore };
  };
}
