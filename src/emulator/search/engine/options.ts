import type { EffectiveSettings } from '../settings/effective';
import type { RawParams } from './params';

export type TypoMode = boolean | 'min' | 'strict';

export interface PrecisionRange {
  readonly from: number;
  readonly value: number;
}

/** Everything one query runs with: index settings overridden by its parameters. */
export interface QueryOptions {
  readonly query: string;
  readonly searchableAttributes: readonly string[] | null;
  readonly restrictSearchableAttributes: readonly string[] | null;
  readonly ranking: readonly string[];
  readonly customRanking: readonly string[];
  readonly queryType: 'prefixLast' | 'prefixAll' | 'prefixNone';
  readonly typoTolerance: TypoMode;
  readonly minWordSizefor1Typo: number;
  readonly minWordSizefor2Typos: number;
  readonly allowTyposOnNumericTokens: boolean;
  readonly disableTypoToleranceOnAttributes: readonly string[];
  readonly disableTypoToleranceOnWords: readonly string[];
  readonly disablePrefixOnAttributes: readonly string[];
  readonly disableExactOnAttributes: readonly string[];
  readonly exactOnSingleWordQuery: 'attribute' | 'none' | 'word';
  readonly removeWordsIfNoResults: 'none' | 'lastWords' | 'firstWords' | 'allOptional';
  readonly optionalWords: readonly string[];
  readonly advancedSyntax: boolean;
  readonly advancedSyntaxFeatures: readonly string[];
  readonly minProximity: number;
  readonly attributeForDistinct: string | null;
  readonly distinct: number;
  readonly page: number;
  readonly hitsPerPage: number;
  readonly offset: number | undefined;
  readonly length: number | undefined;
  readonly paginationLimitedTo: number;
  readonly attributesToRetrieve: readonly string[] | undefined;
  readonly attributesToHighlight: readonly string[] | null;
  readonly attributesToSnippet: readonly string[];
  readonly highlightPreTag: string;
  readonly highlightPostTag: string;
  readonly snippetEllipsisText: string;
  readonly restrictHighlightAndSnippetArrays: boolean;
  readonly getRankingInfo: boolean;
  readonly responseFields: readonly string[];
  readonly clickAnalytics: boolean;
  readonly aroundLatLng: string | undefined;
  readonly aroundLatLngViaIP: boolean;
  readonly aroundRadius: number | 'all' | undefined;
  readonly aroundPrecision: number | readonly PrecisionRange[];
  readonly minimumAroundRadius: number | undefined;
  readonly insideBoundingBox: readonly (readonly number[])[] | null;
  readonly insidePolygon: readonly (readonly number[])[] | null;
  readonly renderingContent: Record<string, unknown>;
  readonly userData: unknown;
  readonly enablePersonalization: boolean;
  readonly personalizationImpact: number;
  readonly userToken: string | undefined;
  /** The parameters as received (after forced key parameters), for stages and hooks. */
  readonly params: RawParams;
}

const stringList = (value: unknown): string[] | null =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string' && value !== ''
      ? value.split(',')
      : null;

const bool = (value: unknown, fallback: boolean): boolean =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : fallback;

const num = (value: unknown, fallback: number): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};

function typoModeOf(value: unknown): TypoMode {
  if (value === 'min' || value === 'strict') return value;
  return bool(value, true);
}

function distinctOf(value: unknown): number {
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false' || value === null || value === undefined) return 0;
  return Math.max(0, Math.min(4, Math.trunc(num(value, 0))));
}

