import type { SearchParamsObject } from '@algolia/client-search';

/**
 * What `emulator.explain()` is asked: an index, a record, and the search parameters of the
 * query, typed as `searchSingleIndex` takes them (`filters`, `hitsPerPage`, `userToken`, ...):
 * a misspelt parameter fails to compile (and answers 400 at run time).
 */
export type ExplainRequest = {
  readonly indexName: string;
  readonly objectID: string;
  readonly query?: string;
  /** Explain the search as this API key makes it (its forced parameters and filters); default the admin key. */
  readonly apiKey?: string;
} & SearchParamsObject;

/** One ranking criterion's value for the record. */
export interface CriterionValue {
  /** `typo`, `geo`, `words`, `filters`, `proximity`, `attribute`, `exact`, `personalization`, `desc(date)`, ... */
  readonly criterion: string;
  readonly value: number | string | undefined;
}

/** How the record and a neighbour in the results compare. */
export interface NeighbourComparison {
  readonly objectID: string;
  /** The neighbour's position (0-based, across pages). */
  readonly position: number;
  /**
   * What put one before the other: a criterion's name; `promoted` (a rule pinned one of them);
   * `relevantSort` (a virtual replica's custom ranking); `objectID` (every criterion tied: the
   * greater objectID ranks first).
   */
  readonly decidedBy: string;
  /** The record's value and the neighbour's on that criterion. */
  readonly value?: number | string;
  readonly other?: number | string;
  /** Criteria both have the same value on, before the deciding one. */
  readonly tiedOn: readonly string[];
}

/** How the record matched one query word, or why it did not. */
export interface WordMatch {
  /** The query word, normalized. */
  readonly word: string;
  readonly matched: boolean;
  /** The record's word that matched it. */
  readonly recordWord?: string;
  /** The attribute it matched in. */
  readonly attribute?: string;
  readonly typos?: number;
  /**
   * `exact`, `prefix`, `typo`, `synonym`, `plural`, `decompound` (a compound's parts),
   * `concatenation` (with the next word), `split` (into two record words).
   */
  readonly via?: string;
  /** The synonym object that matched it (`via: 'synonym'`). */
  readonly synonym?: string;
  readonly optional: boolean;
  readonly excluded: boolean;
  /** Typos the word may have (by its length and the typo settings). */
  readonly allowedTypos: number;
  /**
   * The attribute it matched in is in `unretrievableAttributes` and the explained key is not
   * the admin key: the hit is returned, but without the attribute that made it match.
   */
  readonly unretrievable?: boolean;
}

export type ReasonKind =
  | 'missing-record'
  | 'word-not-found'
  | 'typo-over-limit'
  | 'not-searchable'
  | 'prefix-only'
  | 'excluded-word'
  | 'no-word-matched'
  | 'filter'
  | 'filter-not-declared'
  | 'geo'
  | 'rule-hide'
  | 'rule'
  | 'distinct'
  | 'typo-tolerance'
  | 'relevancy-strictness'
  | 'pagination-limit'
  | 'unexplained';

/** One reason search leaves the record out. */
export interface Reason {
  readonly kind: ReasonKind;
  /** The reason in a sentence. */
  readonly message: string;
  /** The query word concerned (word reasons). */
  readonly word?: string;
  /** The record's closest word, its attribute and distance (word reasons). */
  readonly closest?: { readonly word: string; readonly attribute: string; readonly typos: number };
  readonly allowedTypos?: number;
  /** The filter groups the record fails, as written (`brand:acme OR brand:zeta`). */
  readonly filters?: readonly string[];
  /**
   * The setting that decided it, when one did: `attributesForFaceting`,
   * `numericAttributesForFiltering`, `typoTolerance`, `disableTypoToleranceOnWords`,
   * `disableTypoToleranceOnAttributes`, `allowTyposOnNumericTokens`, `minWordSizefor1Typo`,
   * `removeStopWords`, `distinct`, ...
   */
  readonly setting?: string;
  /** The attribute the setting is about (`filter-not-declared`: the one to declare). */
  readonly attribute?: string;
  /** The rule that hid it or changed the query. */
  readonly ruleID?: string;
  /** The records of the same distinct group that are shown instead. */
  readonly shownInstead?: readonly string[];
}

/** What changed the query before and during matching. */
export interface Applied {
  /** Rules whose conditions held, with what each did. */
  readonly rules: readonly { readonly objectID: string; readonly effects: readonly string[] }[];
  /** The query after rules (when a rule changed it). */
  readonly queryAfterRules?: string;
  /** Stop words removed (`removeStopWords`). */
  readonly stopWords: readonly string[];
  /** `removeWordsIfNoResults`: the query words made optional, with the tags search returns. */
  readonly queryAfterRemoval?: string;
  /** Synonyms offered for the query, and whether this record matched through them. */
  readonly synonyms: readonly {
    readonly objectID: string;
    readonly words: readonly string[];
    readonly alternative: readonly string[];
    readonly usedByRecord: boolean;
  }[];
  /** Other forms `ignorePlurals` offered, and whether this record matched through them. */
  readonly plurals: readonly { readonly word: string; readonly form: string; readonly usedByRecord: boolean }[];
  /** Compounds split into their parts (`decompoundQuery`), and whether this record holds the compound whole. */
  readonly decompounded: readonly {
    readonly word: string;
    readonly parts: readonly string[];
    readonly usedByRecord: boolean;
  }[];
  /** Personalization's scores for the record (`enablePersonalization` with a user token). */
  readonly personalization?: {
    readonly userToken?: string;
    readonly filtersScore: number;
    readonly rankingScore: number;
    readonly score: number;
  };
}

/** Why a record ranks where it does, or why search leaves it out. */
export interface Explanation {
  readonly indexName: string;
  readonly objectID: string;
  /** The query as sent. */
  readonly query: string;
  /** Whether search returns the record on some page for these parameters. */
  readonly found: boolean;
  /** Whether the record matches the query and filters (it counts in nbHits even when distinct or the pagination limit keep it from a page). */
  readonly matched: boolean;
  /** Position among the hits across pages (0-based); undefined when not found. */
  readonly position?: number;
  /** The page it is on, with the query's hitsPerPage. */
  readonly page?: number;
  readonly nbHits: number;
  /** `_rankingInfo` exactly as search returns it with `getRankingInfo` (when matched). */
  readonly rankingInfo?: Readonly<Record<string, unknown>>;
  /** The ranking formula's criteria in order, with the record's value for each (when matched). */
  readonly criteria: readonly CriterionValue[];
  readonly above?: NeighbourComparison;
  readonly below?: NeighbourComparison;
  readonly words: readonly WordMatch[];
  /** Why search leaves it out (empty when found). */
  readonly reasons: readonly Reason[];
  readonly applied: Applied;
  /** All of it in sentences. */
  readonly text: string;
}
