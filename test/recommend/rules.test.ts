import { describe, expect, it } from 'vitest';
import { expectConforms } from '../support/schemas/validate';
import { rejects, SURFACES } from '../support/surfaces';
import { ids, setupRecommend, type RecommendApi } from './support';

/**
 * Recommend rules: the CRUD of the rules API, their effect on getRecommendations, and every
 * refusal the spec lists, through direct calls and the official client over msw. Without
 * events, related-products for phone-x answers the records sharing a brand or a category with
 * it, all at 33.33: case-x, charger, earbuds, phone-y (objectID order).
 */
const open = setupRecommend();
const RELATED = { indexName: 'shop', model: 'related-products' } as const;
const ask = (api: RecommendApi, extra: Record<string, unknown> = {}, objectID = 'phone-x') =>
  api
    .getRecommendations({ requests: [{ ...RELATED, objectID, threshold: 0, ...extra }] })
    .then((r: { results: { hits: { objectID: string; _score: number }[]; userData?: unknown }[] }) => r.results[0]);
const save = (api: RecommendApi, rules: unknown[], clear = false) =>
  api.batchRecommendRules(
    { ...RELATED, recommendRule: rules },
    clear ? { queryParameters: { clearExistingRules: true } } : undefined,
  );

describe.each(SURFACES)('Recommend rules (%s)', (surface) => {
  it('batch, get, search, delete, with tasks on the clock', async () => {
    const { emulator, api } = await open(surface);
    const saved = await save(api, [
      {
        objectID: 'r1',
        description: 'Hide the earbuds on phones',
        condition: { filters: 'category:phone' },
        consequence: { hide: [{ objectID: 'earbuds' }] },
      },
      {
        objectID: 'r2',
        condition: { context: 'mobile' },
        consequence: { promote: [{ objectID: 'speaker', position: 0 }] },
        enabled: false,
      },
    ]);
    expect(saved).toEqual({ taskID: expect.any(Number), updatedAt: '2024-06-03T09:00:00.000Z' });
    expect(await api.getRecommendStatus({ ...RELATED, taskID: saved.taskID })).toEqual({ status: 'published' });
    expect(await api.getRecommendRule({ ...RELATED, objectID: 'r1' })).toEqual({
      objectID: 'r1',
      description: 'Hide the earbuds on phones',
      condition: { filters: 'category:phone' },
      consequence: { hide: [{ objectID: 'earbuds' }] },
      _metadata: { lastUpdate: '2024-06-03T09:00:00.000Z' },
    });

    const found = await api.searchRecommendRules({ ...RELATED, searchRecommendRulesParams: { query: 'earb' } });
    // Closed as the OpenAPI draws it, `_highlightResult` aside (spec 001 lists it: docs/parity-decisions.md).
    expectConforms('searchRecommendRules', 200, found);
    expect(found).toEqual({
      hits: [
        {
          objectID: 'r1',
          description: 'Hide the earbuds on phones',
          condition: { filters: 'category:phone' },
          consequence: { hide: [{ objectID: 'earbuds' }] },
          enabled: true,
          _metadata: { lastUpdate: '2024-06-03T09:00:00.000Z' },
          _highlightResult: {
            objectID: { value: 'r1', matchLevel: 'none', matchedWords: [] },
            description: {
              value: 'Hide the <em>earb</em>uds on phones',
              matchLevel: 'full',
              matchedWords: ['earb'],
              fullyHighlighted: false,
            },
            condition: { filters: { value: 'category:phone', matchLevel: 'none', matchedWords: [] } },
          },
        },
      ],
      nbHits: 1,
      page: 0,
      nbPages: 1,
    });
    const byContext = await api.searchRecommendRules({ ...RELATED, searchRecommendRulesParams: { context: 'mobile' } });
    expect(ids(byContext.hits)).toEqual(['r2']);
    const disabled = await api.searchRecommendRules({
      ...RELATED,
      searchRecommendRulesParams: { enabled: false, facets: ['enabled'] },
    });
    expect(ids(disabled.hits)).toEqual(['r2']);
    expect(disabled.facets).toEqual({ enabled: { false: 1 } });
    const filtered = await api.searchRecommendRules({
      ...RELATED,
      searchRecommendRulesParams: { filters: 'objectID:r2 OR condition.context:mobile', hitsPerPage: 1 },
    });
    expect(filtered).toMatchObject({ nbHits: 1, nbPages: 1, hits: [{ objectID: 'r2' }] });
    // Another model holds its own rules.
    expect((await api.searchRecommendRules({ indexName: 'shop', model: 'bought-together' })).nbHits).toBe(0);

    const deleted = await api.deleteRecommendRule({ ...RELATED, objectID: 'r1' });
    expect(deleted).toEqual({ taskID: expect.any(Number), deletedAt: '2024-06-03T09:00:00.000Z' });
    await rejects(api.getRecommendRule({ ...RELATED, objectID: 'r1' }), 404, 'ObjectID does not exist');
    await rejects(api.deleteRecommendRule({ ...RELATED, objectID: 'r1' }), 404, 'ObjectID does not exist');
    await rejects(
      api.getRecommendStatus({ ...RELATED, taskID: emulator.core.state.tasks.lastID + 100 }),
      404,
      'Task does not exist',
    );
  });

  it('clearExistingRules replaces every rule in one task, and a refused batch changes nothing', async () => {
    const { emulator, api } = await open(surface);
    await save(api, [
      { objectID: 'r1', consequence: { hide: [{ objectID: 'case-x' }] } },
      { objectID: 'r2', consequence: { hide: [{ objectID: 'charger' }] } },
    ]);
    await rejects(
      save(
        api,
        [
          { objectID: 'r3', consequence: { hide: [{ objectID: 'phone-y' }] } },
          { objectID: 'bad id', consequence: {} },
        ],
        true,
      ),
      400,
      /^body\[1\]\.objectID/,
    );
    expect(ids((await api.searchRecommendRules({ ...RELATED })).hits)).toEqual(['r1', 'r2']);
    const before = emulator.core.state.tasks.lastID;
    await save(api, [{ objectID: 'r3', consequence: { hide: [{ objectID: 'phone-y' }] } }], true);
    expect(emulator.core.state.tasks.lastID).toBeGreaterThan(before);
    expect(ids((await api.searchRecommendRules({ ...RELATED })).hits)).toEqual(['r3']);
    expect(ids((await ask(api)).hits)).toEqual(['case-x', 'charger', 'earbuds']);
    // Called without rules the client sends `{}`: with clearExistingRules, a clear.
    await api.batchRecommendRules({ ...RELATED }, { queryParameters: { clearExistingRules: true } });
    expect((await api.searchRecommendRules({ ...RELATED })).nbHits).toBe(0);
  });

  it('a rule promotes, hides and filters the recommendations of the source items it matches', async () => {
    const { api } = await open(surface);
    await save(api, [
      {
        objectID: 'phones',
        condition: { filters: 'category:phone AND price > 500' },
        consequence: {
          promote: [{ objectID: 'speaker', position: 0 }],
          hide: [{ objectID: 'earbuds' }],
          params: { filters: 'price < 700' },
          userData: { banner: 'phones' },
        },
      },
    ]);
    const phone = await ask(api);
    // speaker is no recommendation of phone-x: promoted, it comes first with a score of 0.
    expect(
      phone.hits.map(({ objectID, _score }: { objectID: string; _score: number }) => ({ objectID, _score })),
    ).toEqual([
      { objectID: 'speaker', _score: 0 },
      { objectID: 'case-x', _score: 33.33 },
      { objectID: 'charger', _score: 33.33 },
      { objectID: 'phone-y', _score: 33.33 },
    ]);
    expect(phone.userData).toEqual([{ banner: 'phones' }]);
    // The condition reads the source item: a case does not match it.
    expect(ids((await ask(api, {}, 'case-x')).hits)).toEqual(['case-y', 'charger', 'earbuds', 'phone-x']);
    // maxRecommendations counts the promoted record.
    expect(ids((await ask(api, { maxRecommendations: 2 })).hits)).toEqual(['speaker', 'case-x']);
    // enableRules: false in queryParameters turns them off.
    expect(ids((await ask(api, { queryParameters: { enableRules: false } })).hits)).toEqual([
      'case-x',
      'charger',
      'earbuds',
      'phone-y',
    ]);
  });

  it('automaticFacetFilters keep (or, negative, drop) the records sharing the source item value', async () => {
    const { api } = await open(surface);
    await save(api, [
      { objectID: 'same-brand', consequence: { params: { automaticFacetFilters: [{ facet: 'brand' }] } } },
    ]);
    expect(ids((await ask(api)).hits)).toEqual(['case-x', 'charger', 'earbuds']);
    await save(api, [
      {
        objectID: 'same-brand',
        consequence: { params: { automaticFacetFilters: [{ facet: 'brand', negative: true }] } },
      },
    ]);
    expect(ids((await ask(api)).hits)).toEqual(['phone-y']);
    // A facet the source item lacks filters nothing.
    await save(api, [{ objectID: 'same-brand', consequence: { params: { automaticFacetFilters: ['material'] } } }]);
    expect(ids((await ask(api)).hits)).toEqual(['case-x', 'charger', 'earbuds', 'phone-y']);
  });

  it('a disjunctive automaticFacetFilters keeps the records holding any of the source item values', async () => {
    const { emulator, api } = await open(surface);
    // A kit in two categories: phone and audio. No record is in both.
    await emulator.saveObjects({
      indexName: 'shop',
      objects: [{ objectID: 'kit', name: 'Kit', brand: 'Acme', category: ['phone', 'audio'], price: 5 }],
    });
    emulator.trainRecommendModels();
    await save(api, [
      {
        objectID: 'any',
        consequence: { params: { automaticFacetFilters: [{ facet: 'category', disjunctive: true }] } },
      },
    ]);
    expect(ids((await ask(api, {}, 'kit')).hits)).toEqual(['earbuds', 'phone-x', 'phone-y', 'speaker']);
    // Conjunctive (the default): every value at once.
    await save(api, [{ objectID: 'any', consequence: { params: { automaticFacetFilters: [{ facet: 'category' }] } } }]);
    expect((await ask(api, {}, 'kit')).hits).toEqual([]);
  });

  it('automaticOptionalFacetFilters put the records sharing the source item value first, without dropping others', async () => {
    const { api } = await open(surface);
    await save(api, [
      {
        objectID: 'same-category',
        consequence: { params: { automaticOptionalFacetFilters: [{ facet: 'category' }] } },
      },
    ]);
    expect(ids((await ask(api)).hits)).toEqual(['phone-y', 'case-x', 'charger', 'earbuds']);
  });

  it('optionalTagFilters boost the tagged records; sumOrFiltersScores adds the scores of an OR group', async () => {
    const { emulator, api } = await open(surface);
    await emulator.partialUpdateObject({
      indexName: 'shop',
      objectID: 'phone-y',
      attributesToUpdate: { _tags: ['sale'] },
    });
    await save(api, [{ objectID: 'sale', consequence: { params: { optionalTagFilters: ['sale'] } } }]);
    expect(ids((await ask(api)).hits)).toEqual(['phone-y', 'case-x', 'charger', 'earbuds']);

    await emulator.saveObjects({
      indexName: 'shop',
      objects: [{ objectID: 'kit', name: 'Kit', brand: 'Acme', category: ['phone', 'audio'], price: 5 }],
    });
    emulator.trainRecommendModels();
    // The speaker (Zen, audio) matches both filters of the group, the earbuds (Acme, audio) one.
    const group = [['brand:Zen<score=2>', 'category:audio<score=3>']];
    await save(api, [{ objectID: 'sale', consequence: { params: { optionalFilters: group } } }]);
    // The best score of the group: a tie at 3, the model's order decides.
    expect(ids((await ask(api, { maxRecommendations: 2 }, 'kit')).hits)).toEqual(['earbuds', 'speaker']);
    await save(api, [
      { objectID: 'sale', consequence: { params: { optionalFilters: group, sumOrFiltersScores: true } } },
    ]);
    // Summed: 5 for the speaker.
    expect(ids((await ask(api, { maxRecommendations: 2 }, 'kit')).hits)).toEqual(['speaker', 'earbuds']);
  });

  it('getRankingInfo lists the rules applied, in the order they combine', async () => {
    const { api } = await open(surface);
    await save(api, [
      { objectID: 'b-hide', consequence: { hide: [{ objectID: 'case-x' }] } },
      { objectID: 'a-hide', consequence: { hide: [{ objectID: 'charger' }] } },
      { objectID: 'off', consequence: { hide: [{ objectID: 'earbuds' }] }, enabled: false },
    ]);
    const ranked = await ask(api, { queryParameters: { getRankingInfo: true } });
    expect(ids(ranked.hits)).toEqual(['earbuds', 'phone-y']);
    expect((ranked as { appliedRules?: unknown }).appliedRules).toEqual([
      { objectID: 'a-hide' },
      { objectID: 'b-hide' },
    ]);
    expect(await ask(api)).not.toHaveProperty('appliedRules');
  });

  it('the rule search counts facet values up to maxValuesPerFacet', async () => {
    const { api } = await open(surface);
    await save(api, [
      { objectID: 'r1', condition: { context: 'app' }, consequence: { hide: [{ objectID: 'x' }] } },
      { objectID: 'r2', condition: { context: 'app' }, consequence: { hide: [{ objectID: 'x' }] } },
      { objectID: 'r3', condition: { context: 'web' }, consequence: { hide: [{ objectID: 'x' }] } },
    ]);
    const search = (extra: Record<string, unknown>) =>
      api.searchRecommendRules({ ...RELATED, searchRecommendRulesParams: { facets: ['condition.context'], ...extra } });
    expect((await search({})).facets).toEqual({ 'condition.context': { app: 2, web: 1 } });
    expect((await search({ maxValuesPerFacet: 1 })).facets).toEqual({ 'condition.context': { app: 2 } });
  });

  it('context, enabled and validity on the clock decide whether a rule applies', async () => {
    const { emulator, api } = await open(surface);
    const now = Date.parse('2024-06-03T09:00:00Z') / 1000;
    await save(api, [
      { objectID: 'app', condition: { context: 'app' }, consequence: { hide: [{ objectID: 'case-x' }] } },
      { objectID: 'off', consequence: { hide: [{ objectID: 'charger' }] }, enabled: false },
      {
        objectID: 'later',
        consequence: { hide: [{ objectID: 'phone-y' }] },
        validity: [{ from: now + 3600, until: now + 7200 }],
      },
    ]);
    expect(ids((await ask(api)).hits)).toEqual(['case-x', 'charger', 'earbuds', 'phone-y']);
    expect(ids((await ask(api, { queryParameters: { ruleContexts: ['app'] } })).hits)).toEqual([
      'charger',
      'earbuds',
      'phone-y',
    ]);
    emulator.clock.advance('90m');
    expect(ids((await ask(api)).hits)).toEqual(['case-x', 'charger', 'earbuds']);
    emulator.clock.advance('1h');
    expect(ids((await ask(api)).hits)).toEqual(['case-x', 'charger', 'earbuds', 'phone-y']);
  });

  it('with indexingDelay, a rule applies once its task is published', async () => {
    const { emulator, api } = await open(surface, { indexingDelay: '10s' });
    const { taskID } = await save(api, [{ objectID: 'r1', consequence: { hide: [{ objectID: 'case-x' }] } }]);
    expect(await api.getRecommendStatus({ ...RELATED, taskID })).toEqual({ status: 'notPublished' });
    expect(ids((await ask(api)).hits)).toContain('case-x');
    emulator.clock.advance('10s');
    expect(await api.getRecommendStatus({ ...RELATED, taskID })).toEqual({ status: 'published' });
    expect(ids((await ask(api)).hits)).not.toContain('case-x');
  });

  const rule = (patch: Record<string, unknown>) => ({
    objectID: 'r1',
    consequence: { hide: [{ objectID: 'x' }] },
    ...patch,
  });
  const many = (n: number, item: (i: number) => unknown) => Array.from({ length: n }, (_, i) => item(i));
  it.each([
    ['no objectID', { objectID: undefined }, /^body\[0\]\.objectID is required/],
    ['an objectID with a space', { objectID: 'r 1' }, /^body\[0\]\.objectID .*letters, digits/],
    ['an unknown attribute', { conditions: [] }, /^body\[0\]\.conditions is not a Recommend rule attribute/],
    ['no consequence', { consequence: undefined }, /^body\[0\]\.consequence is required/],
    ['an empty consequence', { consequence: {} }, /^body\[0\]\.consequence must not be empty/],
    [
      'a pattern',
      { condition: { pattern: 'phone', anchoring: 'is' } },
      /^body\[0\]\.condition\.pattern is not available for Recommend rules/,
    ],
    ['a context with a space', { condition: { context: 'a b' } }, /^body\[0\]\.condition\.context must be letters/],
    ['condition filters that do not parse', { condition: { filters: '(brand:x' } }, /^body\[0\]\.condition\.filters: /],
    [
      'a search parameter in params',
      { consequence: { params: { query: 'phone' } } },
      /^body\[0\]\.consequence\.params\.query is not allowed/,
    ],
    [
      'facetFilters of the wrong shape',
      { consequence: { params: { facetFilters: [1] } } },
      /^body\[0\]\.consequence\.params\.facetFilters: /,
    ],
    [
      'an automatic facet filter without facet',
      { consequence: { params: { automaticFacetFilters: [{ negative: true }] } } },
      /^body\[0\]\.consequence\.params\.automaticFacetFilters\[0\]\.facet is required/,
    ],
    [
      '31 promoted records',
      { consequence: { promote: many(31, (i) => ({ objectID: `p${i}`, position: i })) } },
      /^body\[0\]\.consequence\.promote must promote at most 30 items, got 31/,
    ],
    [
      '31 promoted records in a group',
      { consequence: { promote: [{ objectIDs: many(31, (i) => `p${i}`), position: 0 }] } },
      /^body\[0\]\.consequence\.promote must promote at most 30/,
    ],
    [
      'a promotion without position',
      { consequence: { promote: [{ objectID: 'p' }] } },
      /^body\[0\]\.consequence\.promote\[0\]\.position is required/,
    ],
    [
      'a promotion with objectID and objectIDs',
      { consequence: { promote: [{ objectID: 'p', objectIDs: ['q'], position: 1 }] } },
      /^body\[0\]\.consequence\.promote\[0\] needs either objectID or objectIDs/,
    ],
    [
      '51 hidden records',
      { consequence: { hide: many(51, (i) => ({ objectID: `h${i}` })) } },
      /^body\[0\]\.consequence\.hide must hold at most 50 items, got 51/,
    ],
    [
      'a hidden record without objectID',
      { consequence: { hide: [{}] } },
      /^body\[0\]\.consequence\.hide\[0\]\.objectID is required/,
    ],
    [
      'userData over 1 kB',
      { consequence: { userData: { text: 'x'.repeat(1020) } } },
      /^body\[0\]\.consequence\.userData must be at most 1 kB of minified JSON, got 1031 bytes/,
    ],
    ['an empty validity', { validity: [] }, /^body\[0\]\.validity must be a non-empty array/],
    ['a range without until', { validity: [{ from: 1 }] }, /^body\[0\]\.validity\[0\]\.until is required/],
    [
      'a range ending before it starts',
      { validity: [{ from: 10, until: 5 }] },
      /^body\[0\]\.validity\[0\]\.from must not be after until/,
    ],
    ['enabled as text', { enabled: 'yes' }, /^body\[0\]\.enabled must be a boolean/],
  ])('refuses %s with a 400 naming the field', async (_name, patch, message) => {
    const { emulator, api } = await open(surface);
    const before = emulator.core.state.recommend;
    await rejects(save(api, [rule(patch)]), 400, message);
    expect(emulator.core.state.recommend).toBe(before);
  });

  it('accepts the limits themselves: 30 promoted, 50 hidden, 1 kB of userData', async () => {
    const { api } = await open(surface);
    const userData = { text: 'x'.repeat(1024 - '{"text":""}'.length) };
    await save(api, [
      {
        objectID: 'limits',
        consequence: {
          promote: many(30, (i) => ({ objectID: `p${i}`, position: i })),
          hide: many(50, (i) => ({ objectID: `h${i}` })),
          userData,
        },
      },
    ]);
    expect((await api.getRecommendRule({ ...RELATED, objectID: 'limits' })).consequence.userData).toEqual(userData);
  });

  it('refuses a model without rules, a missing index and a bad search', async () => {
    const { api } = await open(surface);
    await rejects(
      api.searchRecommendRules({ indexName: 'shop', model: 'looking-similar' }),
      400,
      /^model must be one of related-products, bought-together, trending-facets, trending-items/,
    );
    await rejects(
      api.getRecommendRule({ indexName: 'nope', model: 'related-products', objectID: 'r1' }),
      404,
      'Index does not exist',
    );
    await rejects(
      api.searchRecommendRules({ ...RELATED, searchRecommendRulesParams: { hitsPerPage: 0 } }),
      400,
      /hitsPerPage/,
    );
    await rejects(
      api.searchRecommendRules({ ...RELATED, searchRecommendRulesParams: { anchoring: 'is' } }),
      400,
      'Unknown parameter: anchoring',
    );
  });
});
