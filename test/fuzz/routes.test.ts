import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src';
import type { Snapshot } from '../../src/emulator/core';
import type { EmulatorResponse, Method } from '../../src/emulator/request';
import type { Route } from '../../src/emulator/route';
import { basicAuth } from '../../src/emulator/facade';
import type { State } from '../../src/emulator/state';
import { isDocumentedServerError } from '../../src/emulator/query-suggestions/errors';

/**
 * Fuzz generated from the route table: every route gets random path parameters, query
 * strings and bodies (random JSON, and objects built from the field names the API uses),
 * sent with the admin key, a restricted key or a wrong key; then adversarial bodies (nesting
 * past the limit, prototype keys, objects with `toString`/`valueOf` members, lone surrogates,
 * huge arrays) planted in bodies of each route's shape. Never a 500 (501 only for routes the
 * parity report lists as missing), error bodies are `{message, status}`, and a refused
 * request leaves the state tree exactly as it was.
 */

const SEED = 20240101;
/** Runs per route; the whole file must stay well under a minute on two cores. */
const RUNS = 150;
/** Random request sequences, each from the seeded state. */
const SEQUENCES = 300;

// Crawls never reach the network here: every page fetch fails as a network error would.
const crawlerFetch = async (): Promise<Response> => {
  throw new TypeError('fuzz: no network');
};
const emulator: Emulator = createEmulator({ clusters: ['c1-test', 'c2-test'], crawlerFetch });
const CRAWLER_AUTH = basicAuth(emulator.crawlerCredentials.userId, emulator.crawlerCredentials.apiKey);
let crawlerId = '';
let crawlerTaskId = '';
let base: Snapshot;
let restrictedKey = '';
let firstTaskID = 0;

