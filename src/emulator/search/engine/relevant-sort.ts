import type { Core } from '../../core';
import type { IndexState } from '../../state';
import { effectiveSettings, type EffectiveSettings } from '../settings/effective';
import type { QueryOptions } from './options';
import { comparator, customRankingComparator, type Candidate } from './rank';

/** A virtual replica's relevant sort: what it shows, and what the response reports about it. */
export interface RelevantSort {
  /** The relevant matches, ordered by the replica's customRanking (relevance breaks ties). */
  readonly sorted: Candidate[];
  /** Matches below the relevancy threshold: counted in nbHits, never shown. */
  readonly dropped: number;
  readonly strictness: number;
}

/** Ranking criteria that measure textual (and filter, geo) relevance, as opposed to sorting. */
const RELEVANCE_CRITERIA = new Set(['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact']);

/**
 * The service's relevant sort on a virtual replica: (1) rank with the primary's formula,
 * (2) keep the most relevant matches, (3) order them by the replica's customRanking.
 *
 * Step 2 is modelled deterministically: matches fall into tiers of equal relevance criteria
 * (in the primary's ranking order); tier `t` of `T` is `100 × (1 − t/T)` similar to the best
 * one and is kept when that reaches `relevancyStrictness`. So 100 keeps the best tier only,
 * 0 keeps every match (up to `paginationLimitedTo`, applied by pagination).
 */
export function relevantSort(
  core: Core,
  replica: IndexState,
  settings: EffectiveSettings,
  options: QueryOptions,
  matches: Candidate[],
): RelevantSort {
  const primaryIndex = replica.primary === undefined ? undefined : core.state.indices.get(replica.primary);
  const primary = primaryIndex ? effectiveSettings(primaryIndex) : settings;
  const ranking = primary.ranking;
  const byRelevance = matches.sort(comparator({ ...options, ranking, customRanking: primary.customRanking ?? [] }));
  const strictness = Number(options.params.relevancyStrictness ?? settings.relevancyStrictness);
  const relevance = ranking.filter((criterion) => RELEVANCE_CRITERIA.has(criterion));
  const tiers = byRelevance.map((candidate) =>
    relevance.map((criterion) => criterionValue(candidate, criterion)).join(','),
  );
  const tierCount = new Set(tiers).size;
  let tier = 0;
  let kept = 0;
  for (; kept < byRelevance.length; kept++) {
    if (kept > 0 && tiers[kept] !== tiers[kept - 1]) tier++;
    if (100 * (1 - tier / tierCount) < strictness) break;
  }
  const relevant = byRelevance.slice(0, kept);
  const rank = new Map(relevant.map((candidate, i) => [candidate, i]));
  const byCustom = customRankingComparator(settings.customRanking ?? []);
  relevant.sort((a, b) => byCustom(a, b) || rank.get(a)! - rank.get(b)!);
  return { sorted: relevant, dropped: byRelevance.length - kept, strictness };
}

function criterionValue(candidate: Candidate, criterion: string): number {
  const { info } = candidate;
  switch (criterion) {
    case 'typo':
      return info.typos;
    case 'geo':
      return candidate.geo?.bucket ?? 0;
    case 'words':
      return info.words;
    case 'filters':
      return candidate.filters;
    case 'proximity':
      return info.proximity;
    case 'attribute':
      return info.firstMatchedWord;
    default:
      return info.exactWords;
  }
}
