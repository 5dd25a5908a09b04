import { ApiError, badRequest } from '../errors';
import { parseParams } from '../search/engine/params';
import { compositionMessages } from './errors';

type Json = Record<string, unknown>;

/** Search parameters a composition may set on its main source and its injected items (the OpenAPI's lists). */
const INJECTED_PARAMS = [
  'advancedSyntax',
  'advancedSyntaxFeatures',
  'allowTyposOnNumericTokens',
  'alternativesAsExact',
  'attributeCriteriaComputedByMinProximity',
  'attributesToHighlight',
  'attributesToRetrieve',
  'attributesToSnippet',
  'clickAnalytics',
  'disableExactOnAttributes',
  'disableTypoToleranceOnAttributes',
  'distinct',
  'enableABTest',
  'enablePersonalization',
  'enableReRanking',
  'enableRules',
  'exactOnSingleWordQuery',
  'facetFilters',
  'filters',
  'getRankingInfo',
  'highlightPostTag',
  'highlightPreTag',
  'ignorePlurals',
  'minProximity',
  'minWordSizefor1Typo',
  'minWordSizefor2Typos',
  'naturalLanguages',
  'numericFilters',
  'optionalFilters',
  'optionalWords',
  'percentileComputation',
  'personalizationImpact',
  'queryLanguages',
  'queryType',
  'removeStopWords',
  'removeWordsIfNoResults',
  'replaceSynonymsInHighlight',
  'responseFields',
  'restrictHighlightAndSnippetArrays',
  'restrictSearchableAttributes',
  'ruleContexts',
  'snippetEllipsisText',
  'synonyms',
  'typoTolerance',
];
const MAIN_PARAMS = [
  ...INJECTED_PARAMS,
  'facetingAfterDistinct',
  'facets',
  'hitsPerPage',
  'maxValuesPerFacet',
  'renderingContent',
  'sortFacetValuesBy',
  'sumOrFiltersScores',
];
/**
 * What a run request's `params` may hold: the OpenAPI's `RunParams`, and the parameters a
 * composition may set on its main source but the highlight tags, which InstantSearch's
 * composition mode sends (`maxValuesPerFacet` for a refinement list, `tagFilters`) and leaves
 * out (it deletes `highlightPreTag` / `highlightPostTag` before sending).
 */
export const RUN_PARAMS = [
  ...new Set([
    'analytics',
    'analyticsTags',
    'aroundLatLng',
    'aroundLatLngViaIP',
    'aroundRadius',
    'aroundPrecision',
    'clickAnalytics',
    'enableABTest',
    'enablePersonalization',
    'enableReRanking',
    'enableRules',
    'facetFilters',
    'facets',
    'filters',
    'getRankingInfo',
    'hitsPerPage',
    'injectedItems',
    'insideBoundingBox',
    'insidePolygon',
    'minimumAroundRadius',
    'naturalLanguages',
    'numericFilters',
    'optionalFilters',
    'page',
    'query',
    'queryLanguages',
    'relevancyStrictness',
    'ruleContexts',
    'sortBy',
    'userToken',
    'tagFilters',
    ...MAIN_PARAMS.filter((name) => name !== 'highlightPreTag' && name !== 'highlightPostTag'),
  ]),
];

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function readObject(value: unknown, path: string, allowed?: readonly string[]): Json {
  if (!isObject(value))
    throw badRequest(path === 'body' ? 'The body must be a JSON object' : `Invalid \`${path}\`: expected an object`);
  if (allowed)
    for (const key of Object.keys(value))
      if (!allowed.includes(key)) throw badRequest(`Unknown field \`${path === 'body' ? key : `${path}.${key}`}\``);
  return value;
}

function readString(value: unknown, path: string, required = false): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value === '') throw badRequest(`Invalid \`${path}\`: expected a non-empty string`);
  return value;
}

function readInteger(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw badRequest(`Invalid \`${path}\`: expected an integer from ${min} to ${max}`);
  return value;
}

/** Search parameters among `allowed`, each of the type a search takes. */
export function readSearchParams(value: unknown, path: string, allowed: readonly string[]): Json {
  const params = readObject(value, path);
  for (const name of Object.keys(params))
    if (!allowed.includes(name)) throw badRequest(`Unknown parameter: ${name} (in \`${path}\`)`);
  try {
    parseParams([
      Object.fromEntries(Object.entries(params).filter(([name]) => name !== 'injectedItems' && name !== 'sortBy')),
    ]);
  } catch (error) {
    if (error instanceof ApiError) throw badRequest(`Invalid \`${path}\`: ${error.message}`);
    throw error;
  }
  return params;
}

