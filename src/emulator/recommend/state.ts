import type { ReadonlyRecords } from '../search/record-store';

/** The models a recommendation request names. */
export const MODELS = [
  'related-products',
  'bought-together',
  'trending-items',
  'trending-facets',
  'looking-similar',
] as const;
export type Model = (typeof MODELS)[number];

/** The models Recommend rules exist for (looking-similar has none, as on the live API). */
export const RULE_MODELS = ['related-products', 'bought-together', 'trending-facets', 'trending-items'] as const;
export type RuleModel = (typeof RULE_MODELS)[number];

/** One user's interaction with one record, as training reads the insights events. */
export interface Interaction {
  /** `authenticatedUserToken` when the event had one, else `userToken`. */
  readonly user: string;
  readonly objectID: string;
  readonly kind: 'view' | 'click' | 'conversion';
  /** The event's timestamp (epoch ms). */
  readonly at: number;
}

/** A Recommend rule as it was accepted (`_metadata` and `_highlightResult` dropped). */
export type RecommendRule = Readonly<Record<string, unknown>> & {
  readonly objectID: string;
  readonly consequence: Readonly<Record<string, unknown>>;
};

export interface StoredRecommendRule {
  readonly rule: RecommendRule;
  /** Epoch ms of the write that stored it (`_metadata.lastUpdate`). */
  readonly updatedAt: number;
}

/** Attributes the content-based models compare, per index (`configureRecommendModel`). */
export interface ModelConfig {
  /** looking-similar: the attributes compared. Default: the content attributes (see models/content.ts). */
  readonly lookingSimilar?: readonly string[];
  /** related-products' content fallback: the attributes compared. Default: the content attributes. */
  readonly relatedProducts?: readonly string[];
}

/**
 * One training of an index's models: the instant, the records and settings as they were, and
 * the interactions of the 90 days before. Everything the models output is a function of these
 * (models/*.ts compute it on first use and keep it beside the training), so a training costs
 * one pass over the events and replays exactly. A frozen class instance: immer stores it as
 * it is, without walking the records it holds.
 */
export class Training {
  constructor(
    readonly trainedAt: number,
    readonly records: ReadonlyRecords,
    readonly settings: Readonly<Record<string, unknown>>,
    readonly interactions: readonly Interaction[],
    readonly config: ModelConfig,
  ) {
    Object.freeze(this);
  }
}

/** Recommend rules, model configurations and the last training of each index. */
export interface RecommendState {
  /** index -> model -> rule objectID -> rule. */
  readonly rules: ReadonlyMap<string, ReadonlyMap<RuleModel, ReadonlyMap<string, StoredRecommendRule>>>;
  readonly configs: ReadonlyMap<string, ModelConfig>;
  /** index -> its last training; absent until the first one (requests then answer 404). */
  readonly trainings: ReadonlyMap<string, Training>;
}

export const initialRecommendState = (): RecommendState => ({
  rules: new Map(),
  configs: new Map(),
  trainings: new Map(),
});
