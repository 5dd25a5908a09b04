import { querySuggestionsClient } from '@algolia/client-query-suggestions';
import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { crawlerApi, siteConfig, siteHandlers } from '../crawler/site';
import { SCHEMAS, violations } from '../support/schemas/validate';
import { setupEmulatorServer } from '../support/server';
import { refusal } from '../support/surfaces';
import { captureWire } from '../support/wire';

/**
 * Every wire answer of a scenario through the official clients over msw, checked against the
 * response schemas written from the public OpenAPI (test/support/schemas). The operations issue
 * 29 named must each have been checked, success and documented errors alike.
 */
const env = setupEmulatorServer({
  now: '2024-06-03T09:00:00Z',
  clusters: ['c1-test', 'c2-test'],
  analyticsRefresh: 'immediate',
});

type Opened = ReturnType<ReturnType<typeof setupEmulatorServer>['fresh']>;

const checked = new Set<string>();

/**
 * A first Query Suggestions build loads language data, which a loaded test machine may take
 * longer than the client's 2-second connect timeout to transform: these tests are not about time.
 */
const PATIENT = { timeouts: { connect: 60_000, read: 60_000, write: 60_000 } };

/** Runs `scenario` with msw's answers recorded; answers every violation found (operation, status, what). */
async function conformance(scenario: (opened: Opened) => Promise<void>): Promise<string[]> {
  const opened = env.fresh();
  const wire = captureWire(env.server, opened.emulator);
  try {
    await scenario(opened);
  } finally {
    wire.stop();
  }
  const found: string[] = [];
  for (const answer of await wire.answers()) {
    if (answer.operation === undefined) continue;
    const problems = violations(answer.operation, answer.status, answer.body);
    if (problems === undefined) continue;
    checked.add(answer.operation);
    for (const problem of problems) found.push(`${answer.operation} ${answer.status}: ${problem}`);
  }
  return found;
}