/** A `{ search }` or `{ recommend }` source (and, for injected items, `{ external }`). */
function readSource(value: unknown, path: string, injected: boolean): void {
  const source = readObject(value, path, injected ? ['search', 'external', 'recommend'] : ['search', 'recommend']);
  const kinds = Object.keys(source);
  if (kinds.length !== 1)
    throw badRequest(
      `Invalid \`${path}\`: expected exactly one of ${injected ? 'search, external, recommend' : 'search, recommend'}`,
    );
  const params = injected ? INJECTED_PARAMS : MAIN_PARAMS;
  if (source.search !== undefined) {
    const search = readObject(source.search, `${path}.search`, ['index', 'params']);
    readString(search.index, `${path}.search.index`, true);
    if (search.params !== undefined) readSearchParams(search.params, `${path}.search.params`, params);
  } else if (source.external !== undefined) {
    const external = readObject(source.external, `${path}.external`, ['index', 'params', 'ordering']);
    readString(external.index, `${path}.external.index`, true);
    if (external.params !== undefined) readSearchParams(external.params, `${path}.external.params`, params);
    if (external.ordering !== undefined && external.ordering !== 'default' && external.ordering !== 'userDefined')
      throw badRequest(`Invalid \`${path}.external.ordering\`: expected default or userDefined`);
  } else {
    const recommend = readObject(source.recommend, `${path}.recommend`, [
      'indexName',
      'model',
      'threshold',
      'queryParameters',
      'fallbackParameters',
    ]);
    readString(recommend.indexName, `${path}.recommend.indexName`, true);
    if (recommend.model !== 'trending-items')
      throw badRequest(`Invalid \`${path}.recommend.model\`: expected trending-items`);
    readInteger(recommend.threshold, `${path}.recommend.threshold`, 0, 100);
    for (const name of ['queryParameters', 'fallbackParameters'])
      if (recommend[name] !== undefined) readSearchParams(recommend[name], `${path}.recommend.${name}`, params);
  }
}

function readInjection(value: unknown, path: string): void {
  const injection = readObject(value, path, ['main', 'injectedItems', 'deduplication']);
  const main = readObject(injection.main, `${path}.main`, ['source']);
  readSource(main.source, `${path}.main.source`, false);
  if (injection.injectedItems !== undefined) {
    if (!Array.isArray(injection.injectedItems) || injection.injectedItems.length > 3)
      throw badRequest(`Invalid \`${path}.injectedItems\`: expected an array of 3 items at most`);
    const keys = new Set<string>();
    injection.injectedItems.forEach((raw, i) => {
      const item = readObject(raw, `${path}.injectedItems[${i}]`, ['key', 'source', 'position', 'length', 'metadata']);
      const key = readString(item.key, `${path}.injectedItems[${i}].key`, true)!;
      if (keys.has(key)) throw badRequest(`Invalid \`${path}.injectedItems[${i}].key\`: ${key} is used twice`);
      keys.add(key);
      readSource(item.source, `${path}.injectedItems[${i}].source`, true);
      readInteger(item.position, `${path}.injectedItems[${i}].position`, 0, 99);
      readInteger(item.length, `${path}.injectedItems[${i}].length`, 0, 50);
      if (item.metadata !== undefined) {
        const metadata = readObject(item.metadata, `${path}.injectedItems[${i}].metadata`, ['hits']);
        if (metadata.hits !== undefined) {
          const hits = readObject(metadata.hits, `${path}.injectedItems[${i}].metadata.hits`, ['addItemKey', 'extra']);
          if (hits.addItemKey !== undefined && typeof hits.addItemKey !== 'boolean')
            throw badRequest(`Invalid \`${path}.injectedItems[${i}].metadata.hits.addItemKey\`: expected a boolean`);
          if (hits.extra !== undefined) readObject(hits.extra, `${path}.injectedItems[${i}].metadata.hits.extra`);
        }
      }
    });
  }
  if (injection.deduplication !== undefined) {
    const dedup = readObject(injection.deduplication, `${path}.deduplication`, ['positioning']);
    if (dedup.positioning !== 'highest' && dedup.positioning !== 'highestInjected')
      throw badRequest(`Invalid \`${path}.deduplication.positioning\`: expected highest or highestInjected`);
  }
}

/** A behavior: an `injection`, or a `multifeed` of injections, not both. */
export function readBehavior(value: unknown, path: string): void {
  const behavior = readObject(value, path, ['injection', 'multifeed']);
  if (behavior.injection !== undefined && behavior.multifeed !== undefined)
    throw badRequest(compositionMessages.bothBehaviors);
  if (behavior.injection !== undefined) return readInjection(behavior.injection, `${path}.injection`);
  if (behavior.multifeed === undefined) throw badRequest(`Invalid \`${path}\`: expected injection or multifeed`);
  const multifeed = readObject(behavior.multifeed, `${path}.multifeed`, ['feeds', 'feedsOrder']);
  const feeds = readObject(multifeed.feeds, `${path}.multifeed.feeds`);
  for (const [id, feed] of Object.entries(feeds))
    readInjection(
      readObject(feed, `${path}.multifeed.feeds.${id}`, ['injection']).injection,
      `${path}.multifeed.feeds.${id}.injection`,
    );
  if (multifeed.feedsOrder !== undefined) readFeedsOrder(multifeed.feedsOrder, `${path}.multifeed.feedsOrder`);
}

