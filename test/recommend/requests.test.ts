import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import { describe, expect, it } from 'vitest';
import { generateSecuredApiKey } from '../../src';
import { expectConforms } from '../support/schemas/validate';
import { rejects, SURFACES } from '../support/surfaces';
import { ids, setupRecommend, type RecommendApi } from './support';

/**
 * getRecommendations: the response shape, what each request parameter does, and the refusals,
 * through direct calls and the official client over msw. The shop has no events: related-
 * products for phone-x answers case-x, charger, earbuds, phone-y (shared brand or category,
 * 33.33 each) and bought-together answers nothing, which leaves room for the fallback.
 */
const open = setupRecommend();
const results = (api: RecommendApi, requests: Record<string, unknown>[]) =>
  api.getRecommendations({ requests }).then((r: { results: Record<string, any>[] }) => r.results);
const related = (extra: Record<string, unknown> = {}) => ({
  indexName: 'shop',
  model: 'related-products',
  objectID: 'phone-x',
  threshold: 0,
  ...extra,
});

describe.each(SURFACES)('getRecommendations (%s)', (surface) => {
  it('answers one result per request, shaped as the live API answers', async () => {
    const { emulator, api } = await open(surface);
    await emulator.setSettings({
      indexName: 'shop',
      indexSettings: { renderingContent: { facetOrdering: { facets: { order: ['brand'] } } } },
    });
    const [tracked, trending] = await results(api, [
      related({
        maxRecommendations: 3,
        queryParameters: { clickAnalytics: true, attributesToRetrieve: ['name'], attributesToHighlight: [] },
      }),
      { indexName: 'shop', model: 'trending-items', threshold: 0 },
    ]);
    expect(tracked).toEqual({
      hits: [
        { objectID: 'case-x', name: 'Case for Phone X', _score: 33.33 },
        { objectID: 'charger', name: 'Fast charger', _score: 33.33 },
        { objectID: 'earbuds', name: 'Wireless earbuds', _score: 33.33 },
      ],
      nbHits: 3,
      page: 0,
      nbPages: 1,
      hitsPerPage: 3,
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: { nbHits: true, typo: true },
      index: 'shop',
      renderingContent: { facetOrdering: { facets: { order: ['brand'] } } },
      queryID: expect.stringMatching(/^[0-9a-f]{32}$/),
      processingTimeMS: 1,
    });
    // No conversions yet: nothing trends.
    expect(trending).toMatchObject({ hits: [], nbHits: 0, nbPages: 0, hitsPerPage: 0 });
  });

  it('leaves the source item out, keeps scores at or above the threshold, and returns all when maxRecommendations is 0', async () => {
    const { api } = await open(surface);
    const [all, none, unknown] = await results(api, [
      related({ maxRecommendations: 0 }),
      related({ threshold: 33.34 }),
      related({ objectID: 'no-such-record' }),
    ]);
    expect(ids(all.hits)).toEqual(['case-x', 'charger', 'earbuds', 'phone-y']);
    expect(all.hits.every((hit: { _score: number }) => hit._score === 33.33)).toBe(true);
    expect(none.hits).toEqual([]);
    // An objectID the index does not hold has no recommendations: an empty result, no error.
    expect(unknown).toMatchObject({ hits: [], nbHits: 0 });
  });

  it('hitsPerPage: maxRecommendations, else 30; 0 for an empty list (live answers, ruby client #506 and #507)', async () => {
    const { api } = await open(surface);
    const answer = await api.getRecommendations({
      requests: [related(), related({ maxRecommendations: 2 }), related({ objectID: 'no-such-record' })],
    });
    expectConforms('getRecommendations', 200, answer);
    const [all, two, empty] = answer.results;
    expect(all).toMatchObject({ nbHits: 4, nbPages: 1, hitsPerPage: 30 });
    expect(two).toMatchObject({ nbHits: 2, nbPages: 1, hitsPerPage: 2 });
    expect(empty).toMatchObject({ hits: [], nbHits: 0, nbPages: 0, hitsPerPage: 0 });
  });

  it('queryParameters filter through the search core; their facetFilters are the API own, so ignored', async () => {
    const { api } = await open(surface);
    const [filtered, geo, facetFilters, boosted] = await results(api, [
      related({ queryParameters: { filters: 'price < 100 AND NOT objectID:case-x', numericFilters: ['price>10'] } }),
      related({ queryParameters: { tagFilters: ['none'] } }),
      related({ queryParameters: { facetFilters: ['brand:Zen'] } }),
      related({ queryParameters: { optionalFilters: ['category:audio'] } }),
    ]);
    expect(ids(filtered.hits)).toEqual(['charger']);
    expect(geo.hits).toEqual([]);
    expect(ids(facetFilters.hits)).toEqual(['case-x', 'charger', 'earbuds', 'phone-y']);
    // Optional filters lead, the model's order follows.
    expect(ids(boosted.hits)).toEqual(['earbuds', 'case-x', 'charger', 'phone-y']);
  });

  it('responseFields keeps only the fields named', async () => {
    const { api } = await open(surface);
    const [result] = await results(api, [
      related({
        maxRecommendations: 1,
        queryParameters: { responseFields: ['hits', 'nbHits'], attributesToRetrieve: ['name'] },
      }),
    ]);
    expect(result).toEqual({ hits: [expect.objectContaining({ objectID: 'case-x', _score: 33.33 })], nbHits: 1 });
  });

  it('fills up with the fallback search when short of maxRecommendations, and only then', async () => {
    const { api } = await open(surface);
    const together = { indexName: 'shop', model: 'bought-together', objectID: 'phone-x', threshold: 0 };
    const [filled, brand, all, unknown] = await results(api, [
      { ...together, maxRecommendations: 3, fallbackParameters: { filters: 'category:phone OR category:audio' } },
      {
        ...together,
        maxRecommendations: 2,
        fallbackParameters: {
          facetFilters: ['brand:Zen'],
          attributesToRetrieve: ['brand'],
          attributesToHighlight: ['brand'],
        },
      },
      { ...together, maxRecommendations: 0, fallbackParameters: { filters: 'category:audio' } },
      { ...together, objectID: 'no-such-record', maxRecommendations: 1, fallbackParameters: { query: 'cable' } },
    ]);
    // The source item never comes back; fallback hits score 0, in the search's order (equally
    // ranked records: objectID, descending).
    expect(
      filled.hits.map(({ objectID, _score }: { objectID: string; _score: number }) => ({ objectID, _score })),
    ).toEqual([
      { objectID: 'speaker', _score: 0 },
      { objectID: 'phone-y', _score: 0 },
      { objectID: 'earbuds', _score: 0 },
    ]);
    expect(brand.hits).toEqual([
      {
        objectID: 'speaker',
        brand: 'Zen',
        _highlightResult: { brand: { value: 'Zen', matchLevel: 'none', matchedWords: [] } },
        _score: 0,
      },
      {
        objectID: 'phone-y',
        brand: 'Zen',
        _highlightResult: { brand: { value: 'Zen', matchLevel: 'none', matchedWords: [] } },
        _score: 0,
      },
    ]);
    expect(all.hits).toEqual([]);
    expect(ids(unknown.hits)).toEqual(['cable']);
  });

  it.each([
    ['a request that is no object', { requests: [1] }, 'requests[0] must be an object'],
    [
      'no indexName',
      { requests: [{ model: 'trending-items', threshold: 0 }] },
      /^requests\[0\]\.indexName is required/,
    ],
    [
      'an unknown model',
      { requests: [related({ model: 'popular' })] },
      /^requests\[0\]\.model must be one of related-products, bought-together, trending-items, trending-facets, looking-similar/,
    ],
    ['no threshold', { requests: [related({ threshold: undefined })] }, 'requests[0].threshold is required'],
    [
      'a threshold over 100',
      { requests: [related({ threshold: 101 })] },
      /^requests\[0\]\.threshold must be a number between 0 and 100/,
    ],
    [
      'maxRecommendations over 30',
      { requests: [related({ maxRecommendations: 31 })] },
      /^requests\[0\]\.maxRecommendations must be an integer between 1 and 30/,
    ],
    [
      'no objectID for related-products',
      { requests: [related({ objectID: undefined })] },
      /^requests\[0\]\.objectID is required for the related-products model/,
    ],
    [
      'facetName without facetValue',
      { requests: [{ indexName: 'shop', model: 'trending-items', threshold: 0, facetName: 'brand' }] },
      /must be used together/,
    ],
    [
      'trending-facets without facetName',
      { requests: [{ indexName: 'shop', model: 'trending-facets', threshold: 0 }] },
      /^requests\[0\]\.facetName is required for the trending-facets model/,
    ],
    [
      'an unknown search parameter',
      { requests: [related({ queryParameters: { colour: 'red' } })] },
      'requests[0].queryParameters: Unknown parameter: colour',
    ],
    [
      'a filter that does not parse',
      { requests: [related({ queryParameters: { filters: 'price <' } })] },
      /^requests\[0\]\.queryParameters\.filters: /,
    ],
  ])('refuses %s with a 400 naming the field', async (_name, body, message) => {
    const { api } = await open(surface);
    await rejects(api.getRecommendations(body), 400, message);
  });

  it('refuses a filter that does not parse whatever the data, quoting the text sent under its path', async () => {
    const { emulator, api } = await open(surface);
    await emulator.saveObjects({ indexName: 'lone', objects: [{ objectID: '1' }] });
    emulator.trainRecommendModels({ indexName: 'lone' });
    // No candidates (an unknown objectID, a record with nothing related), no fallback needed:
    // the syntax is read all the same.
    for (const base of [related({ objectID: 'no-such-record' }), related({ indexName: 'lone', objectID: '1' })]) {
      const cases: [Record<string, unknown>, string | RegExp][] = [
        [
          { queryParameters: { filters: 'brand:x AND' } },
          'requests[0].queryParameters.filters: Unexpected token end of filter expected filter at col 11',
        ],
        [{ queryParameters: { numericFilters: ['price >> 3'] } }, /^requests\[0\]\.queryParameters\.numericFilters: /],
        [{ fallbackParameters: { filters: '(((' } }, /^requests\[0\]\.fallbackParameters\.filters: /],
        [{ fallbackParameters: { tagFilters: [1] } }, /^requests\[0\]\.fallbackParameters\.tagFilters: /],
      ];
      for (const [extra, message] of cases)
        await rejects(
          api.getRecommendations({ requests: [{ ...base, maxRecommendations: 0, ...extra }] }),
          400,
          message,
        );
    }
  });

  it('answers 404 for a missing index and for an index whose models have not trained yet', async () => {
    const { emulator, api } = await open(surface);
    await rejects(results(api, [related({ indexName: 'nope' })]), 404, 'Index does not exist');
    await emulator.saveObjects({ indexName: 'fresh', objects: [{ objectID: '1' }] });
    await rejects(
      results(api, [related({ indexName: 'fresh' })]),
      404,
      /^Index does not exist: the related-products model of index "fresh" has not been trained yet/,
    );
    emulator.trainRecommendModels({ indexName: 'fresh' });
    expect((await results(api, [related({ indexName: 'fresh', objectID: '1' })]))[0].hits).toEqual([]);
  });
});

