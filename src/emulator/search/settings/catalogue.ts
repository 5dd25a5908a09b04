import {
  arrayOf,
  boolean,
  either,
  integer,
  json,
  languageList,
  matching,
  nestedStrings,
  object,
  oneOf,
  recordOf,
  shape,
  string,
  stringList,
  type SettingType,
} from './types';

/** One setting the service accepts in setSettings. */
export interface SettingSpec {
  /** The current name; values are stored and returned under it. */
  readonly name: string;
  readonly type: SettingType;
  /** The value searches use while the setting is unset. */
  readonly default: unknown;
  /** Returned by getSettings even when never set (with `default`), as the service does for a new index. */
  readonly shown?: boolean;
  /** Older names the service still accepts for it. */
  readonly legacy?: readonly string[];
  /** Not copied to replicas by `forwardToReplicas` (a replica cannot have replicas). */
  readonly local?: boolean;
  /** How getSettings prints a stored value, when not as stored. */
  readonly render?: (value: unknown) => unknown;
}

export const DEFAULT_RANKING = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

const criterion = matching(
  /^(typo|geo|words|filters|proximity|attribute|exact|custom|(asc|desc)\(.+\))$/,
  'an array of ranking criteria (typo, geo, words, filters, proximity, attribute, exact, custom, asc(attribute), desc(attribute))',
);
const sortOrder = matching(/^(asc|desc)\(.+\)$/, 'an array of asc(attribute) or desc(attribute) entries');
const languagesOrBoolean = either('a boolean or an array of supported language codes', boolean, languageList);

/** `typoTolerance`: the service accepts booleans and their strings, and always returns a string. */
const typoTolerance = either('a boolean or one of "true", "false", "min", "strict"', boolean, oneOf(['min', 'strict']));

const facetValueOrder = shape(
  { order: stringList, sortRemainingBy: oneOf(['count', 'alpha', 'hidden']), hide: stringList },
  'facet value ordering',
);
const renderingContent = shape(
  {
    facetOrdering: shape(
      {
        facets: shape({ order: stringList }, 'facet ordering'),
        values: recordOf(facetValueOrder, 'facet value orderings'),
      },
      'facet ordering',
    ),
    redirect: shape({ url: string }, 'a redirect'),
    widgets: object,
  },
  'an object with facetOrdering, redirect or widgets',
);

/**
 * Every setting setSettings accepts (the v5 client's `IndexSettings`: index-level settings and
 * the search parameters an index can default), in the order getSettings prints them. One table
 * drives validation, legacy names, defaults, getSettings and effective settings.
 */
