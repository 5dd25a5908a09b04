import { describe, expect, it } from 'vitest';
import { ids, indexWith, type SearchBody } from './helpers';

const info = (body: SearchBody, field: string) =>
  Object.fromEntries(body.hits.map((hit) => [hit.objectID, hit._rankingInfo![field]]));

describe('proximity', () => {
  const records = [
    { objectID: 'far', text: 'hello a b c d e f g h i j world' },
    { objectID: 'split', title: 'hello', text: 'world' },
    { objectID: 'reverse', text: 'world hello' },
    { objectID: 'gap', text: 'hello big world' },
    { objectID: 'adjacent', text: 'hello world' },
    { objectID: 'array', tags: ['hello', 'world'] },
  ];

  it('adds one per word between, one more in reverse order, 8 across attributes or elements', async () => {
    const { search } = await indexWith(records);
    const body = await search({ query: 'hello world', getRankingInfo: true });
    expect(info(body, 'proximityDistance')).toEqual({ adjacent: 1, gap: 2, reverse: 2, far: 8, split: 8, array: 8 });
    // Ties (reverse and gap; far, split and array): objectID, descending.
    expect(ids(body)).toEqual(['adjacent', 'reverse', 'gap', 'split', 'far', 'array']);
  });

  it('is 0 for one-word queries and floored by minProximity', async () => {
    const { search } = await indexWith(records);
    expect(Object.values(info(await search({ query: 'hello', getRankingInfo: true }), 'proximityDistance'))).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    const floored = await search({ query: 'hello world', getRankingInfo: true, minProximity: 3 });
    expect(info(floored, 'proximityDistance')).toMatchObject({ adjacent: 3, gap: 3, far: 8 });
  });
});

describe('attribute', () => {
  const records = [
    { objectID: 'body-start', title: 'nothing here', body: 'shoe store' },
    { objectID: 'title-late', title: 'the red shoe', body: 'x' },
    { objectID: 'title-start', title: 'shoe', body: 'x' },
  ];

  it('ranks by attribute order then position: firstMatchedWord = 1000 x attribute + position', async () => {
    const { search } = await indexWith(records, { searchableAttributes: ['title', 'body'] });
    const body = await search({ query: 'shoe', getRankingInfo: true, exactOnSingleWordQuery: 'none' });
    expect(ids(body)).toEqual(['title-start', 'title-late', 'body-start']);
    expect(info(body, 'firstMatchedWord')).toEqual({ 'title-start': 0, 'title-late': 2, 'body-start': 1000 });
  });

  it('ignores positions in unordered attributes', async () => {
    const { search } = await indexWith(records, { searchableAttributes: ['unordered(title)', 'body'] });
    const body = await search({ query: 'shoe', getRankingInfo: true, exactOnSingleWordQuery: 'none' });
    expect(info(body, 'firstMatchedWord')).toEqual({ 'title-start': 0, 'title-late': 0, 'body-start': 1000 });
    expect(ids(body)).toEqual(['title-start', 'title-late', 'body-start']);
  });

  it('gives "a,b" the same priority', async () => {
    const { search } = await indexWith(records, { searchableAttributes: ['title,body'] });
    const body = await search({ query: 'shoe', getRankingInfo: true, exactOnSingleWordQuery: 'none' });
    expect(info(body, 'firstMatchedWord')).toEqual({ 'title-start': 0, 'title-late': 2, 'body-start': 0 });
    expect(ids(body)).toEqual(['title-start', 'body-start', 'title-late']);
  });
});