async function ok(
  method: Method,
  path: string,
  body?: unknown,
  host: Route['host'] = 'search',
): Promise<EmulatorResponse> {
  const res = await emulator.request({
    method,
    path,
    body,
    host,
    ...(host === 'crawler' ? { headers: { authorization: CRAWLER_AUTH } } : {}),
  });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`setup ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

beforeAll(async () => {
  await ok('PUT', '/1/indexes/products/settings', {
    attributesForFaceting: ['searchable(brand)', 'searchable(color)', 'filterOnly(price)', 'afterDistinct(tags)'],
    replicas: ['products_price_asc', 'virtual(products_virtual)'],
    searchableAttributes: ['name', 'brand', 'description'],
    customRanking: ['desc(popularity)'],
    attributeForDistinct: 'group',
  });
  const records = [
    {
      objectID: 'p1',
      name: 'iPhone 15',
      brand: 'Apple',
      color: ['black', 'blue'],
      price: 999,
      popularity: 10,
      tags: ['phone'],
      group: 'g1',
      _geoloc: { lat: 48.85, lng: 2.35 },
    },
    {
      objectID: 'p2',
      name: 'Galaxy S24',
      brand: 'Samsung',
      color: ['grey'],
      price: 899,
      popularity: 8,
      tags: ['phone'],
      group: 'g1',
      description: 'a phone',
    },
    {
      objectID: 'p3',
      name: 'Pixel 8',
      brand: 'Google',
      color: 'white',
      price: 699,
      popularity: 5,
      tags: [],
      group: 'g2',
      nested: { deep: [1, 'two'] },
    },
    {
      objectID: 'p4',
      name: 'ThinkPad X1',
      brand: 'Lenovo',
      price: 1799,
      popularity: 3,
      tags: ['laptop'],
      _geoloc: [{ lat: 40.7, lng: -74 }],
    },
  ];
  await ok('POST', '/1/indexes/products/batch', { requests: records.map((body) => ({ action: 'addObject', body })) });
  await ok('PUT', '/1/indexes/products/synonyms/syn1', {
    objectID: 'syn1',
    type: 'synonym',
    synonyms: ['phone', 'mobile', 'cell'],
  });
  await ok('PUT', '/1/indexes/products/rules/rule1', {
    objectID: 'rule1',
    conditions: [{ pattern: 'phone', anchoring: 'contains' }],
    consequence: { params: { filters: 'brand:Apple' }, promote: [{ objectID: 'p3', position: 0 }] },
  });
  const key = await ok('POST', '/1/keys', {
    acl: ['search', 'browse', 'addObject', 'settings'],
    indexes: ['products*'],
    maxHitsPerQuery: 3,
    description: 'front end',
  });
  restrictedKey = (key.body as { key: string }).key;
  await ok('POST', '/1/dictionaries/stopwords/batch', {
    requests: [{ action: 'addEntry', body: { objectID: 'sw1', language: 'en', word: 'the' } }],
  });
  await emulator.request({
    method: 'POST',
    path: '/1/clusters/mapping',
    body: { cluster: 'c1-test' },
    headers: {
      'x-algolia-application-id': emulator.appId,
      'x-algolia-api-key': emulator.adminApiKey,
      'x-algolia-user-id': 'user-1',
    },
  });
  const searched = await ok('POST', '/1/indexes/products/query', {
    query: 'phone',
    clickAnalytics: true,
    userToken: 'user-1',
  });
  const queryID = (searched.body as { queryID?: string }).queryID;
  await ok(
    'POST',
    '/1/events',
    {
      events: [
        {
          eventType: 'click',
          eventName: 'clicked',
          index: 'products',
          userToken: 'user-1',
          objectIDs: ['p1'],
          positions: [1],
          queryID,
        },
      ],
    },
    'insights',
  );
  await ok(
    'POST',
    '/1/strategies/personalization',
    {
      eventsScoring: [{ eventName: 'clicked', eventType: 'click', score: 10 }],
      facetsScoring: [{ facetName: 'brand', score: 5 }],
      personalizationImpact: 50,
    },
    'personalization',
  );
  const crawler = await ok('POST', '/api/1/crawlers', { name: 'site', config: CRAWLER_CONFIG }, 'crawler');
  crawlerId = (crawler.body as { id: string }).id;
  crawlerTaskId = (
    (await ok('POST', `/api/1/crawlers/${crawlerId}/reindex`, undefined, 'crawler')).body as { taskId: string }
  ).taskId;
  await ok(
    'POST',
    '/1/configs',
    {
      indexName: 'products_qs',
      sourceIndices: [
        {
          indexName: 'products',
          minHits: 1,
          facets: [{ attribute: 'brand', amount: 2 }],
          generate: [['color', 'brand']],
        },
      ],
      languages: ['en'],
    },
    'suggestions',
  );
  await ok(
    'POST',
    '/1/events',
    {
      events: [
        {
          eventType: 'conversion',
          eventName: 'bought',
          index: 'products',
          userToken: 'user-1',
          objectIDs: ['p1', 'p2'],
        },
      ],
    },
    'insights',
  );
  await ok('POST', '/1/indexes/products/related-products/recommend/rules/batch', [
    {
      objectID: 'rr1',
      condition: { filters: 'brand:Apple', context: 'mobile' },
      consequence: {
        promote: [{ objectID: 'p4', position: 0 }],
        hide: [{ objectID: 'p3' }],
        params: { automaticFacetFilters: [{ facet: 'color', disjunctive: true }], filters: 'price > 100' },
      },
    },
  ]);
  emulator.trainRecommendModels();
  firstTaskID = emulator.core.state.tasks.lastID;
  base = emulator.snapshot();
});

// ---- generators -------------------------------------------------------------------------

/** Names that exist on every object's prototype: a lookup table read without an own-key check finds them. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'] as const;

/** Strings that hurt: unicode, `%`, `/`, whitespace-only, very long. */
const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '%',
      '%zz',
      '%2F',
      'a/b',
      '/',
      '..',
      '.',
      ' ',
      '\t',
      '\u0000',
      '🙂',
      'é',
      '*',
      '-1',
      '0',
      '1e400',
      'NaN',
      'null',
      'undefined',
      '__proto__',
      'constructor',
      'toString',
    ),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 2000 }) },
);

/** Values for path placeholders: known names (to reach deep paths) or nasty strings. */
function placeholder(name: string): fc.Arbitrary<string> {
  const known: Record<string, string[]> = {
    indexName: ['products', 'products_price_asc', 'products_virtual', 'unknown', 'products_qs'],
    objectID: ['p1', 'p3', 'syn1', 'rule1', 'rr1', 'missing'],
    taskID: [String(firstTaskID), String(firstTaskID + 1), '1', '-1', '1.5', '99999999999999999999', crawlerTaskId],
    id: [crawlerId, 'e0f6db8a-24f5-4092-83a4-1b2c6cb6d809'],
    version: ['1', '2', '0'],
    logId: ['a2ebb507-ef64-4b6b-9d84-ef66baaa7a80'],
    key: [restrictedKey, emulator.adminApiKey, 'nope'],
    dictionaryName: ['stopwords', 'plurals', 'compounds', 'nope'],
    facetName: ['brand', 'color', 'price', 'tags', 'name'],
    source: ['10.0.0.0%2F8', '192.168.1.1', '::1'],
    userID: ['user-1', 'user-2'],
    userToken: ['user-1', 'user-2'],
    attribute: ['brand', 'color'],
    model: ['related-products', 'bought-together', 'trending-facets', 'trending-items', 'looking-similar'],
  };
  const raw = nastyString.map((s) => (s === '' ? ' ' : s));
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(known[name] ?? ['x'])) },
    { weight: 2, arbitrary: raw.map(encodeURIComponent) },
    // Unencoded: `%` sequences that do not decode, `/` that changes the segment count.
    { weight: 1, arbitrary: raw },
  );
}

const FIELDS = [
  'requests',
  'params',
  'query',
  'hitsPerPage',
  'page',
  'offset',
  'length',
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'optionalFilters',
  'sumOrFiltersScores',
  'attributesToRetrieve',
  'attributesToHighlight',
  'attributesToSnippet',
  'facets',
  'maxValuesPerFacet',
  'sortFacetValuesBy',
  'facetingAfterDistinct',
  'indexName',
  'objectID',
  'objectIDs',
  'action',
  'body',
  'type',
  'strategy',
  'searchableAttributes',
  'attributesForFaceting',
  'replicas',
  'ranking',
  'customRanking',
  'distinct',
  'attributeForDistinct',
  'aroundLatLng',
  'aroundLatLngViaIP',
  'aroundRadius',
  'aroundPrecision',
  'minimumAroundRadius',
  'insideBoundingBox',
  'insidePolygon',
  'getRankingInfo',
  'typoTolerance',
  'minWordSizefor1Typo',
  'minWordSizefor2Typos',
  'removeStopWords',
  'ignorePlurals',
  'queryLanguages',
  'indexLanguages',
  'synonyms',
  'input',
  'word',
  'words',
  'corrections',
  'placeholder',
  'replacements',
  'conditions',
  'pattern',
  'anchoring',
  'context',
  'alternatives',
  'filterPromotes',
  'consequence',
  'promote',
  'hide',
  'userData',
  'validity',
  'enabled',
  'events',
  'eventType',
  'eventName',
  'eventSubtype',
  'userToken',
  'authenticatedUserToken',
  'timestamp',
  'positions',
  'queryID',
  'acl',
  'description',
  'indexes',
  'maxHitsPerQuery',
  'maxQueriesPerIPPerHour',
  'queryParameters',
  'referers',
  'source',
  'operation',
  'destination',
  'scope',
  'cluster',
  'users',
  'clusterName',
  'clearExistingDictionaryEntries',
  'language',
  'disableStandardEntries',
  'decomposition',
  'state',
  'facetQuery',
  'facetName',
  'cursor',
  'eventsScoring',
  'facetsScoring',
  'personalizationImpact',
  'score',
  '_operation',
  'value',
  'clickAnalytics',
  'analytics',
  'analyticsTags',
  'ruleContexts',
  'enableRules',
  'enablePersonalization',
  'renderingContent',
  'relevancyStrictness',
  'advancedSyntax',
  'advancedSyntaxFeatures',
  'similarQuery',
  'restrictSearchableAttributes',
  'unretrievableAttributes',
  'numericAttributesForFiltering',
  'paginationLimitedTo',
  'highlightPreTag',
  'highlightPostTag',
  'snippetEllipsisText',
  'exactOnSingleWordQuery',
  'alternativesAsExact',
  'decompoundedAttributes',
  'camelCaseAttributes',
  'keepDiacriticsOnCharacters',
  'separatorsToIndex',
  'customNormalization',
  'replaceSynonymsInHighlight',
  'responseFields',
  'optionalWords',
  'disableTypoToleranceOnAttributes',
  'disableTypoToleranceOnWords',
  'queryType',
  'removeWordsIfNoResults',
  'attributeCriteriaComputedByMinProximity',
  'minProximity',
  'disableExactOnAttributes',
  'percentileComputation',
  'personalizationImpact',
  'naturalLanguages',
  'mode',
  'createIfNotExists',
  'forwardToReplicas',
  'primary',
  'virtual',
  'objectIDs',
  'revenue',
  'currency',
  'price',
  'quantity',
  'discount',
  'objectData',
  'facet',
  'maxFacetHits',
  'around',
  'version',
  'getVersion',
  'restrictIndices',
  'validUntil',
  'id',
  'nbHits',
  'hitsPerPage',
  'allowTyposOnNumericTokens',
] as const;

const plausibleString = fc.constantFrom(
  'products',
  'products_price_asc',
  'unknown',
  'p1',
  'p2',
  'syn1',
  'rule1',
  'brand',
  'color',
  'price',
  'name',
  'tags',
  'brand:Apple',
  'price > 500',
  'price:100 TO 900',
  'NOT brand:Apple',
  'brand:Apple OR brand:Google',
  '(brand:Apple',
  '_tags:phone',
  'searchable(color)',
  'filterOnly(price)',
  'virtual(products_v2)',
  'desc(price)',
  'asc(name)',
  'typo',
  'geo',
  'words',
  'custom',
  'addObject',
  'updateObject',
  'partialUpdateObject',
  'partialUpdateObjectNoCreate',
  'deleteObject',
  'delete',
  'clear',
  'addEntry',
  'deleteEntry',
  'default',
  'facet',
  'synonym',
  'onewaysynonym',
  'altcorrection1',
  'altcorrection2',
  'placeholder',
  'is',
  'startsWith',
  'endsWith',
  'contains',
  'click',
  'conversion',
  'view',
  'addToCart',
  'purchase',
  'search',
  'browse',
  'settings',
  'editSettings',
  'admin',
  'copy',
  'move',
  'rules',
  'stopOnResults',
  'none',
  'all',
  'count',
  'alpha',
  'en',
  'fr',
  'de',
  'stopwords',
  'plurals',
  'compounds',
  'enabled',
  'disabled',
  'Increment',
  'Decrement',
  'Add',
  'Remove',
  'AddUnique',
  'IncrementFrom',
  'IncrementSet',
  'strict',
  'min',
  'prefixLast',
  'prefixAll',
  'prefixNone',
  'lastWords',
  'firstWords',
  'allOptional',
  '48.85,2.35',
  '1.2',
  'phone',
  'iphone',
  '<em>',
  '*',
  '',
  'c1-test',
  'user-1',
  '10.0.0.0/8',
  '2024-01-01',
  '2023-12-01',
  'true',
  'false',
  'hitsPerPage=2&page=1',
  'query=phone&filters=brand%3AApple',
  'facets=%5B%22brand%22%5D',
  'neuralSearch',
  'keywordSearch',
  'inf',
  '1e400',
);
const plausibleNumber = fc.constantFrom(
  -1,
  0,
  1,
  2,
  3,
  1.5,
  50,
  100,
  1000,
  1_000_000,
  2 ** 31,
  -(2 ** 53),
  1e21,
  0.0001,
);
const leaf = fc.oneof(
  { weight: 4, arbitrary: plausibleString },
  { weight: 2, arbitrary: plausibleNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
const field = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
);

/** Objects made of the API's field names with plausible or random values, nested a little. */
const { shaped } = fc.letrec<{ shaped: unknown; value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 2, arbitrary: tie('shaped') },
    { weight: 1, arbitrary: fc.array(tie('shaped'), { maxLength: 3 }) },
  ),
  shaped: fc.dictionary(field, tie('value'), { maxKeys: 6 }),
}));

/** A URL-encoded `params` string, as the real client sends search parameters. */
const paramsString = fc
  .dictionary(
    field,
    fc.oneof(
      plausibleString,
      plausibleNumber.map(String),
      fc.jsonValue({ maxDepth: 1 }).map((v) => JSON.stringify(v)),
      nastyString,
    ),
    { maxKeys: 4 },
  )
  .map((entries) => new URLSearchParams(entries).toString());

const withParams = fc.tuple(shaped, paramsString).map(([object, params]) => ({ ...(object as object), params }));
const requestsEnvelope = fc.record(
  {
    requests: fc.array(fc.oneof(shaped, withParams), { maxLength: 4 }),
    strategy: leaf,
    clearExistingDictionaryEntries: leaf,
  },
  { requiredKeys: ['requests'] },
);
const listOfShaped = fc.array(shaped, { maxLength: 4 });

/** Anything: random JSON or objects of the API's field names, whatever the route. */
const chaos = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 5, arbitrary: shaped },
  { weight: 2, arbitrary: withParams },
  { weight: 3, arbitrary: requestsEnvelope },
  { weight: 1, arbitrary: listOfShaped },
  { weight: 1, arbitrary: fc.record({ events: listOfShaped }) },
);

// Near-valid bodies: each route's own fields with values of the right shape most of the
// time, so requests get past the first validation and reach the operation's insides.

const attr = fc.constantFrom(
  'name',
  'brand',
  'color',
  'price',
  'tags',
  'description',
  'nested.deep',
  '*',
  'objectID',
  '_geoloc',
  'missing',
);
const attrs = fc.array(attr, { maxLength: 3 });
const num = fc.oneof(plausibleNumber, fc.integer({ min: -5, max: 2000 }), fc.double({ noNaN: true }));
const bool = fc.boolean();
const str = fc.oneof(
  { weight: 10, arbitrary: plausibleString },
  { weight: 5, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
);
const filterString = fc.constantFrom(
  'brand:Apple',
  'price > 500',
  'price:100 TO 900',
  'NOT brand:Apple',
  'brand:Apple OR brand:Google',
  '(brand:Apple',
  '_tags:phone',
  'price = 999 AND color:black',
  'brand:"Apple"',
  'price < -1',
  'price:1e400 TO 2',
  'nested.deep:two',
  '_geoloc:1',
  'brand:Apple<score=3>',
  'unknown:x',
  'price != 0',
  '',
  ' ',
  '(',
  ')',
  'AND',
  'NOT',
);
const facetFilterValue = fc.oneof(
  filterString,
  fc.array(fc.oneof(filterString, fc.array(filterString, { maxLength: 2 })), { maxLength: 3 }),
);
const latLng = fc.oneof(
  fc.constantFrom('48.85,2.35', '0,0', '91,0', 'a,b', '48.85', ''),
  fc.tuple(num, num).map(([a, b]) => `${a},${b}`),
);
const box = fc.oneof(fc.array(fc.array(num, { maxLength: 5 }), { maxLength: 2 }), fc.constantFrom('1,2,3,4', '1,2'));

const VALUES: Record<string, fc.Arbitrary<unknown>> = {
  query: str,
  filters: filterString,
  facetFilters: facetFilterValue,
  numericFilters: facetFilterValue,
  tagFilters: facetFilterValue,
  optionalFilters: facetFilterValue,
  hitsPerPage: num,
  page: num,
  offset: num,
  length: num,
  attributesToRetrieve: attrs,
  attributesToHighlight: attrs,
  attributesToSnippet: fc.array(fc.constantFrom('name:3', 'description:0', 'name:-1', 'name:x', 'brand'), {
    maxLength: 2,
  }),
  facets: attrs,
  maxValuesPerFacet: num,
  sortFacetValuesBy: fc.constantFrom('count', 'alpha', 'x', ...PROTOTYPE_NAMES),
  aroundLatLng: latLng,
  aroundLatLngViaIP: bool,
  aroundRadius: fc.oneof(num, fc.constant('all')),
  aroundPrecision: fc.oneof(num, fc.array(fc.record({ from: num, value: num }), { maxLength: 2 })),
  minimumAroundRadius: num,
  insideBoundingBox: box,
  insidePolygon: box,
  getRankingInfo: bool,
  typoTolerance: fc.oneof(bool, fc.constantFrom('min', 'strict', 'x', ...PROTOTYPE_NAMES)),
  distinct: fc.oneof(bool, num),
  ignorePlurals: fc.oneof(bool, fc.constant(['en', 'fr']), fc.constant('en,fr')),
  removeStopWords: fc.oneof(bool, fc.constant(['en'])),
  queryLanguages: fc.constant(['en', 'xx']),
  restrictSearchableAttributes: attrs,
  analytics: bool,
  clickAnalytics: bool,
  analyticsTags: fc.array(str, { maxLength: 2 }),
  ruleContexts: fc.array(str, { maxLength: 2 }),
  enableRules: bool,
  enablePersonalization: bool,
  personalizationImpact: num,
  userToken: fc.constantFrom('user-1', 'user-2', '', 'a b'),
  optionalWords: fc.oneof(str, fc.array(str, { maxLength: 2 })),
  advancedSyntax: bool,
  queryType: fc.constantFrom('prefixLast', 'prefixAll', 'prefixNone', 'x', ...PROTOTYPE_NAMES),
  removeWordsIfNoResults: fc.constantFrom('none', 'lastWords', 'firstWords', 'allOptional', 'x', ...PROTOTYPE_NAMES),
  responseFields: fc.array(fc.constantFrom('hits', 'nbHits', '*', 'facets'), { maxLength: 2 }),
  highlightPreTag: str,
  highlightPostTag: str,
  snippetEllipsisText: str,
  exactOnSingleWordQuery: fc.constantFrom('attribute', 'none', 'word', 'x', ...PROTOTYPE_NAMES),
  alternativesAsExact: fc.array(
    fc.constantFrom('ignorePlurals', 'singleWordSynonym', 'multiWordsSynonym', 'x', ...PROTOTYPE_NAMES),
    { maxLength: 2 },
  ),
  minProximity: num,
  relevancyStrictness: num,
  facetingAfterDistinct: bool,
  sumOrFiltersScores: bool,
  mode: fc.constantFrom('neuralSearch', 'keywordSearch', 'x', ...PROTOTYPE_NAMES),
  similarQuery: str,
  naturalLanguages: fc.constant(['en']),
  attributeCriteriaComputedByMinProximity: bool,
  minWordSizefor1Typo: num,
  minWordSizefor2Typos: num,
  cursor: str,
  facetQuery: str,
  maxFacetHits: num,
  disableTypoToleranceOnAttributes: attrs,
  disableExactOnAttributes: attrs,
  percentileComputation: bool,
  allowTyposOnNumericTokens: bool,
  searchableAttributes: fc.array(
    fc.constantFrom('name', 'unordered(brand)', 'name,description', 'ordered(x)', 'unordered('),
    { maxLength: 3 },
  ),
  attributesForFaceting: fc.array(
    fc.constantFrom(
      'brand',
      'searchable(color)',
      'filterOnly(price)',
      'afterDistinct(tags)',
      'searchable(',
      'x',
      ...PROTOTYPE_NAMES,
    ),
    { maxLength: 3 },
  ),
  replicas: fc.array(
    fc.constantFrom('products_price_asc', 'virtual(products_virtual)', 'products', 'newreplica', 'virtual(', ''),
    { maxLength: 3 },
  ),
  ranking: fc.array(
    fc.constantFrom(
      'typo',
      'geo',
      'words',
      'filters',
      'proximity',
      'attribute',
      'exact',
      'custom',
      'asc(price)',
      'desc(x)',
      'bogus',
    ),
    { maxLength: 4 },
  ),
  customRanking: fc.array(fc.constantFrom('desc(popularity)', 'asc(price)', 'price', 'desc(', 'asc(nested.deep)'), {
    maxLength: 2,
  }),
  unretrievableAttributes: attrs,
  numericAttributesForFiltering: attrs,
  paginationLimitedTo: num,
  separatorsToIndex: str,
  decompoundedAttributes: fc.constant({ de: ['name'] }),
  camelCaseAttributes: attrs,
  keepDiacriticsOnCharacters: str,
  attributeForDistinct: attr,
  indexLanguages: fc.constant(['en', 'ja']),
  customNormalization: fc.constantFrom({ default: { ä: 'ae' } }, { default: { o: '0', K: 'c' } }),
  disableTypoToleranceOnWords: fc.array(str, { maxLength: 2 }),
  replaceSynonymsInHighlight: bool,
  userData: fc.jsonValue({ maxDepth: 1 }),
  renderingContent: fc.constant({
    facetOrdering: { facets: { order: ['brand'] }, values: { brand: { order: ['Apple'], sortRemainingBy: 'count' } } },
  }),
  objectID: fc.constantFrom('p1', 'p2', 'new', '', 'syn1', 'rule1'),
  objectIDs: fc.array(fc.constantFrom('p1', 'p2', 'x', ...PROTOTYPE_NAMES), { maxLength: 3 }),
  indexName: fc.constantFrom('products', 'products_price_asc', 'products_virtual', 'other', '', '*'),
  type: str,
  facet: attr,
  strategy: fc.constantFrom('none', 'stopIfEnoughMatches', 'x', ...PROTOTYPE_NAMES),
  synonyms: fc.array(str, { maxLength: 3 }),
  input: str,
  word: str,
  words: fc.array(str, { maxLength: 3 }),
  corrections: fc.array(str, { maxLength: 2 }),
  placeholder: fc.constantFrom('<p>', 'p', ''),
  replacements: fc.array(str, { maxLength: 2 }),
  anchoring: fc.constantFrom('is', 'startsWith', 'endsWith', 'contains', 'x', ...PROTOTYPE_NAMES),
  context: str,
  enabled: bool,
  description: str,
  acl: fc.array(fc.constantFrom('search', 'browse', 'addObject', 'admin', 'x', 'settings', 'analytics'), {
    maxLength: 3,
  }),
  indexes: fc.array(fc.constantFrom('products', 'prod*', '', '*'), { maxLength: 2 }),
  maxHitsPerQuery: num,
  maxQueriesPerIPPerHour: num,
  queryParameters: fc.constantFrom('hitsPerPage=2', 'filters=brand%3AApple', '%zz', 'a=b&c'),
  referers: fc.array(fc.constantFrom('*.example.com', 'https://x/*', ''), { maxLength: 2 }),
  validity: num,
  source: fc.constantFrom('10.0.0.0/8', '192.168.1.1', '::1', '300.1.1.1', '10.0.0.0/40', ''),
  operation: fc.constantFrom('copy', 'move', 'x', ...PROTOTYPE_NAMES),
  destination: fc.constantFrom('products', 'copy', 'products_price_asc', 'products_virtual', ''),
  scope: fc.array(fc.constantFrom('settings', 'synonyms', 'rules', 'x', ...PROTOTYPE_NAMES), { maxLength: 3 }),
  cluster: fc.constantFrom('c1-test', 'c2-test', 'nope'),
  clusterName: fc.constantFrom('c1-test', 'nope'),
  users: fc.array(fc.constantFrom('user-1', 'user-3', ''), { maxLength: 3 }),
  language: fc.constantFrom('en', 'fr', 'de', 'xx', '', ...PROTOTYPE_NAMES),
  decomposition: fc.array(str, { maxLength: 2 }),
  state: fc.constantFrom('enabled', 'disabled', 'x', ...PROTOTYPE_NAMES),
  clearExistingDictionaryEntries: bool,
  eventType: fc.constantFrom('click', 'conversion', 'view', 'x', ...PROTOTYPE_NAMES),
  eventName: str,
  eventSubtype: fc.constantFrom('addToCart', 'purchase', 'x', ...PROTOTYPE_NAMES),
  index: fc.constantFrom('products', 'other', ''),
  positions: fc.array(num, { maxLength: 3 }),
  queryID: fc.constantFrom('a'.repeat(32), 'bad'),
  timestamp: num,
  authenticatedUserToken: str,
  filtersForEvents: fc.array(filterString, { maxLength: 2 }),
  value: num,
  currency: fc.constantFrom('USD', 'x', ...PROTOTYPE_NAMES),
  objectData: fc.array(fc.record({ price: num, quantity: num, discount: num, queryID: str }, { requiredKeys: [] }), {
    maxLength: 2,
  }),
  eventsScoring: fc.array(
    fc.record(
      {
        eventName: str,
        eventType: fc.constantFrom('click', 'conversion', 'view', 'x', ...PROTOTYPE_NAMES),
        score: num,
      },
      { requiredKeys: [] },
    ),
    { maxLength: 3 },
  ),
  facetsScoring: fc.array(fc.record({ facetName: attr, score: num }, { requiredKeys: [] }), { maxLength: 3 }),
  languages: fc.oneof(bool, fc.constant(['en', 'french']), fc.array(str, { maxLength: 2 })),
  exclude: fc.array(fc.constantFrom('^phone$', 'iphone', '(', '[a-', 'gal.*'), { maxLength: 2 }),
  allowSpecialCharacters: bool,
  threshold: num,
  maxRecommendations: fc.oneof(num, fc.constantFrom(0, 2, 30, 31)),
  facetName: attr,
  facetValue: str,
};
const valueFor = (name: string): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: Object.hasOwn(VALUES, name) ? VALUES[name]! : leaf },
    { weight: 1, arbitrary: leaf },
  );

/** An object with a few of the given fields (and always the `required` ones). */
function fields(
  names: readonly string[],
  required: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .uniqueArray(
      fc.oneof(
        { weight: 20, arbitrary: fc.constantFrom(...names) },
        { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
      ),
      { maxLength: 4 },
    )
    .chain((keys) => fc.record({ ...Object.fromEntries(keys.map((k) => [k, valueFor(k)])), ...required }));
}
const SEARCH = [
  'query',
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'optionalFilters',
  'hitsPerPage',
  'page',
  'offset',
  'length',
  'attributesToRetrieve',
  'attributesToHighlight',
  'attributesToSnippet',
  'facets',
  'maxValuesPerFacet',
  'sortFacetValuesBy',
  'aroundLatLng',
  'aroundLatLngViaIP',
  'aroundRadius',
  'aroundPrecision',
  'minimumAroundRadius',
  'insideBoundingBox',
  'insidePolygon',
  'getRankingInfo',
  'typoTolerance',
  'distinct',
  'ignorePlurals',
  'removeStopWords',
  'queryLanguages',
  'restrictSearchableAttributes',
  'analytics',
  'clickAnalytics',
  'analyticsTags',
  'ruleContexts',
  'enableRules',
  'enablePersonalization',
  'personalizationImpact',
  'userToken',
  'optionalWords',
  'advancedSyntax',
  'queryType',
  'removeWordsIfNoResults',
  'responseFields',
  'highlightPreTag',
  'highlightPostTag',
  'snippetEllipsisText',
  'exactOnSingleWordQuery',
  'alternativesAsExact',
  'minProximity',
  'relevancyStrictness',
  'facetingAfterDistinct',
  'sumOrFiltersScores',
  'mode',
  'similarQuery',
  'naturalLanguages',
  'attributeCriteriaComputedByMinProximity',
  'minWordSizefor1Typo',
  'minWordSizefor2Typos',
  'cursor',
  'disableTypoToleranceOnAttributes',
  'disableExactOnAttributes',
  'percentileComputation',
  'allowTyposOnNumericTokens',
];
const SETTINGS = [
  ...SEARCH.filter(
    (name) =>
      ![
        'query',
        'filters',
        'facetFilters',
        'numericFilters',
        'tagFilters',
        'optionalFilters',
        'page',
        'offset',
        'length',
        'cursor',
        'facets',
      ].includes(name),
  ),
  'searchableAttributes',
  'attributesForFaceting',
  'replicas',
  'ranking',
  'customRanking',
  'unretrievableAttributes',
  'numericAttributesForFiltering',
  'paginationLimitedTo',
  'separatorsToIndex',
  'decompoundedAttributes',
  'camelCaseAttributes',
  'keepDiacriticsOnCharacters',
  'attributeForDistinct',
  'indexLanguages',
  'customNormalization',
  'disableTypoToleranceOnWords',
  'replaceSynonymsInHighlight',
  'userData',
  'renderingContent',
];
/** The search parameters as a URL-encoded `params` string, values JSON-encoded when not strings. */
const searchParamsString = fields(SEARCH).map((object) =>
  new URLSearchParams(
    Object.entries(object).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString(),
);
const searchParams = fc.oneof(
  fields(SEARCH),
  searchParamsString.map((params) => ({ params })),
  fc.tuple(fields(SEARCH), searchParamsString).map(([o, params]) => ({ ...o, params })),
);
const record = fc.oneof(
  fields(['name', 'brand', 'price', 'tags', 'color', '_geoloc', 'objectID', 'nested'].map(String)),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);
const partial = fc.dictionary(
  fc.constantFrom('price', 'tags', 'name', 'objectID', 'nested.deep', 'n'),
  fc.oneof(
    leaf,
    fc.record(
      {
        _operation: fc.constantFrom(
          'Increment',
          'Decrement',
          'Add',
          'Remove',
          'AddUnique',
          'IncrementFrom',
          'IncrementSet',
          'x',
          ...PROTOTYPE_NAMES,
        ),
        value: leaf,
      },
      { requiredKeys: [] },
    ),
  ),
  { maxKeys: 3 },
);
const action = fc.constantFrom(
  'addObject',
  'updateObject',
  'partialUpdateObject',
  'partialUpdateObjectNoCreate',
  'deleteObject',
  'delete',
  'clear',
  'x',
  ...PROTOTYPE_NAMES,
);
const synonym = fields(
  ['objectID', 'type', 'synonyms', 'input', 'word', 'corrections', 'placeholder', 'replacements'],
  {
    type: fc.constantFrom(
      'synonym',
      'onewaysynonym',
      'altcorrection1',
      'altcorrection2',
      'placeholder',
      'x',
      ...PROTOTYPE_NAMES,
    ),
  },
);
const condition = fields(['pattern', 'anchoring', 'alternatives', 'context', 'filters']);
const consequence = fields(['params', 'promote', 'hide', 'userData', 'filterPromotes'], {}).chain((c) =>
  fc
    .record(
      {
        params: fc.oneof(
          fields(SEARCH),
          fields(['query', 'automaticFacetFilters', 'automaticOptionalFacetFilters', 'renderingContent']),
        ),
      },
      { requiredKeys: [] },
    )
    .map((p) => ({ ...c, ...p })),
);
const ruleBody = fc.record(
  {
    objectID: VALUES.objectID!,
    conditions: fc.array(condition, { maxLength: 2 }),
    condition,
    consequence,
    description: str,
    enabled: bool,
    validity: fc.array(fc.record({ from: num, until: num }), { maxLength: 1 }),
  },
  { requiredKeys: [] },
);
const recommendRequest = fc
  .tuple(
    fields(['threshold', 'maxRecommendations', 'facetName', 'facetValue', 'queryParameters', 'fallbackParameters'], {
      indexName: VALUES.indexName!,
      model: fc.constantFrom(
        'related-products',
        'bought-together',
        'trending-items',
        'trending-facets',
        'looking-similar',
        'x',
        ...PROTOTYPE_NAMES,
      ),
      objectID: VALUES.objectID!,
      threshold: fc.oneof(num, fc.constant(0)),
    }),
    fc.record({ queryParameters: searchParams, fallbackParameters: searchParams }, { requiredKeys: [] }),
  )
  .map(([a, b]) => ({ ...a, ...b }));
const recommendRule = fc.record(
  {
    objectID: fc.constantFrom('rr1', 'rr2', 'bad id', ''),
    condition: fields(['filters', 'context', 'pattern']),
    consequence: fc.record(
      {
        promote: fc.array(fields(['objectID', 'objectIDs', 'position']), { maxLength: 3 }),
        hide: fc.array(fields(['objectID']), { maxLength: 3 }),
        params: fc.oneof(
          fields([
            'filters',
            'facetFilters',
            'numericFilters',
            'optionalFilters',
            'tagFilters',
            'sumOrFiltersScores',
            'query',
          ]),
          fc.record({
            automaticFacetFilters: fc.array(fc.oneof(attr, fields(['facet', 'score', 'disjunctive', 'negative'])), {
              maxLength: 2,
            }),
          }),
        ),
        userData: VALUES.userData!,
      },
      { requiredKeys: [] },
    ),
    description: str,
    enabled: bool,
    validity: fc.array(fc.record({ from: num, until: num }, { requiredKeys: [] }), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);
const keyBody = fields([
  'acl',
  'description',
  'indexes',
  'maxHitsPerQuery',
  'maxQueriesPerIPPerHour',
  'queryParameters',
  'referers',
  'validity',
]);
const event = fields(
  [
    'eventType',
    'eventName',
    'eventSubtype',
    'index',
    'userToken',
    'authenticatedUserToken',
    'objectIDs',
    'positions',
    'queryID',
    'timestamp',
    'filters',
    'value',
    'currency',
    'objectData',
  ],
  {
    eventType: VALUES.eventType!,
    eventName: fc.constantFrom('clicked', 'bought', ''),
    index: fc.constantFrom('products', 'other'),
    userToken: fc.constantFrom('user-1', 'user-2'),
  },
);
const list = <T>(item: fc.Arbitrary<T>) => fc.array(item, { maxLength: 3 });
const sourceIndex = fc.record(
  {
    indexName: VALUES.indexName!,
    replicas: fc.oneof(bool, leaf),
    analyticsTags: fc.oneof(fc.array(str, { maxLength: 2 }), leaf),
    facets: fc.oneof(
      fc.array(fc.record({ attribute: attr, amount: num }, { requiredKeys: [] }), { maxLength: 2 }),
      leaf,
    ),
    minHits: num,
    minLetters: num,
    generate: fc.oneof(fc.array(fc.array(attr, { maxLength: 2 }), { maxLength: 2 }), leaf),
    external: fc.oneof(fc.array(fc.constantFrom('products', 'products_qs', 'missing', ''), { maxLength: 2 }), leaf),
  },
  { requiredKeys: [] },
);

/** A crawler configuration: the site's, with some properties replaced by plausible or wrong values. */
const CRAWLER_CONFIG = {
  appId: 'TESTAPP',
  apiKey: 'admin-api-key',
  rateLimit: 2,
  startUrls: ['https://site.test/'],
  actions: [
    {
      indexName: 'pages',
      pathsToMatch: ['https://site.test/**'],
      recordExtractor: { __type: 'function', source: '({ $ }) => [{ t: $("h1").text() }]' },
    },
  ],
};
const extractorSource = fc.constantFrom(
  '({ $ }) => []',
  '() => { throw new Error("x") }',
  '({ $ }) => { return [ }',
  '42',
  '',
  'function f() {}',
);
const crawlerConfig = fc
  .dictionary(
    fc.constantFrom(
      'appId',
      'apiKey',
      'rateLimit',
      'startUrls',
      'sitemaps',
      'extraUrls',
      'actions',
      'exclusionPatterns',
      'maxDepth',
      'maxUrls',
      'schedule',
      'indexPrefix',
      'initialIndexSettings',
      'ignoreCanonicalTo',
      'externalData',
      'safetyChecks',
      'linkExtractor',
      ...PROTOTYPE_NAMES,
    ),
    fc.oneof(
      leaf,
      fc.array(fc.oneof(str, fc.constant('https://site.test/**')), { maxLength: 2 }),
      fc.constantFrom('every 1 day', 'every 1 hour', 'nonsense'),
      fc.array(
        fc.record(
          {
            indexName: str,
            pathsToMatch: fc.array(str, { maxLength: 2 }),
            recordExtractor: fc.oneof(
              leaf,
              extractorSource.map((source) => ({ __type: 'function', source })),
            ),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 2 },
      ),
      fc.record({ pages: fields(SETTINGS) }),
    ),
    { maxKeys: 3 },
  )
  .chain((patch) => fc.oneof(fc.constant({ ...CRAWLER_CONFIG, ...patch }), fc.constant(patch)));

const TEMPLATES: Record<string, fc.Arbitrary<unknown>> = {
  saveObject: record,
  addOrUpdateObject: record,
  partialUpdateObject: partial,
  batch: fc.record({
    requests: list(fc.record({ action, body: fc.oneof(record, partial) }, { requiredKeys: ['action'] })),
  }),
  multipleBatch: fc.record({
    requests: list(
      fc.record(
        { action, indexName: VALUES.indexName!, body: fc.oneof(record, partial) },
        { requiredKeys: ['action'] },
      ),
    ),
  }),
  getObjects: fc.record({
    requests: list(fields(['attributesToRetrieve'], { indexName: VALUES.indexName!, objectID: VALUES.objectID! })),
  }),
  operationIndex: fields(['scope'], { operation: VALUES.operation!, destination: VALUES.destination! }),
  setSettings: fields(SETTINGS),
  searchSingleIndex: searchParams,
  browse: searchParams,
  deleteBy: fields([
    'filters',
    'facetFilters',
    'numericFilters',
    'tagFilters',
    'aroundLatLng',
    'aroundRadius',
    'insideBoundingBox',
    'insidePolygon',
    'query',
  ]),
  search: fc.record(
    {
      requests: list(
        fc
          .tuple(
            searchParams,
            fields(['type', 'facet', 'facetQuery', 'maxFacetHits'], { indexName: VALUES.indexName! }),
          )
          .map(([a, b]) => ({ ...a, ...b })),
      ),
      strategy: VALUES.strategy!,
    },
    { requiredKeys: ['requests'] },
  ),
  searchForFacetValues: fc
    .tuple(fields(['facetQuery', 'maxFacetHits']), searchParamsString)
    .map(([o, params]) => ({ ...o, params })),
  saveSynonym: synonym,
  saveSynonyms: list(synonym),
  searchSynonyms: fields(['query', 'type', 'page', 'hitsPerPage']),
  saveRule: ruleBody,
  saveRules: list(ruleBody),
  searchRules: fields(['query', 'anchoring', 'context', 'page', 'hitsPerPage', 'enabled']),
  batchDictionaryEntries: fc.record(
    {
      clearExistingDictionaryEntries: bool,
      requests: list(
        fc.record({
          action: fc.constantFrom('addEntry', 'deleteEntry', 'x', ...PROTOTYPE_NAMES),
          body: fields(['word', 'words', 'decomposition', 'state', 'type'], {
            objectID: fc.constantFrom('sw1', 'e1', ''),
            language: VALUES.language!,
          }),
        }),
      ),
    },
    { requiredKeys: ['requests'] },
  ),
  searchDictionaryEntries: fields(['query', 'page', 'hitsPerPage', 'language']),
  setDictionarySettings: fc.record({
    disableStandardEntries: fc.record(
      {
        stopwords: fc.dictionary(VALUES.language! as fc.Arbitrary<string>, fc.oneof(bool, leaf)),
        plurals: fc.dictionary(fc.constantFrom('en', 'x', ...PROTOTYPE_NAMES), bool),
        compounds: leaf,
      },
      { requiredKeys: [] },
    ),
  }),
  addApiKey: keyBody,
  updateApiKey: keyBody,
  addIndexApiKey: keyBody,
  updateIndexApiKey: keyBody,
  replaceSources: list(fields(['description'], { source: VALUES.source! })),
  appendSource: fields(['description'], { source: VALUES.source! }),
  assignUserId: fields(['cluster']),
  batchAssignUserIds: fields(['cluster', 'users']),
  searchUserIds: fields(['query', 'clusterName', 'page', 'hitsPerPage']),
  pushEvents: fc.record({ events: list(event) }),
  setPersonalizationStrategy: fields(['eventsScoring', 'facetsScoring', 'personalizationImpact']),
  createCrawler: fc.record({ name: fc.oneof(str, fc.constant('site')), config: crawlerConfig }, { requiredKeys: [] }),
  patchCrawler: fc.record({ name: str, config: crawlerConfig }, { requiredKeys: [] }),
  patchConfig: crawlerConfig,
  crawlUrls: fc.record(
    { urls: fc.array(fc.oneof(str, fc.constant('https://site.test/')), { maxLength: 3 }), save: fc.oneof(bool, leaf) },
    { requiredKeys: [] },
  ),
  testUrl: fc.record(
    { url: fc.oneof(str, fc.constant('https://site.test/')), config: crawlerConfig },
    { requiredKeys: [] },
  ),
  deleteCrawlRun: fc.array(str, { maxLength: 2 }),
  createConfig: fields(
    ['indexName', 'sourceIndices', 'languages', 'exclude', 'enablePersonalization', 'allowSpecialCharacters'],
    { indexName: VALUES.indexName!, sourceIndices: list(sourceIndex) },
  ),
  updateConfig: fields(['sourceIndices', 'languages', 'exclude', 'enablePersonalization', 'allowSpecialCharacters'], {
    sourceIndices: list(sourceIndex),
  }),
  getRecommendations: fc.record({ requests: list(recommendRequest) }),
  batchRecommendRules: list(recommendRule),
  searchRecommendRules: fields([
    'query',
    'context',
    'page',
    'hitsPerPage',
    'enabled',
    'filters',
    'facets',
    'maxValuesPerFacet',
  ]),
};

function bodyFor(route: Route): fc.Arbitrary<unknown> {
  const template = TEMPLATES[route.operation];
  return template ? fc.oneof({ weight: 1, arbitrary: chaos }, { weight: 3, arbitrary: template }) : chaos;
}

/** Query strings: random names, and the route's own names with values of the wrong type. */
function queryFor(route: Route): fc.Arbitrary<Record<string, string>> {
  const known = [
    ...(route.call?.query ?? []),
    ...PROTOTYPE_NAMES,
    'forwardToReplicas',
    'createIfNotExists',
    'page',
    'hitsPerPage',
    'index',
    'startDate',
    'endDate',
    'limit',
    'offset',
    'query',
    'filters',
    'facets',
    'attributesToRetrieve',
    'cursor',
    'type',
    'length',
    'getClusters',
    'clearExistingRules',
    'replaceExistingSynonyms',
  ];
  const value = fc.oneof(
    plausibleString,
    plausibleNumber.map(String),
    nastyString,
    fc.jsonValue({ maxDepth: 1 }).map((v) => JSON.stringify(v)),
  );
  const names = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  return fc.oneof(fc.constant({}), fc.dictionary(names, value, { maxKeys: 4 }));
}

function pathFor(route: Route): fc.Arbitrary<string> {
  const parts = route.path.split('/').map((segment) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    return name ? placeholder(name) : fc.constant(segment);
  });
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

type Caller = 'admin' | 'restricted' | 'wrong';
const caller = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Caller>('admin') },
  { weight: 2, arbitrary: fc.constant<Caller>('restricted') },
  { weight: 1, arbitrary: fc.constant<Caller>('wrong') },
);
/** Mostly none: an unassigned user ID or a bad forwarded key stops requests at the gate. */
const extraHeaders = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Record<string, string>>({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { 'x-algolia-user-id': 'user-1' },
      { 'x-algolia-user-id': 'user-2' },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { 'x-forwarded-api-key': 'restricted', 'x-forwarded-for': '10.1.1.1' },
      { 'x-forwarded-api-key': 'nope' },
    ),
  },
);

function headersFor(who: Caller, extra: Record<string, string>, host: Route['host']): Record<string, string> {
  if (host === 'crawler')
    return {
      authorization: who === 'wrong' ? basicAuth('someone', 'else') : who === 'restricted' ? 'Basic %%' : CRAWLER_AUTH,
    };
  const apiKey = who === 'admin' ? emulator.adminApiKey : who === 'restricted' ? restrictedKey : 'not-a-key';
  const headers: Record<string, string> = {
    'x-algolia-application-id': emulator.appId,
    'x-algolia-api-key': apiKey,
    ...extra,
  };
  if (headers['x-forwarded-api-key'] === 'restricted') headers['x-forwarded-api-key'] = restrictedKey;
  return headers;
}

// ---- checks -----------------------------------------------------------------------------

/**
 * Slices a refused request must leave untouched. Every answered request appends to the API
 * log, a rate-limited key's call is counted before the operation runs, and every analytics
 * call (errors included) counts against the per-minute window, so `logs`, `security.calls`
 * and `analytics.rateWindow` legitimately change; everything else must be the very same object.
 */
function stableSlices(state: State): Record<string, unknown> {
  const { calls: _calls, ...security } = state.security;
  const { rateWindow: _window, ...analytics } = state.analytics;
  const slices = (prefix: string, tree: object) =>
    Object.entries(tree).map(([name, slice]) => [`${prefix}.${name}`, slice] as const);
  return {
    indices: state.indices,
    tasks: state.tasks,
    clusters: state.clusters,
    dictionaries: state.dictionaries,
    crawler: state.crawler,
    querySuggestions: state.querySuggestions,
    ingestion: state.ingestion,
    ...Object.fromEntries([...slices('security', security), ...slices('analytics', analytics)]),
  };
}

function describeRequest(route: Route, req: unknown, res: EmulatorResponse): string {
  const text = JSON.stringify({
    route: `${route.host} ${route.method} ${route.path}`,
    req,
    status: res.status,
    body: res.body,
  });
  return text.length > 1500 ? `${text.slice(0, 1500)}…` : text;
}

function checkResponse(route: Route, req: unknown, res: EmulatorResponse, before: State, after: State): void {
  const context = describeRequest(route, req, res);
  // A raw `/` in a placeholder can land on another route: the route that answered decides.
  const matched = emulator.core.router.match(route.host, route.method, (req as { path: string }).path);
  const answering = matched && matched !== 'method' ? matched.route : route;
  const allowed =
    res.status < 500 ||
    (res.status === 501 && answering.parity?.status === 'missing') ||
    isDocumentedServerError(answering, res.body);
  expect(allowed, context).toBe(true);
  // Status 0: a firewall switched on by an earlier request refused the source (no HTTP answer).
  if (res.status === 0) return expect(typeof (res.body as { message?: unknown }).message, context).toBe('string');
  if (res.status >= 400) {
    const error = res.body as { message?: unknown; status?: unknown };
    expect(typeof error?.message, context).toBe('string');
    expect(error.status, context).toBe(res.status);
    const was = stableSlices(before);
    const now = stableSlices(after);
    for (const name of Object.keys(was))
      expect(now[name] === was[name], `${name} changed by a refused request: ${context}`).toBe(true);
  }
}

// ---- the properties ---------------------------------------------------------------------

const routeName = (route: Route) => `${route.host} ${route.method} ${route.path} (${route.operation})`;

interface FuzzRequest {
  readonly route: Route;
  readonly req: {
    method: Method;
    host: Route['host'];
    path: string;
    query: Record<string, string>;
    body: unknown;
    headers: Record<string, string>;
  };
  /** What the failure message shows instead of the raw headers. */
  readonly shown: unknown;
}

function requestFor(route: Route): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(pathFor(route), queryFor(route), bodyFor(route), caller, extraHeaders)
    .map(([path, query, body, who, extra]) => {
      // Through JSON, as over HTTP: own `__proto__` keys stay data, `undefined` members go.
      const json: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
      const req = {
        method: route.method,
        host: route.host,
        path,
        query,
        body: json,
        headers: headersFor(who, extra, route.host),
      };
      return { route, req, shown: { ...req, headers: { who, ...extra } } };
    });
}

async function send({ route, req, shown }: FuzzRequest): Promise<void> {
  const before = emulator.core.state;
  const res = await emulator.request(req);
  checkResponse(route, shown, res, before, emulator.core.state);
}

describe('every route survives random requests', () => {
  for (const [i, route] of emulator.routes.entries()) {
    it(routeName(route), async () => {
      const runs = route.parity?.status === 'missing' ? 10 : RUNS;
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (request) => {
          emulator.restore(base);
          await send(request);
        }),
        { seed: SEED + i, numRuns: runs, endOnFailure: true },
      );
    });
  }
});

// ---- adversarial bodies ---------------------------------------------------------------

/** The placeholder a poison replaces once the body is JSON text. */
const SENTINEL = '\u0000poison\u0000';
const SENTINEL_TEXT = JSON.stringify(SENTINEL);

const nestedText = (levels: number, open: string, close: string, inner: string) =>
  `${open.repeat(levels)}${inner}${close.repeat(levels)}`;

/**
 * JSON texts that have broken parsers and engines: nesting around the limit and far past it,
 * prototype keys, objects standing where a number or string is expected (their `toString` and
 * `valueOf` are data, never methods), lone surrogates, and huge arrays.
 */
const poison = fc.oneof(
  fc
    .constantFrom(99, 100, 101, 150, 10_000)
    .chain((levels) =>
      fc.constantFrom(
        nestedText(levels - 1, '{"a":', '}', '{}'),
        nestedText(levels - 1, '[', ']', '[]'),
        nestedText(levels - 1, '{"requests":[', ']}', '{}'),
      ),
    ),
  fc.constantFrom(
    '{"__proto__":{"polluted":true,"acl":["admin"]}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"__proto__":null,"constructor":1,"prototype":[]}',
    '{"toString":1}',
    '{"valueOf":{}}',
    '{"toString":"x","valueOf":2,"hasOwnProperty":false}',
    '[{"toString":1},{"valueOf":[]}]',
    '"\\ud800"',
    '"a\\udc00b"',
    '"\\udfff\\ud800"',
    '{"\\ud800":"\\udc00"}',
    '["\\ud83d","brand:\\ud800"]',
  ),
  fc
    .constantFrom(10_000, 30_000)
    .chain((length) =>
      fc.constantFrom(
        `[${'"x",'.repeat(length)}"x"]`,
        `[${'1,'.repeat(length)}1]`,
        `[${'{},'.repeat(length)}{}]`,
        `[${'"brand:Apple",'.repeat(length)}"p1"]`,
      ),
    ),
);

/** Sets the sentinel somewhere in `body`: a field of an object (maybe a prototype name), an array item, or the body itself. */
function plant(body: unknown, choices: readonly number[], key: string): unknown {
  const copy: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
  const containers: (Record<string, unknown> | unknown[])[] = [];
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    containers.push(value as Record<string, unknown>);
    for (const child of Object.values(value)) walk(child);
  };
  walk(copy);
  if (containers.length === 0 || choices[0] % 5 === 0) return SENTINEL;
  const target = containers[choices[1] % containers.length];
  if (Array.isArray(target)) target[target.length === 0 ? 0 : choices[2] % (target.length + 1)] = SENTINEL;
  else {
    const keys = Object.keys(target);
    const name = choices[2] % 2 === 0 && keys.length > 0 ? keys[choices[3] % keys.length] : key;
    // Through JSON: a `__proto__` key stays an own member, as an HTTP body gives it.
    Object.defineProperty(target, name, { value: SENTINEL, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

function adversarialFor(route: Route): fc.Arbitrary<FuzzRequest> {
  const key = fc.oneof(
    fc.constantFrom(...FIELDS),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf'),
  );
  return fc
    .tuple(
      pathFor(route),
      queryFor(route),
      bodyFor(route),
      poison,
      fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
      key,
      caller,
    )
    .map(([path, query, body, text, choices, name, who]) => {
      const planted = JSON.stringify(plant(body, choices, name)) ?? SENTINEL_TEXT;
      const json = planted.replace(SENTINEL_TEXT, text);
      const req = {
        method: route.method,
        host: route.host,
        path,
        query,
        body: JSON.parse(json) as unknown,
        headers: headersFor(who, {}, route.host),
      };
      return {
        route,
        req,
        shown: { ...req, body: `${json.slice(0, 300)}… (${json.length} characters)`, headers: { who } },
      };
    });
}

describe('every route survives adversarial bodies', () => {
  // Deep nesting past the limit, prototype keys, objects with toString/valueOf members, lone
  // surrogates and huge arrays, planted anywhere in a body of the route's own shape.
  for (const [i, route] of emulator.routes.entries()) {
    it(routeName(route), async () => {
      await fc.assert(
        fc.asyncProperty(adversarialFor(route), async (request) => {
          emulator.restore(base);
          await send(request);
        }),
        { seed: SEED + 7919 * (i + 1), numRuns: route.parity?.status === 'missing' ? 2 : 8, endOnFailure: true },
      );
    });
  }
});

describe('random sequences of requests', () => {
  // Sequences reach states one request cannot: a primary deleted under its replicas, a key
  // deleted then restored, settings changed between searches, a firewall switched on.
  const served = emulator.routes.filter((route) => route.parity?.status !== 'missing');
  it('never answer a 500 nor half-apply a refused write, whatever came before', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...served).chain(requestFor), { minLength: 2, maxLength: 6 }),
        async (requests) => {
          emulator.restore(base);
          for (const request of requests) await send(request);
        },
      ),
      { seed: SEED, numRuns: SEQUENCES, endOnFailure: true },
    );
  });
});

describe('the fuzz setup reaches deep paths', () => {
  it('the seeded state answers searches, facets, keys and rules', async () => {
    emulator.restore(base);
    const search = await emulator.request({
      method: 'POST',
      path: '/1/indexes/products/query',
      body: { query: 'phone', facets: ['brand'] },
    });
    expect(search.status).toBe(200);
    expect((search.body as { hits: { objectID: string }[] }).hits[0]?.objectID).toBe('p3');
    const restricted = await emulator.request({
      method: 'POST',
      path: '/1/indexes/products/query',
      body: {},
      headers: headersFor('restricted', {}, 'search'),
    });
    expect((restricted.body as { hits: unknown[] }).hits).toHaveLength(3);
    const refused = await emulator.request({
      method: 'PUT',
      path: '/1/indexes/products/settings',
      body: {},
      headers: headersFor('restricted', {}, 'search'),
    });
    expect(refused.status).toBe(403);
    expect(emulator.core.state.indices.get('products')?.settings.replicas).toEqual([
      'products_price_asc',
      'virtual(products_virtual)',
    ]);
    const crawler = await emulator.request({
      method: 'GET',
      host: 'crawler',
      path: `/api/1/crawlers/${crawlerId}`,
      headers: headersFor('admin', {}, 'crawler'),
    });
    expect(crawler.body).toMatchObject({ reindexing: true, blocked: false });
  });

  it('the seeded state answers recommendations and finds its Recommend rule', async () => {
    emulator.restore(base);
    const recommended = await emulator.request({
      method: 'POST',
      path: '/1/indexes/*/recommendations',
      body: { requests: [{ indexName: 'products', model: 'bought-together', objectID: 'p1', threshold: 0 }] },
    });
    expect(
      (recommended.body as { results: { hits: { objectID: string }[] }[] }).results[0].hits.map((hit) => hit.objectID),
    ).toEqual(['p2']);
    const rules = await emulator.request({
      method: 'POST',
      path: '/1/indexes/products/related-products/recommend/rules/search',
      body: {},
    });
    expect((rules.body as { nbHits: number }).nbHits).toBe(1);
  });
});