describe('wire answers conform to the OpenAPI response schemas', () => {
  it('search API: records, rules, synonyms, settings, indices, queries, user mappings', async () => {
    const found = await conformance(async ({ client, emulator }) => {
      const indexName = 'products';
      await client.setSettings({ indexName, indexSettings: { attributesForFaceting: ['searchable(editor)'] } });
      await client.saveObject({ indexName, body: { editor: 'visual studio', rating: 4 } });
      await client.saveObjects({ indexName, objects: [{ objectID: 'n', editor: 'neovim', rating: 5 }] });
      await client.addOrUpdateObject({ indexName, objectID: 'g', body: { editor: 'goland', rating: 3 } });
      await client.partialUpdateObject({ indexName, objectID: 'g', attributesToUpdate: { rating: 2 } });
      await client.getObject({ indexName, objectID: 'g' });
      await client.saveRule({
        indexName,
        objectID: 'r1',
        rule: {
          objectID: 'r1',
          conditions: [{ pattern: 'vim', anchoring: 'contains' }],
          consequence: { promote: [{ objectID: 'n', position: 0 }] },
        },
      });
      await client.saveRules({ indexName, rules: [{ objectID: 'r2', consequence: { params: { query: 'x' } } }] });
      await client.deleteRule({ indexName, objectID: 'r2' });
      await client.saveSynonym({
        indexName,
        objectID: 's1',
        synonymHit: { objectID: 's1', type: 'synonym', synonyms: ['vim', 'vi'] },
      });
      await client.deleteSynonym({ indexName, objectID: 's1' });
      const { taskID } = await client.operationIndex({
        indexName,
        operationIndexParams: { operation: 'copy', destination: 'rules_only', scope: ['rules'] },
      });
      await client.getTask({ indexName, taskID });
      await client.getSettings({ indexName: 'rules_only' });
      await client.getSettings({ indexName });
      await client.setSettings({ indexName, indexSettings: { replicas: ['products_by_rating'] } });
      await client.setSettings({ indexName, indexSettings: { replicas: [''] } });
      await client.listIndices();
      await client.searchSingleIndex({ indexName, searchParams: { query: 'vim', clickAnalytics: true } });
      await client.search({
        requests: [
          { indexName, filters: "editor:'visual studio' OR editor:neovim" },
          { indexName, type: 'facet', facet: 'editor' },
        ],
      });
      await client.searchForFacetValues({
        indexName,
        facetName: 'editor',
        searchForFacetValuesRequest: { facetQuery: 'v' },
      });
      await client.browse({ indexName });
      await client.deleteBy({ indexName, deleteByParams: { filters: 'rating < 3' } });
      await client.deleteObject({ indexName, objectID: 'n' });
      await client.clearObjects({ indexName });
      await client.assignUserId({
        xAlgoliaUserID: 'javascript-2024-mcm-1',
        assignUserIdParams: { cluster: 'c1-test' },
      });
      await client.getUserId({ userID: 'javascript-2024-mcm-1' });
      await client.searchUserIds({ query: 'javascript-2024-mcm-1', clusterName: 'c1-test' });
      await client.deleteIndex({ indexName: 'rules_only' });
      // Errors are error bodies too.
      await refusal(client.getObject({ indexName, objectID: 'missing' }));
      await refusal(client.deleteBy({ indexName, deleteByParams: {} }));
      emulator.clock.advance('1m');
    });
    expect(found).toEqual([]);
  });

  it('Recommend: recommendations (an empty list too) and rules', async () => {
    const found = await conformance(async ({ client, emulator }) => {
      const recommend = client.initRecommend();
      await client.setSettings({ indexName: 'shop', indexSettings: { attributesForFaceting: ['brand'] } });
      await client.saveObjects({
        indexName: 'shop',
        objects: [
          { objectID: 'p1', brand: 'Nike', name: 'running shoes' },
          { objectID: 'p2', brand: 'Nike', name: 'trail shoes' },
        ],
      });
      emulator.trainRecommendModels();
      const { taskID } = await recommend.batchRecommendRules({
        indexName: 'shop',
        model: 'related-products',
        recommendRule: [
          {
            objectID: 'promote-p2',
            description: 'promote p2',
            consequence: { promote: [{ objectID: 'p2', position: 0 }] },
          },
        ],
      });
      await recommend.getRecommendStatus({ indexName: 'shop', model: 'related-products', taskID });
      await recommend.getRecommendRule({ indexName: 'shop', model: 'related-products', objectID: 'promote-p2' });
      await recommend.searchRecommendRules({
        indexName: 'shop',
        model: 'related-products',
        searchRecommendRulesParams: { query: 'p2' },
      });
      await recommend.getRecommendations({
        requests: [
          { indexName: 'shop', model: 'related-products', objectID: 'p1', threshold: 0 },
          { indexName: 'shop', model: 'related-products', objectID: 'p1', threshold: 0, maxRecommendations: 1 },
          { indexName: 'shop', model: 'bought-together', objectID: 'p1', threshold: 99 },
          { indexName: 'shop', model: 'trending-facets', facetName: 'brand', threshold: 0 },
        ],
      });
      await recommend.deleteRecommendRule({ indexName: 'shop', model: 'related-products', objectID: 'promote-p2' });
    });
    expect(found).toEqual([]);
  });

  it('insights and analytics: events with any filter, top hits, rates', async () => {
    const found = await conformance(async ({ client, emulator }) => {
      const insights = client.initInsights({});
      const analytics = client.initAnalytics({});
      await client.saveObjects({ indexName: 'shop', objects: [{ objectID: 'p1', name: 'shoe', rating: 4 }] });
      const { queryID } = await client.searchSingleIndex({
        indexName: 'shop',
        searchParams: { query: 'shoe', clickAnalytics: true, userToken: 'u1' },
      });
      await client.searchSingleIndex({
        indexName: 'shop',
        searchParams: { query: 'boot', clickAnalytics: true, userToken: 'u2' },
      });
      await insights.pushEvents({
        events: [
          {
            eventType: 'click',
            eventName: 'Hit Clicked',
            index: 'shop',
            userToken: 'u1',
            objectIDs: ['p1'],
            positions: [1],
            queryID: queryID!,
          },
          { eventType: 'click', eventName: 'Filter Applied', index: 'shop', userToken: 'u1', filters: ['rating>=4'] },
        ],
      });
      emulator.clock.advance('1m');
      const range = { index: 'shop', startDate: '2024-06-01', endDate: '2024-06-04' };
      await analytics.getTopHits(range);
      await analytics.getTopHits({ ...range, clickAnalytics: true });
      await analytics.getTopHits({ ...range, clickAnalytics: true, revenueAnalytics: true });
      await analytics.getTopSearches({ ...range, clickAnalytics: true });
      await analytics.getNoClickRate(range);
      await analytics.getNoResultsRate(range);
      await analytics.getSearchesCount(range);
      await analytics.getUsersCount(range);
      await analytics.getClickThroughRate(range);
      await analytics.getStatus({ index: 'shop' });
    });
    expect(found).toEqual([]);
  });

  it('personalization: strategy, profiles, and the errors of a wrong key and an invalid strategy', async () => {
    const found = await conformance(async ({ client, emulator }) => {
      const personalization = client.initPersonalization({ region: 'us' });
      await personalization.setPersonalizationStrategy({
        eventsScoring: [{ eventName: 'Hit Clicked', eventType: 'click', score: 10 }],
        facetsScoring: [{ facetName: 'brand', score: 10 }],
        personalizationImpact: 50,
      });
      await personalization.getPersonalizationStrategy();
      await client.saveObjects({ indexName: 'shop', objects: [{ objectID: 'p1', brand: 'Nike' }] });
      await client.initInsights({}).pushEvents({
        events: [{ eventType: 'click', eventName: 'Hit Clicked', index: 'shop', userToken: 'u1', objectIDs: ['p1'] }],
      });
      emulator.clock.advance('1m');
      await personalization.getUserTokenProfile({ userToken: 'u1' });
      await personalization.deleteUserProfile({ userToken: 'u1' });
      await refusal(personalization.getUserTokenProfile({ userToken: 'nobody' }));
      await refusal(
        personalization.setPersonalizationStrategy({
          eventsScoring: [],
          facetsScoring: [],
          personalizationImpact: 500,
        }),
      );
      const wrong = algoliasearch(emulator.appId, 'wrong-key').initPersonalization({ region: 'us' });
      await refusal(wrong.getPersonalizationStrategy());
    });
    expect(found).toEqual([]);
  });

  it('Query Suggestions through a key holding settings and editSettings', async () => {
    const found = await conformance(async ({ client, emulator }) => {
      await client.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1', name: 'shoe' }] });
      const { key } = await emulator.addApiKey({ acl: ['settings', 'editSettings'] });
      const suggestions = querySuggestionsClient(emulator.appId, key, 'us', PATIENT);
      const sourceIndices = [{ indexName: 'products', minHits: 0 }];
      await suggestions.createConfig({ indexName: 'products_qs', sourceIndices });
      await suggestions.getConfig({ indexName: 'products_qs' });
      await suggestions.getAllConfigs();
      await suggestions.getConfigStatus({ indexName: 'products_qs' });
      await suggestions.updateConfig({ indexName: 'products_qs', configuration: { sourceIndices, exclude: ['^x'] } });
      await suggestions.deleteConfig({ indexName: 'products_qs' });
      const { key: searchOnly } = await emulator.addApiKey({ acl: ['search'] });
      await refusal(querySuggestionsClient(emulator.appId, searchOnly, 'us', PATIENT).getAllConfigs());
    });
    expect(found).toEqual([]);
  });

  it('crawler configuration versions, and an unknown crawler', async () => {
    const found = await conformance(async ({ emulator }) => {
      env.server.use(...siteHandlers());
      const api = crawlerApi(emulator, 'http');
      const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
      await api.listConfigVersions({ id });
      await api.getConfigVersion({ id, version: 1 });
      const unknown = '00000000-0000-4000-8000-000000000000';
      await refusal(api.listConfigVersions({ id: unknown }));
      await refusal(api.getConfigVersion({ id: unknown, version: 1 }));
      await refusal(api.getConfigVersion({ id, version: 9 }));
    });
    expect(found).toEqual([]);
  });

  it('checked every operation issue 29 names, and every operation with a schema', () => {
    const named = [
      'saveObject',
      'deleteBy',
      'saveRule',
      'listIndices',
      'getRecommendations',
      'searchRecommendRules',
      'getTopHits',
      'getNoClickRate',
      'getPersonalizationStrategy',
      'setPersonalizationStrategy',
      'listConfigVersions',
      'getConfigVersion',
      'search',
      'setSettings',
      'getSettings',
      'searchUserIds',
      'getConfig',
      'createConfig',
      'pushEvents',
    ];
    expect(named.filter((operation) => !checked.has(operation))).toEqual([]);
    expect(Object.keys(SCHEMAS).filter((operation) => !checked.has(operation))).toEqual([]);
  });
});

