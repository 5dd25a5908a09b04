import type { IndexState } from '../../state';

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
  optionalWords: string[] | null;
  disablePrefixOnAttributes: string[];
  disableExactOnAttributes: string[];
  exactOnSingleWordQuery: 'attribute' | 'none' | 'word';
  alternativesAsExact: string[];
  numericAttributesForFiltering: string[] | null;
  allowCompressionOfIntegerArray: boolean;
  attributeForDistinct: string | null;
  distinct: boolean | number;
  replaceSynonymsInHighlight: boolean;
  minProximity: number;
  responseFields: string[];
  maxFacetHits: number;
  attributeCriteriaComputedByMinProximity: boolean;
  renderingContent: Record<string, unknown>;
  userData: unknown;
  mode: 'neuralSearch' | 'keywordSearch';
  [other: string]: unknown;
}

export const DEFAULT_RANKING = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

export const DEFAULT_SETTINGS: EffectiveSettings = {
  searchableAttributes: null,
  attributesForFaceting: null,
  unretrievableAttributes: null,
  attributesToRetrieve: null,
  ranking: DEFAULT_RANKING,
  customRanking: null,
  relevancyStrictness: 100,
  replicas: null,
  maxValuesPerFacet: 100,
  sortFacetValuesBy: 'count',
  attributesToHighlight: null,
  attributesToSnippet: null,
  highlightPreTag: '<em>',
  highlightPostTag: '</em>',
  snippetEllipsisText: '…',
  restrictHighlightAndSnippetArrays: false,
  hitsPerPage: 20,
  paginationLimitedTo: 1000,
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  typoTolerance: true,
  allowTyposOnNumericTokens: true,
  disableTypoToleranceOnAttributes: [],
  disableTypoToleranceOnWords: [],
  separatorsToIndex: '',
  ignorePlurals: false,
  removeStopWords: false,
  keepDiacriticsOnCharacters: '',
  queryLanguages: [],
  indexLanguages: [],
  decompoundQuery: true,
  camelCaseAttributes: [],
  decompoundedAttributes: {},
  customNormalization: {},
  enableRules: true,
  enablePersonalization: false,
  queryType: 'prefixLast',
  removeWordsIfNoResults: 'none',
  advancedSyntax: false,
  advancedSyntaxFeatures: ['exactPhrase', 'excludeWords'],
  optionalWords: null,
  disablePrefixOnAttributes: [],
  disableExactOnAttributes: [],
  exactOnSingleWordQuery: 'attribute',
  alternativesAsExact: ['ignorePlurals', 'singleWordSynonym'],
  numericAttributesForFiltering: null,
  allowCompressionOfIntegerArray: false,
  attributeForDistinct: null,
  distinct: false,
  replaceSynonymsInHighlight: false,
  minProximity: 1,
  responseFields: ['*'],
  maxFacetHits: 10,
  attributeCriteriaComputedByMinProximity: false,
  renderingContent: {},
  userData: {},
  mode: 'keywordSearch',
};

/** The settings an index searches with: stored values over defaults. */
export function effectiveSettings(index: Pick<IndexState, 'settings'>): EffectiveSettings {
  return { ...DEFAULT_SETTINGS, ...(index.settings as Partial<EffectiveSettings>) };
}