export const SETTINGS: readonly SettingSpec[] = [
  // Printed for a new index, in the service's order (version comes after maxValuesPerFacet).
  { name: 'minWordSizefor1Typo', type: integer(), default: 4, shown: true },
  { name: 'minWordSizefor2Typos', type: integer(), default: 8, shown: true },
  { name: 'hitsPerPage', type: integer(0, 1000), default: 20, shown: true },
  { name: 'maxValuesPerFacet', type: integer(0, 1000), default: 100, shown: true },
  { name: 'searchableAttributes', type: stringList, default: null, legacy: ['attributesToIndex'] },
  { name: 'numericAttributesForFiltering', type: stringList, default: null, legacy: ['numericAttributesToIndex'] },
  { name: 'attributesToRetrieve', type: stringList, default: null },
  { name: 'unretrievableAttributes', type: stringList, default: null },
  { name: 'optionalWords', type: either('a string or an array of strings', string, stringList), default: null },
  { name: 'attributesForFaceting', type: stringList, default: null },
  { name: 'attributesToSnippet', type: stringList, default: null },
  { name: 'attributesToHighlight', type: stringList, default: null },
  { name: 'paginationLimitedTo', type: integer(0, 20000), default: 1000, shown: true },
  { name: 'attributeForDistinct', type: string, default: null },
  { name: 'exactOnSingleWordQuery', type: oneOf(['attribute', 'none', 'word']), default: 'attribute', shown: true },
  { name: 'ranking', type: arrayOf(criterion, criterion.expected), default: DEFAULT_RANKING, shown: true },
  { name: 'customRanking', type: arrayOf(sortOrder, sortOrder.expected), default: null },
  { name: 'separatorsToIndex', type: string, default: '', shown: true },
  {
    name: 'removeWordsIfNoResults',
    type: oneOf(['none', 'lastWords', 'firstWords', 'allOptional']),
    default: 'none',
    shown: true,
  },
  { name: 'queryType', type: oneOf(['prefixLast', 'prefixAll', 'prefixNone']), default: 'prefixLast', shown: true },
  { name: 'highlightPreTag', type: string, default: '<em>', shown: true },
  { name: 'highlightPostTag', type: string, default: '</em>', shown: true },
  { name: 'snippetEllipsisText', type: string, default: '…' },
  {
    name: 'alternativesAsExact',
    type: arrayOf(
      oneOf(['ignorePlurals', 'singleWordSynonym', 'multiWordsSynonym', 'ignoreConjugations']),
      'an array of "ignorePlurals", "singleWordSynonym", "multiWordsSynonym", "ignoreConjugations"',
    ),
    default: ['ignorePlurals', 'singleWordSynonym'],
    shown: true,
  },
  // Index-level settings.
  { name: 'replicas', type: stringList, default: null, legacy: ['slaves'], local: true },
  { name: 'disableTypoToleranceOnWords', type: stringList, default: [] },
  { name: 'attributesToTransliterate', type: stringList, default: null },
  { name: 'camelCaseAttributes', type: stringList, default: [] },
  {
    name: 'decompoundedAttributes',
    type: recordOf(stringList, 'an object mapping language codes to arrays of attributes'),
    default: {},
  },
  { name: 'indexLanguages', type: languageList, default: [] },
  { name: 'disablePrefixOnAttributes', type: stringList, default: [] },
  { name: 'allowCompressionOfIntegerArray', type: boolean, default: false },
  { name: 'userData', type: json, default: {} },
  {
    name: 'customNormalization',
    type: recordOf(
      recordOf(string, 'character replacements'),
      'an object mapping "default" to an object of character replacements',
    ),
    default: {},
  },
  { name: 'maxFacetHits', type: integer(0, 100), default: 10 },
  { name: 'keepDiacriticsOnCharacters', type: string, default: '' },
  // Search parameters an index can default.
  { name: 'relevancyStrictness', type: integer(0, 100), default: 100 },
  { name: 'restrictHighlightAndSnippetArrays', type: boolean, default: false },
  { name: 'typoTolerance', type: typoTolerance, default: true, render: (value) => String(value) },
  { name: 'allowTyposOnNumericTokens', type: boolean, default: true },
  { name: 'disableTypoToleranceOnAttributes', type: stringList, default: [] },
  { name: 'ignorePlurals', type: languagesOrBoolean, default: false },
  { name: 'removeStopWords', type: languagesOrBoolean, default: false },
  { name: 'queryLanguages', type: languageList, default: [] },
  { name: 'decompoundQuery', type: boolean, default: true },
  { name: 'enableRules', type: boolean, default: true },
  { name: 'enablePersonalization', type: boolean, default: false },
  { name: 'mode', type: oneOf(['neuralSearch', 'keywordSearch']), default: 'keywordSearch' },
  {
    name: 'semanticSearch',
    type: shape({ eventSources: stringList }, 'an object with eventSources (an array of index names or null)'),
    default: {},
  },
  { name: 'advancedSyntax', type: boolean, default: false },
  { name: 'disableExactOnAttributes', type: stringList, default: [] },
  {
    name: 'advancedSyntaxFeatures',
    type: arrayOf(oneOf(['exactPhrase', 'excludeWords']), 'an array of "exactPhrase", "excludeWords"'),
    default: ['exactPhrase', 'excludeWords'],
  },
  { name: 'distinct', type: either('a boolean or an integer between 0 and 4', boolean, integer(0, 4)), default: 0 },
  { name: 'replaceSynonymsInHighlight', type: boolean, default: false },
  { name: 'minProximity', type: integer(1, 7), default: 1 },
  { name: 'responseFields', type: stringList, default: ['*'] },
  { name: 'sortFacetValuesBy', type: oneOf(['count', 'alpha']), default: 'count' },
  { name: 'attributeCriteriaComputedByMinProximity', type: boolean, default: false },
  { name: 'attributeCriteriaComputedBy', type: oneOf(['minProximity', 'best', 'sum']), default: null },
  { name: 'renderingContent', type: renderingContent, default: {} },
  { name: 'enableReRanking', type: boolean, default: true },
  { name: 'reRankingApplyFilter', type: nestedStrings, default: null },
];

/** Keys getSettings prints that cannot be set: accepted in a body (re-imported exports carry them) and ignored. */
export const READ_ONLY = new Set(['version', 'primary', 'master']);

/**
 * Settings-level synonyms from before the synonyms API; still accepted and, without
 * `getVersion=2`, still printed. They live in the index's synonyms, not in its settings.
 */
export const LEGACY_SYNONYM_KEYS = ['synonyms', 'placeholders', 'altCorrections'] as const;

export const SETTINGS_BY_NAME: ReadonlyMap<string, SettingSpec> = new Map(SETTINGS.map((spec) => [spec.name, spec]));

/** Current and legacy names -> spec. */
export const SETTINGS_BY_ANY_NAME: ReadonlyMap<string, SettingSpec> = new Map(
  SETTINGS.flatMap((spec) => [[spec.name, spec] as const, ...(spec.legacy ?? []).map((name) => [name, spec] as const)]),
);