export function readFeedsOrder(value: unknown, path: string): string[] {
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string'))
    throw badRequest(`Invalid \`${path}\`: expected an array of feed IDs`);
  return value;
}

/** `sortingStrategy`: labels to index names, 20 at most. */
export function readSortingStrategy(value: unknown, path: string): Record<string, string> {
  const strategy = readObject(value, path);
  const entries = Object.entries(strategy);
  if (entries.length > 20) throw badRequest(compositionMessages.tooManySorts);
  for (const [label, index] of entries) readString(index, `${path}.${label}`, true);
  return strategy as Record<string, string>;
}

/** A composition body (`Composition`): objectID, name, behavior required. */
export function readComposition(value: unknown, path = 'body'): Json & { objectID: string } {
  const composition = readObject(value, path, ['objectID', 'name', 'description', 'behavior', 'sortingStrategy']);
  readString(composition.objectID, path === 'body' ? 'objectID' : `${path}.objectID`, true);
  readString(composition.name, path === 'body' ? 'name' : `${path}.name`, true);
  if (composition.description !== undefined && typeof composition.description !== 'string')
    throw badRequest(`Invalid \`${path === 'body' ? '' : `${path}.`}description\`: expected a string`);
  readBehavior(composition.behavior, path === 'body' ? 'behavior' : `${path}.behavior`);
  if (composition.sortingStrategy !== undefined) readSortingStrategy(composition.sortingStrategy, 'sortingStrategy');
  return composition as Json & { objectID: string };
}

const ANCHORINGS = ['is', 'startsWith', 'endsWith', 'contains'];

/** A composition rule body (`CompositionRule`): objectID and consequence required. */
export function readRule(value: unknown, path = 'body'): Json & { objectID: string } {
  const at = (field: string) => (path === 'body' ? field : `${path}.${field}`);
  const rule = readObject(value, path, [
    'objectID',
    'conditions',
    'consequence',
    'description',
    'enabled',
    'validity',
    'tags',
  ]);
  readString(rule.objectID, at('objectID'), true);
  if (rule.conditions !== undefined) {
    if (!Array.isArray(rule.conditions) || rule.conditions.length > 25)
      throw badRequest(`Invalid \`${at('conditions')}\`: expected an array of 25 conditions at most`);
    rule.conditions.forEach((raw, i) => {
      const condition = readObject(raw, `${at('conditions')}[${i}]`, [
        'pattern',
        'anchoring',
        'context',
        'filters',
        'sortBy',
      ]);
      for (const field of ['pattern', 'context', 'filters', 'sortBy'])
        if (condition[field] !== undefined && typeof condition[field] !== 'string')
          throw badRequest(`Invalid \`${at('conditions')}[${i}].${field}\`: expected a string`);
      if (condition.anchoring !== undefined && !ANCHORINGS.includes(condition.anchoring as string))
        throw badRequest(`Invalid \`${at('conditions')}[${i}].anchoring\`: expected one of ${ANCHORINGS.join(', ')}`);
      if (condition.pattern !== undefined && condition.anchoring === undefined)
        throw badRequest(`Invalid \`${at('conditions')}[${i}]\`: a pattern needs an anchoring`);
      if (condition.pattern === '' && condition.anchoring !== 'is')
        throw badRequest(`Invalid \`${at('conditions')}[${i}]\`: an empty pattern needs anchoring is`);
    });
  }
  const consequence = readObject(rule.consequence, at('consequence'), ['behavior']);
  readBehavior(consequence.behavior, `${at('consequence')}.behavior`);
  if (rule.description !== undefined && typeof rule.description !== 'string')
    throw badRequest(`Invalid \`${at('description')}\`: expected a string`);
  if (rule.enabled !== undefined && typeof rule.enabled !== 'boolean')
    throw badRequest(`Invalid \`${at('enabled')}\`: expected a boolean`);
  if (rule.validity !== undefined) {
    if (!Array.isArray(rule.validity)) throw badRequest(`Invalid \`${at('validity')}\`: expected an array`);
    rule.validity.forEach((raw, i) => {
      const range = readObject(raw, `${at('validity')}[${i}]`, ['from', 'until']);
      for (const field of ['from', 'until'])
        if (range[field] !== undefined && (typeof range[field] !== 'number' || !Number.isInteger(range[field])))
          throw badRequest(`Invalid \`${at('validity')}[${i}].${field}\`: expected a timestamp in seconds`);
    });
  }
  if (rule.tags !== undefined && (!Array.isArray(rule.tags) || !rule.tags.every((tag) => typeof tag === 'string')))
    throw badRequest(`Invalid \`${at('tags')}\`: expected an array of strings`);
  return rule as Json & { objectID: string };
}
