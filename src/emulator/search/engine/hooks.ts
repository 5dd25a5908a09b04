import type { Core } from '../../core';
import type { Auth } from '../../route';
import type { IndexState, SearchRecord } from '../../state';
import type { EffectiveSettings } from '../settings/effective';
import type { QueryOptions } from './options';
import type { Candidate } from './rank';

/** What every stage sees about the query being run. */
export interface StageContext {
  readonly core: Core;
  readonly index: IndexState;
  readonly settings: EffectiveSettings;
  readonly options: QueryOptions;
  readonly auth: Auth;
}

/** A record's verdict from `filters` / `facetFilters` / `numericFilters` / `tagFilters` / `optionalFilters`. */
export interface FilterVerdict {
  readonly match: boolean;
  /** Optional-filter score, compared by the `filters` ranking criterion (higher first). */
  readonly score: number;
}

/**
 * Builds the per-record filter of a query, or `null` when the query filters nothing.
 * Throw `badRequest` from here for malformed filters.
 */
export type FilterStage = (ctx: StageContext) => ((record: SearchRecord) => FilterVerdict) | null;

/** Computes `facets`, `facets_stats`, ... from the matching records (before pagination). */
export type FacetStage = (ctx: StageContext, matches: readonly Candidate[]) => Record<string, unknown>;

/**
 * Rewrites a query before it runs (synonyms, rules, dictionaries): may change options
 * and add response fields (`appliedRules`, `userData`, `renderingContent`...).
 */
export type QueryRewrite = (ctx: StageContext) => { options?: QueryOptions; response?: Record<string, unknown> } | void;

/** Re-ranks the sorted matches (personalization): sets `candidate.rerank`, higher first. */
export type ReRank = (ctx: StageContext, matches: readonly Candidate[]) => void;

/** Parameters the filter stage owns; without a registered stage they answer 501. */
export const FILTER_PARAMETERS = ['filters', 'facetFilters', 'numericFilters', 'tagFilters', 'optionalFilters'] as const;
export const FACET_PARAMETERS = ['facets'] as const;

/**
 * The engine's extension points. Other modules register their stage once at import; the
 * engine calls them in pipeline order: rewrite -> retrieve -> filter -> rank -> rerank ->
 * facets -> paginate -> decorate.
 */
export const searchStages: {
  filter?: FilterStage;
  facets?: FacetStage;
  rewrites: QueryRewrite[];
  rerank: ReRank[];
} = { rewrites: [], rerank: [] };

export function registerFilterStage(stage: FilterStage): void {
  searchStages.filter = stage;
}

export function registerFacetStage(stage: FacetStage): void {
  searchStages.facets = stage;
}

export function registerQueryRewrite(rewrite: QueryRewrite): void {
  searchStages.rewrites.push(rewrite);
}

export function registerReRank(rerank: ReRank): void {
  searchStages.rerank.push(rerank);
}