describe('the schemas catch what the issue found', () => {
  const at = '2024-06-03T09:00:00.000Z';
  it.each([
    ['saveObject', 200, { createdAt: at, taskID: 1, objectID: 'a' }, 'status 200 is not documented'],
    ['deleteBy', 200, { taskID: 1, updatedAt: at, deletedAt: at }, 'must NOT have additional properties'],
    ['saveRule', 200, { taskID: 1, updatedAt: at, objectID: 'r' }, 'must NOT have additional properties'],
    [
      'listIndices',
      200,
      {
        items: [
          {
            name: 'a',
            createdAt: at,
            updatedAt: at,
            entries: 0,
            dataSize: 0,
            fileSize: 0,
            lastBuildTimeS: 0,
            pendingTask: false,
            numberOfPendingTasks: 0,
            numberOfPendingTask: 0,
          },
        ],
      },
      'must NOT have additional properties',
    ],
    [
      'getTopHits',
      200,
      {
        hits: [
          {
            hit: 'a',
            count: 1,
            clickThroughRate: 0,
            conversionRate: 0,
            trackedSearchCount: 1,
            clickCount: 0,
            conversionCount: 0,
          },
        ],
      },
      'must',
    ],
    ['getConfigVersion', 404, { message: 'Not found' }, "must have required property 'status'"],
  ])('%s %i', (operation, status, body, problem) => {
    expect((violations(operation, status, body) ?? []).join('\n')).toContain(problem);
  });
});