describe('exact', () => {
  const records = [
    { objectID: 'trip', name: 'road trip' },
    { objectID: 'road', name: 'road' },
    { objectID: 'roads', name: 'roads' },
  ];

  it('single word, "attribute": the whole attribute must be the word', async () => {
    const { search } = await indexWith(records);
    const body = await search({ query: 'road', getRankingInfo: true });
    expect(info(body, 'nbExactWords')).toEqual({ road: 1, trip: 0, roads: 0 });
    expect(ids(body)).toEqual(['road', 'trip', 'roads']);
  });

  it('single word, "word": any whole-word match; "none": never', async () => {
    const { search } = await indexWith(records);
    expect(
      info(await search({ query: 'road', getRankingInfo: true, exactOnSingleWordQuery: 'word' }), 'nbExactWords'),
    ).toEqual({ road: 1, trip: 1, roads: 0 });
    expect(
      info(await search({ query: 'road', getRankingInfo: true, exactOnSingleWordQuery: 'none' }), 'nbExactWords'),
    ).toEqual({ road: 0, trip: 0, roads: 0 });
  });

  it('multi-word queries count whole-word matches; prefixes are not exact', async () => {
    const { search } = await indexWith([
      { objectID: 'prefix', name: 'road tripping' },
      { objectID: 'whole', name: 'road trip' },
    ]);
    const body = await search({ query: 'road trip', getRankingInfo: true });
    expect(info(body, 'nbExactWords')).toEqual({ whole: 2, prefix: 1 });
    expect(ids(body)).toEqual(['whole', 'prefix']);
  });

  it('disableExactOnAttributes ignores those attributes', async () => {
    const { search } = await indexWith(records, { disableExactOnAttributes: ['name'] });
    expect(info(await search({ query: 'road', getRankingInfo: true }), 'nbExactWords')).toEqual({
      road: 0,
      trip: 0,
      roads: 0,
    });
  });
});

describe('custom ranking and sorting', () => {
  const records = [
    { objectID: 'a', name: 'shirt', likes: 5 },
    { objectID: 'b', name: 'shirt', likes: 50 },
    { objectID: 'c', name: 'shirt' },
    { objectID: 'd', name: 'shirt', likes: 50, price: 3 },
    { objectID: 'e', name: 'shrt', likes: 500 },
  ];

  it('breaks relevance ties by customRanking, missing values last, then objectID descending', async () => {
    const { search } = await indexWith(records, { customRanking: ['desc(likes)'] });
    expect(ids(await search({ query: 'shirt' }))).toEqual(['d', 'b', 'a', 'c', 'e']);
    const asc = await indexWith(records, { customRanking: ['asc(likes)'] });
    expect(ids(await asc.search({ query: 'shirt' }))).toEqual(['a', 'd', 'b', 'c', 'e']);
  });

  it('uses several customRanking entries in order', async () => {
    const { search } = await indexWith(records, { customRanking: ['desc(likes)', 'asc(price)'] });
    expect(ids(await search({ query: 'shirt' }))).toEqual(['d', 'b', 'a', 'c', 'e']);
  });

  it('asc()/desc() in ranking sort before relevance (sort replicas)', async () => {
    const { search } = await indexWith(records, {
      ranking: ['desc(likes)', 'typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
    });
    expect(ids(await search({ query: 'shirt' }))).toEqual(['e', 'd', 'b', 'a', 'c']);
  });

  it('typo comes before custom ranking by default', async () => {
    const { search } = await indexWith(records, { customRanking: ['desc(likes)'] });
    const body = await search({ query: 'shirt', getRankingInfo: true });
    expect(body.hits[body.hits.length - 1].objectID).toBe('e');
    expect(info(body, 'nbTypos').e).toBe(1);
  });

  it('returns every rankingInfo field', async () => {
    const { search } = await indexWith(records, { customRanking: ['desc(likes)'] });
    const hit = (await search({ query: 'shirt', getRankingInfo: true })).hits[0];
    expect(Object.keys(hit._rankingInfo!).sort()).toEqual(
      [
        'filters',
        'firstMatchedWord',
        'geoDistance',
        'geoPrecision',
        'nbExactWords',
        'nbTypos',
        'proximityDistance',
        'userScore',
        'words',
      ].sort(),
    );
    // 'e' has the most likes, so 'b' is second of five in custom-ranking order.
    expect(hit._rankingInfo!.userScore).toBe(3);
  });

  it('gives userScore in the order custom ranking ranks, whatever the types of the values', async () => {
    // A boolean, a numeric string and numbers under one attribute: userScore must fall as the hits go down.
    const mixed = [
      { objectID: 'a', name: 'lamp', pop: true },
      { objectID: 'b', name: 'lamp', pop: 0 },
      { objectID: 'c', name: 'lamp', pop: '5' },
      { objectID: 'd', name: 'lamp', pop: 3 },
      { objectID: 'e', name: 'lamp' },
    ];
    const { search } = await indexWith(mixed, { customRanking: ['desc(pop)'] });
    for (const query of ['', 'lamp']) {
      const body = await search({ query, getRankingInfo: true });
      const scores = body.hits.map((hit) => hit._rankingInfo!.userScore as number);
      expect(scores).toEqual([4, 3, 2, 1, 0]);
    }
  });
});