/** Merges index settings with a query's parameters (parameters win). */
export function resolveOptions(settings: EffectiveSettings, params: RawParams): QueryOptions {
  const pick = <T>(name: string): T => (name in params && params[name] !== null ? params[name] : settings[name]) as T;
  const aroundPrecision = pick<unknown>('aroundPrecision');
  return {
    query: typeof params.query === 'string' ? params.query : '',
    searchableAttributes: stringList(settings.searchableAttributes),
    restrictSearchableAttributes: stringList(params.restrictSearchableAttributes),
    ranking: stringList(pick('ranking')) ?? [],
    customRanking: stringList(settings.customRanking) ?? [],
    queryType: pick('queryType') ?? 'prefixLast',
    typoTolerance: typoModeOf(pick('typoTolerance')),
    minWordSizefor1Typo: num(pick('minWordSizefor1Typo'), 4),
    minWordSizefor2Typos: num(pick('minWordSizefor2Typos'), 8),
    allowTyposOnNumericTokens: bool(pick('allowTyposOnNumericTokens'), true),
    disableTypoToleranceOnAttributes: stringList(pick('disableTypoToleranceOnAttributes')) ?? [],
    disableTypoToleranceOnWords: (stringList(settings.disableTypoToleranceOnWords) ?? []).map((w) => w.toLowerCase()),
    disablePrefixOnAttributes: stringList(settings.disablePrefixOnAttributes) ?? [],
    disableExactOnAttributes: stringList(pick('disableExactOnAttributes')) ?? [],
    exactOnSingleWordQuery: pick('exactOnSingleWordQuery') ?? 'attribute',
    removeWordsIfNoResults: pick('removeWordsIfNoResults') ?? 'none',
    optionalWords: stringList(pick('optionalWords')) ?? [],
    advancedSyntax: bool(pick('advancedSyntax'), false),
    advancedSyntaxFeatures: stringList(pick('advancedSyntaxFeatures')) ?? ['exactPhrase', 'excludeWords'],
    minProximity: num(pick('minProximity'), 1),
    attributeForDistinct: typeof settings.attributeForDistinct === 'string' ? settings.attributeForDistinct : null,
    distinct: distinctOf(pick('distinct')),
    page: num(params.page, 0),
    hitsPerPage: num(pick('hitsPerPage'), 20),
    offset: params.offset as number | undefined,
    length: params.length as number | undefined,
    paginationLimitedTo: num(settings.paginationLimitedTo, 1000),
    attributesToRetrieve:
      (params.attributesToRetrieve as string[] | undefined) ?? stringList(settings.attributesToRetrieve) ?? undefined,
    attributesToHighlight: stringList(pick('attributesToHighlight')),
    attributesToSnippet: stringList(pick('attributesToSnippet')) ?? [],
    highlightPreTag: String(pick('highlightPreTag') ?? '<em>'),
    highlightPostTag: String(pick('highlightPostTag') ?? '</em>'),
    snippetEllipsisText: String(pick('snippetEllipsisText') ?? '…'),
    restrictHighlightAndSnippetArrays: bool(pick('restrictHighlightAndSnippetArrays'), false),
    getRankingInfo: bool(params.getRankingInfo, false),
    responseFields: stringList(pick('responseFields')) ?? ['*'],
    clickAnalytics: bool(params.clickAnalytics, false),
    aroundLatLng: params.aroundLatLng as string | undefined,
    aroundLatLngViaIP: bool(params.aroundLatLngViaIP, false),
    aroundRadius: params.aroundRadius as number | 'all' | undefined,
    aroundPrecision: Array.isArray(aroundPrecision) ? (aroundPrecision as PrecisionRange[]) : num(aroundPrecision, 10),
    minimumAroundRadius: params.minimumAroundRadius as number | undefined,
    insideBoundingBox: (params.insideBoundingBox as number[][] | null | undefined) ?? null,
    insidePolygon: (params.insidePolygon as number[][] | undefined) ?? null,
    renderingContent: (pick<Record<string, unknown> | undefined>('renderingContent') ?? {}) as Record<string, unknown>,
    userData: settings.userData,
    enablePersonalization: bool(pick('enablePersonalization'), false),
    personalizationImpact: num(params.personalizationImpact, 100),
    userToken: params.userToken as string | undefined,
    params,
  };
}
