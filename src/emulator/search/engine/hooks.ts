import type { Core } from '../../core';
import type { EmulatorRequest } from '../../request';
import type { Auth } from '../../route';
import type { IndexState, SearchRecord } from '../../state';
import type { EffectiveSettings } from '../settings/effective';
import type { InvertedIndex } from './inverted-index';
import type { QueryOptions } from './options';
import type { RawParams } from './params';
import type { QueryWord } from './query';
import type { Candidate } from './rank';
import type { Tokenizer } from './tokenize';

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

/** The docs of an index a query's filters keep, found without reading records. */
export interface KeptDocs {
  /** One bit per doc id kept (live docs only; see `doc-bits.ts`). */
  readonly bits: Int32Array;
  readonly count: number;
  /** The filter score of every kept doc when it is the same for all; undefined when it varies (read per record). */
  readonly score: number | undefined;
}

/** A query's filter: a verdict per record, and, when it can, the docs it keeps from the index's columns. */
export interface QueryFilter {
  (record: SearchRecord): FilterVerdict;
  /** The docs of `index` kept; undefined when the columns cannot say (the verdicts decide then). */
  readonly docs?: (index: InvertedIndex) => KeptDocs | undefined;
}

/**
 * Builds the filter of a query, or `null` when the query filters nothing.
 * Throw `badRequest` from here for malformed filters.
 */
export type FilterStage = (ctx: StageContext) => QueryFilter | null;

/**
 * The matches facets count (before pagination): as candidates, and as doc ids of the index when
 * the engine has them without building candidates.
 */
export interface FacetedMatches {
  /** Every match as a candidate (in ranking order when distinct applies). */
  readonly candidates: () => readonly Candidate[];
  /** The same matches as doc ids of `index`: a list (its first `count` entries), or every live doc. */
  readonly docs?: { readonly index: InvertedIndex; readonly ids: Int32Array | 'all'; readonly count: number };
}

/** Computes `facets`, `facets_stats`, ... from the matches (before pagination). */
export type FacetStage = (ctx: StageContext, matches: FacetedMatches) => Record<string, unknown>;

/**
 * Rewrites a query before it runs (synonyms, rules, dictionaries): may change options
 * and add response fields (`appliedRules`, `userData`, `renderingContent`...).
 */
export type QueryRewrite = (
  ctx: StageContext,
) => { options?: QueryOptions; response?: Record<string, unknown>; postRank?: PostRank } | void;

/** What a post-rank step may ask the engine about records beyond the ranked matches. */
export interface PostRankContext extends StageContext {
  /**
   * A record as a candidate: its ranked match when it matched; otherwise one that matches no
   * query word. Undefined when the record is missing or, with `filtered`, when the query's
   * filters (geo aside) exclude it.
   */
  candidate(objectID: string, filtered: boolean): Candidate | undefined;
}

/**
 * Reorders the final ranking (rules' promote and hide), after re-ranking and before facets,
 * distinct and pagination. Returned by the rewrite that decided it, so it sees that
 * rewrite's outcome. Candidates it adds that did not match have `unmatched: true`.
 */
export type PostRank = (ctx: PostRankContext, ranked: readonly Candidate[]) => Candidate[];

/** What the word stages see: the query's context and the tokenizer records were indexed with. */
export interface WordsContext extends StageContext {
  readonly tokenizer: Tokenizer;
}

/**
 * Another reading of query words `[start, end)`: the record may hold `words` (normalized,
 * consecutive in one string) instead. Synonyms, plurals and decompounded queries.
 */
export interface WordAlternative {
  readonly start: number;
  readonly end: number;
  readonly words: readonly string[];
  /** Typos a match through it counts (alternative corrections). */
  readonly typos: number;
  /** Counts for the `exact` criterion (`alternativesAsExact`). */
  readonly exact: boolean;
  /** Highlight the query words in place of the matched record words (`replaceSynonymsInHighlight`). */
  readonly replaceInHighlight?: boolean;
  /** Where the reading comes from, for the relevance explainer: a synonym object, a plural form, the compound the query words were split from. */
  readonly source?: AlternativeSource;
}

export type AlternativeSource =
  | { readonly kind: 'synonym'; readonly objectID: string }
  | { readonly kind: 'plural' }
  | { readonly kind: 'decompound' };

/** Removes or changes query words before matching (stop words); answers the new list. */
export type WordsRewrite = (ctx: WordsContext, words: readonly QueryWord[]) => QueryWord[];

/** Adds alternative readings of the (rewritten) query words. */
export type AlternativesStage = (ctx: WordsContext, words: readonly QueryWord[]) => readonly WordAlternative[];

/** Re-ranks the matches (personalization; given in no particular order): sets `candidate.rerank`, higher first. */
export type ReRank = (ctx: StageContext, matches: readonly Candidate[]) => void;

/**
 * A re-rank step and whether it acts on a query: matches are only built as candidates (with their
 * full match details) for steps that apply, so a query no step touches ranks from columns.
 */
export interface ReRankStage {
  readonly run: ReRank;
  readonly applies: (ctx: StageContext) => boolean;
}

/** The request a search an application sent came with (an A/B test splits its users by it). */
export interface SearchOrigin {
  readonly req: EmulatorRequest;
  readonly auth: Auth;
}

/** Where a search goes instead of the index it names, and the fields its answer carries. */
export interface SearchRedirect {
  readonly indexName: string;
  /** The parameters to run with (the query's own merged over any the redirect adds). */
  readonly params: RawParams;
  /** Fields put first in the answer (`abTestID`, `abTestVariantID`). */
  readonly response: Record<string, unknown>;
}

/** Sends an application's search elsewhere (an A/B test's variant), or leaves it (undefined). */
export type SearchRouter = (
  core: Core,
  indexName: string,
  params: RawParams,
  origin: SearchOrigin,
) => SearchRedirect | undefined;

/** Parameters the filter stage owns; without a registered stage they answer 501. */
export const FILTER_PARAMETERS = [
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'optionalFilters',
] as const;
export const FACET_PARAMETERS = ['facets'] as const;

/**
 * The engine's extension points. `installSearchStages` (search/stages.ts) registers each
 * feature's stage once; the engine calls them in pipeline order: route (searches an
 * application sends) -> rewrite -> words rewrite -> alternatives -> retrieve ->
 * filter -> rank -> rerank -> relevant sort (virtual replicas) -> post-rank (returned by rewrites) ->
 * facets -> paginate -> decorate.
 */
export const searchStages: {
  router?: SearchRouter;
  filter?: FilterStage;
  facets?: FacetStage;
  rewrites: QueryRewrite[];
  wordRewrites: WordsRewrite[];
  alternatives: AlternativesStage[];
  rerank: ReRankStage[];
} = { rewrites: [], wordRewrites: [], alternatives: [], rerank: [] };

export function registerSearchRouter(router: SearchRouter): void {
  searchStages.router = router;
}

export function registerFilterStage(stage: FilterStage): void {
  searchStages.filter = stage;
}

export function registerFacetStage(stage: FacetStage): void {
  searchStages.facets = stage;
}

export function registerQueryRewrite(rewrite: QueryRewrite): void {
  searchStages.rewrites.push(rewrite);
}

export function registerWordsRewrite(rewrite: WordsRewrite): void {
  searchStages.wordRewrites.push(rewrite);
}

export function registerAlternatives(stage: AlternativesStage): void {
  searchStages.alternatives.push(stage);
}

export function registerReRank(rerank: ReRank, applies: (ctx: StageContext) => boolean = () => true): void {
  searchStages.rerank.push({ run: rerank, applies });
}