describe('getRecommendations, keys and clients', () => {
  it('checks the key: the search right, the indices it may read, and the parameters it forces', async () => {
    const { emulator } = await open('direct');
    const other = await emulator.addApiKey({ acl: ['search'], indexes: ['other*'] });
    const browse = await emulator.addApiKey({ acl: ['browse'] });
    const request = { requests: [related()] };
    await rejects(
      emulator.as({ apiKey: other.key }).getRecommendations(request as never),
      403,
      'Index not allowed with this API key',
    );
    await rejects(
      emulator.as({ apiKey: browse.key }).getRecommendations(request as never),
      403,
      'Method not allowed with this API key',
    );
    // A secured key's filters apply on top of the request's, and cannot lift the restriction to the model's records.
    const parent = await emulator.addApiKey({ acl: ['search'] });
    const secured = await generateSecuredApiKey(parent.key, { filters: 'brand:Zen' });
    const {
      results: [zen],
    } = await emulator.as({ apiKey: secured }).getRecommendations(request as never);
    expect(ids(zen.hits as { objectID: string }[])).toEqual(['phone-y']);
  });

  it('refuses a body without requests (the official client checks it before sending)', async () => {
    const { emulator } = await open('direct');
    const res = await emulator.request({ method: 'POST', path: '/1/indexes/*/recommendations', body: {} });
    expect(res).toMatchObject({ status: 400, body: { message: 'requests is required', status: 400 } });
  });

  it('refuses an array as the whole HTTP body; a direct call takes the legacy array, wrapped as the client does', async () => {
    const { emulator } = await open('direct');
    const res = await emulator.request({
      method: 'POST',
      path: '/1/indexes/*/recommendations',
      body: [related({ maxRecommendations: 1 })],
    });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'The body must be a JSON object with a `requests` array', status: 400 },
    });
    const legacy = await emulator.getRecommendations([related({ maxRecommendations: 1 })] as never);
    expect(ids(legacy.results[0].hits as { objectID: string }[])).toEqual(['case-x']);
  });

  it('answers with either header spelling', async () => {
    const { emulator } = await open('direct');
    for (const prefix of ['x-algolia', 'x-service']) {
      const res = await emulator.request({
        method: 'POST',
        path: '/1/indexes/*/recommendations',
        headers: { [`${prefix}-application-id`]: emulator.appId, [`${prefix}-api-key`]: emulator.adminApiKey },
        body: { requests: [related({ maxRecommendations: 1 })] },
      });
      expect(res.status).toBe(200);
      expect(ids((res.body as { results: { hits: { objectID: string }[] }[] }).results[0].hits)).toEqual(['case-x']);
    }
  });

  it('works unchanged through algoliasearch (initRecommend), the lite client, and the legacy array signature', async () => {
    const { emulator } = await open('client');
    const full = algoliasearch(emulator.appId, emulator.adminApiKey).initRecommend();
    const lite = liteClient(emulator.appId, emulator.adminApiKey);
    const request = related({ maxRecommendations: 2 }) as never;
    for (const response of [
      await full.getRecommendations({ requests: [request] }),
      await lite.getRecommendations({ requests: [request] }),
      await full.getRecommendations([request] as never),
    ]) {
      expect(ids(response.results[0].hits as { objectID: string }[])).toEqual(['case-x', 'charger']);
    }
  });
});
