import type { IndexState } from '../../state';
import { DEFAULT_RANKING, SETTINGS, SETTINGS_BY_ANY_NAME } from './catalogue';
import { INVALID } from './types';

export { DEFAULT_RANKING };

/**
 * Index settings with every default filled in, under the current (non-legacy) names.
 * Search-time parameters override these per query. Field names are the real setting names.
 */
export interface EffectiveSettings {
  searchableAttributes: string[] | null;
  attributesForFaceting: string[] | null;
  unretrievableAttributes: string[] | null;
  attributesToRetrieve: string[] | null;
  ranking: string[];
  customRanking: string[] | null;
  relevancyStrictness: number;
  replicas: string[] | null;
  maxValuesPerFacet: number;
  sortFacetValuesBy: 'count' | 'alpha';
  attributesToHighlight: string[] | null;
  attributesToSnippet: string[] | null;
  highlightPreTag: string;
  highlightPostTag: string;
  snippetEllipsisText: string;
  restrictHighlightAndSnippetArrays: boolean;
  hitsPerPage: number;
  paginationLimitedTo: number;
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
  /** Never the strings `"true"` / `"false"`: those are read as booleans. */
  typoTolerance: boolean | 'min' | 'strict';
  allowTyposOnNumericTokens: boolean;
  disableTypoToleranceOnAttributes: string[];
  disableTypoToleranceOnWords: string[];
  separatorsToIndex: string;
  ignorePlurals: boolean | string[];
  removeStopWords: boolean | string[];
  keepDiacriticsOnCharacters: string;
  queryLanguages: string[];
  indexLanguages: string[];
  decompoundQuery: boolean;
  camelCaseAttributes: string[];
  decompoundedAttributes: Record<string, string[]>;
  customNormalization: Record<string, Record<string, string>>;
  enableRules: boolean;
  enablePersonalization: boolean;
  queryType: 'prefixLast' | 'prefixAll' | 'prefixNone';
  removeWordsIfNoResults: 'none' | 'lastWords' | 'firstWords' | 'allOptional';
  advancedSyntax: boolean;
  advancedSyntaxFeatures: string[];
  /** A string value is read as a comma-separated list. */
  optionalWords: string[] | null;
  disablePrefixOnAttributes: string[];
  disableExactOnAttributes: string[];
  exactOnSingleWordQuery: 'attribute' | 'none' | 'word';
  alternativesAsExact: string[];
  numericAttributesForFiltering: string[] | null;
  allowCompressionOfIntegerArray: boolean;
  attributeForDistinct: string | null;
  /** Always a number of hits per group: `true` is 1, `false` is 0. */
  distinct: number;
  replaceSynonymsInHighlight: boolean;
  minProximity: number;
  responseFields: string[];
  maxFacetHits: number;
  attributeCriteriaComputedByMinProximity: boolean;
  /** Resolved: the explicit value, else from attributeCriteriaComputedByMinProximity. */
  attributeCriteriaComputedBy: 'minProximity' | 'best' | 'sum';
  attributesToTransliterate: string[] | null;
  renderingContent: Record<string, unknown>;
  userData: unknown;
  mode: 'neuralSearch' | 'keywordSearch';
  semanticSearch: { eventSources?: string[] | null };
  enableReRanking: boolean;
  reRankingApplyFilter: string | unknown[] | null;
  [other: string]: unknown;
}

/** Values read from a stored (or copied, or legacy) setting, into the effective shape. */
const NORMALIZE: Partial<Record<string, (value: any) => unknown>> = {
  distinct: (value: boolean | number) => (value === true ? 1 : value === false ? 0 : value),
  optionalWords: (value: string | string[]) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((word) => word.trim())
          .filter((word) => word !== '')
      : value,
};

function build(settings: Readonly<Record<string, unknown>>): EffectiveSettings {
  const out: Record<string, unknown> = {};
  for (const spec of SETTINGS) out[spec.name] = spec.default;
  // Stored settings are already valid and under current names; stay tolerant of anything else
  // written into the tree (legacy names, raw strings) by parsing again.
  for (const [key, raw] of Object.entries(settings)) {
    const spec = SETTINGS_BY_ANY_NAME.get(key);
    if (!spec || raw === null || raw === undefined) continue;
    const parsed = spec.type.parse(raw);
    if (parsed !== INVALID && (key === spec.name || !(spec.name in settings))) out[spec.name] = parsed;
  }
  for (const [name, normalize] of Object.entries(NORMALIZE)) out[name] = normalize!(out[name]);
  out.attributeCriteriaComputedBy ??= out.attributeCriteriaComputedByMinProximity ? 'minProximity' : 'best';
  return out as EffectiveSettings;
}

/** Every default, as a search on a new index sees it. */
export const DEFAULT_SETTINGS: EffectiveSettings = build({});

// Settings objects are immutable (one state tree), so each is computed once.
const cache = new WeakMap<object, EffectiveSettings>();

/**
 * The settings an index searches with: stored values over defaults, normalized. Shared and
 * frozen (copying ~70 fields per search showed in profiles): a caller overriding fields spreads it.
 */
export function effectiveSettings(index: Pick<IndexState, 'settings'>): Readonly<EffectiveSettings> {
  let effective = cache.get(index.settings);
  if (!effective) {
    effective = Object.freeze(build(index.settings));
    cache.set(index.settings, effective);
  }
  return effective;
}
