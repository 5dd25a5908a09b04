import { byDocOrder, rankingCriteria, type Candidate, type RankingCriterion } from '../engine/rank';
import type { QueryOptions } from '../engine/options';
import type { CriterionValue, NeighbourComparison } from './types';

/** The criteria that order a query's matches, as the engine's comparator applies them. */
export function orderingCriteria(
  options: QueryOptions,
  relevantSort?: { readonly customRanking: readonly string[]; readonly primary: QueryOptions },
): RankingCriterion[] {
  // Without personalization no record has a re-rank score: that criterion never decides.
  const shown = (criteria: RankingCriterion[]) =>
    options.enablePersonalization ? criteria : criteria.filter((c) => c.name !== 'personalization');
  if (!relevantSort) return shown(rankingCriteria(options));
  // A virtual replica: its customRanking first, the primary's formula among equals.
  const custom = rankingCriteria({ ...options, ranking: [...relevantSort.customRanking], typoTolerance: true }).filter(
    (c) => c.name !== 'personalization',
  );
  return [...custom, ...shown(rankingCriteria(relevantSort.primary))];
}

/** The record's value on each criterion. */
export function criterionValues(criteria: readonly RankingCriterion[], candidate: Candidate): CriterionValue[] {
  return criteria.map((criterion) => ({ criterion: criterion.name, value: criterion.value(candidate) }));
}

/** What put `self` and its neighbour `other` in their order: a rule's pin, else the first criterion they differ on. */
export function compareWith(
  criteria: readonly RankingCriterion[],
  self: Candidate,
  other: Candidate,
  position: number,
  objectID: string,
): NeighbourComparison {
  if (self.promoted || other.promoted) return { objectID, position, decidedBy: 'promoted', tiedOn: [] };
  const tiedOn: string[] = [];
  for (const criterion of criteria) {
    if (criterion.compare(self, other) === 0) {
      tiedOn.push(criterion.name);
      continue;
    }
    return {
      objectID,
      position,
      decidedBy: criterion.name,
      value: criterion.value(self),
      other: criterion.value(other),
      tiedOn,
    };
  }
  // Insertion order is total: two distinct records never tie on it.
  return { objectID, position, decidedBy: byDocOrder(self, other) === 0 ? 'none' : 'objectID', tiedOn };
}
