import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ids, indexWith } from '../engine/helpers';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

/** An index with `records` and `synonyms`, searched by direct calls. */
async function withSynonyms(
  records: Record<string, unknown>[],
  synonyms: Record<string, unknown>[],
  settings: Record<string, unknown> = {},
) {
  const index = await indexWith(records, settings);
  await index.emulator.saveSynonyms({ indexName: index.indexName, synonymHit: synonyms } as never);
  return index;
}

const info = (hit: { _rankingInfo?: Record<string, number> }) => hit._rankingInfo!;

describe('synonyms change real searches', () => {
  it('multi-way synonyms match in every direction, exact per alternativesAsExact', async () => {
    const { search } = await withSynonyms(
      [
        { objectID: 'house', title: 'big house sale', rank: 2 },
        { objectID: 'home', title: 'big home sale', rank: 1 },
        { objectID: 'flat', title: 'big flat sale', rank: 3 },
      ],
      [{ objectID: 'home-house', type: 'synonym', synonyms: ['home', 'house'] }],
      { customRanking: ['desc(rank)'] },
    );
    const both = await search({ query: 'big home', getRankingInfo: true });
    expect(ids(both)).toEqual(['house', 'home']);
    expect(both.hits.map((h) => [info(h).nbTypos, info(h).nbExactWords, info(h).words])).toEqual([
      [0, 2, 2],
      [0, 2, 2],
    ]);
    expect(ids(await search({ query: 'house' }))).toEqual(['house', 'home']);

    // Without singleWordSynonym the synonym match is not exact: the record with the query's own word wins.
    const strict = await search({ query: 'big home', getRankingInfo: true, alternativesAsExact: [] });
    expect(ids(strict)).toEqual(['home', 'house']);
    expect(strict.hits.map((h) => info(h).nbExactWords)).toEqual([2, 1]);
  });

  it('one-way synonyms work from their input only', async () => {
    const { search } = await withSynonyms(
      [
        { objectID: 'smartphone', title: 'smartphone case' },
        { objectID: 'mobile', title: 'mobile stand' },
      ],
      [{ objectID: 'mobile', type: 'onewaysynonym', input: 'mobile', synonyms: ['smartphone'] }],
    );
    expect(ids(await search({ query: 'mobile', queryType: 'prefixNone' })).sort()).toEqual(['mobile', 'smartphone']);
    expect(ids(await search({ query: 'smartphone', queryType: 'prefixNone' }))).toEqual(['smartphone']);
  });

  it('alternative corrections count one or two typos and rank below exact matches', async () => {
    const { search } = await withSynonyms(
      [
        { objectID: 'television', title: 'television set' },
        { objectID: 'tv', title: 'tv set' },
        { objectID: 'telly', title: 'telly set' },
      ],
      [
        { objectID: 'tv', type: 'altcorrection1', word: 'tv', corrections: ['television'] },
        { objectID: 'telly', type: 'altcorrection2', word: 'telly', corrections: ['television'] },
      ],
    );
    const tv = await search({ query: 'tv', getRankingInfo: true, queryType: 'prefixNone' });
    expect(ids(tv)).toEqual(['tv', 'television']);
    expect(tv.hits.map((h) => info(h).nbTypos)).toEqual([0, 1]);
    const telly = await search({ query: 'telly', getRankingInfo: true, queryType: 'prefixNone' });
    expect(ids(telly)).toEqual(['telly', 'television']);
    expect(telly.hits.map((h) => info(h).nbTypos)).toEqual([0, 2]);
    expect(ids(await search({ query: 'television', queryType: 'prefixNone' }))).toEqual(['television']);
    const strictTypos = await search({ query: 'tv', typoTolerance: 'min', queryType: 'prefixNone' });
    expect(ids(strictTypos)).toEqual(['tv']);
  });

  it('placeholders match any of their replacements, the record keeping the placeholder token whole', async () => {
    const { search } = await withSynonyms(
      [
        { objectID: 'flat', title: 'Flat on <number> street' },
        { objectID: 'third', title: 'Flat on third street' },
      ],
      [{ objectID: 'number', type: 'placeholder', placeholder: '<number>', replacements: ['1', 'first', 'second'] }],
    );
    expect(ids(await search({ query: 'first street' }))).toEqual(['flat']);
    expect(ids(await search({ query: 'third street' }))).toEqual(['third']);
    expect(ids(await search({ query: 'number street' }))).toEqual([]);
    const hit = (await search({ query: 'second' })).hits[0];
    expect(hit._highlightResult.title).toMatchObject({
      value: 'Flat on <em><number></em> street',
      matchedWords: ['second'],
      matchLevel: 'full',
    });
  });

  it('multi-word synonyms match consecutive words, with proximity and exactness per multiWordsSynonym', async () => {
    const { search } = await withSynonyms(
      [
        { objectID: 'phrase', title: 'New York City hotels' },
        { objectID: 'scattered', title: 'A new hotel in York city' },
        { objectID: 'short', title: 'NYC hotels' },
      ],
      [{ objectID: 'nyc', type: 'synonym', synonyms: ['NYC', 'New York City'] }],
    );
    const nyc = await search({ query: 'nyc', getRankingInfo: true, exactOnSingleWordQuery: 'word' });
    expect(ids(nyc).sort()).toEqual(['phrase', 'short']);
    const viaPhrase = nyc.hits.find((h) => h.objectID === 'phrase')!;
    expect(info(viaPhrase).nbExactWords).toBe(0);
    expect(viaPhrase._highlightResult.title).toMatchObject({
      value: '<em>New</em> <em>York</em> <em>City</em> hotels',
      matchedWords: ['nyc'],
    });
    const asExact = await search({
      query: 'nyc',
      getRankingInfo: true,
      exactOnSingleWordQuery: 'word',
      alternativesAsExact: ['multiWordsSynonym'],
    });
    expect(info(asExact.hits.find((h) => h.objectID === 'phrase')!).nbExactWords).toBe(1);

    const long = await search({ query: 'new york city', getRankingInfo: true });
    expect(ids(long)).toEqual(['phrase', 'short', 'scattered']);
    const short = long.hits.find((h) => h.objectID === 'short')!;
    expect(info(short)).toMatchObject({ words: 3, proximityDistance: 2, nbTypos: 0 });
    expect(short._highlightResult.title).toMatchObject({
      value: '<em>NYC</em> hotels',
      matchedWords: ['new', 'york', 'city'],
    });
  });

  it('synonyms: false turns them off; excluded and quoted words are not expanded', async () => {
    const { search } = await withSynonyms(
      [
        { objectID: 'house', title: 'house sale' },
        { objectID: 'home', title: 'home sale' },
      ],
      [{ objectID: 'home-house', type: 'synonym', synonyms: ['home', 'house'] }],
    );
    expect(ids(await search({ query: 'home', synonyms: false }))).toEqual(['home']);
    expect(ids(await search({ query: '"home sale"', advancedSyntax: true }))).toEqual(['home']);
    expect(ids(await search({ query: 'home -house', advancedSyntax: true }))).toEqual(['home']);
  });

  it('replaceSynonymsInHighlight shows the query word; one word replaces a phrase, not the other way round', async () => {
    const { search } = await withSynonyms(
      [
        { objectID: 'house', title: 'A big house' },
        { objectID: 'city', title: 'New York City guide' },
        { objectID: 'short', title: 'NYC guide' },
      ],
      [
        { objectID: 'home-house', type: 'synonym', synonyms: ['home', 'house'] },
        { objectID: 'nyc', type: 'synonym', synonyms: ['nyc', 'new york city'] },
      ],
    );
    const kept = await search({ query: 'home' });
    expect(kept.hits[0]._highlightResult.title).toEqual({
      value: 'A big <em>house</em>',
      matchLevel: 'full',
      fullyHighlighted: false,
      matchedWords: ['home'],
    });
    const replaced = await search({ query: 'home', replaceSynonymsInHighlight: true, attributesToSnippet: ['title'] });
    expect(replaced.hits[0]._highlightResult.title).toMatchObject({
      value: 'A big <em>home</em>',
      matchedWords: ['home'],
    });
    expect(replaced.hits[0]._snippetResult.title.value).toBe('A big <em>home</em>');
    expect(replaced.hits[0].title).toBe('A big house');

    const one = await search({ query: 'nyc', replaceSynonymsInHighlight: true });
    const byId = Object.fromEntries(one.hits.map((h) => [h.objectID, h._highlightResult.title.value]));
    expect(byId).toEqual({ city: '<em>nyc</em> guide', short: '<em>NYC</em> guide' });
    const phrase = await search({ query: 'new york city', replaceSynonymsInHighlight: true });
    expect(phrase.hits.find((h) => h.objectID === 'short')!._highlightResult.title.value).toBe('<em>NYC</em> guide');
  });

  it('property: with synonyms: false, results equal those of the index without synonyms', async () => {
    const WORDS = ['red', 'shoe', 'boot', 'sneaker', 'blue', 'navy', 'coat', 'jacket'];
    const word = fc.constantFrom(...WORDS);
    const phrase = fc.array(word, { minLength: 1, maxLength: 2 }).map((w) => w.join(' '));
    const synonym = fc.oneof(
      fc.array(phrase, { minLength: 2, maxLength: 3 }).map((synonyms) => ({ type: 'synonym', synonyms })),
      fc
        .tuple(word, fc.array(phrase, { minLength: 1, maxLength: 2 }))
        .map(([input, synonyms]) => ({ type: 'onewaysynonym', input, synonyms })),
      fc
        .tuple(word, fc.array(word, { minLength: 1, maxLength: 2 }))
        .map(([w, corrections]) => ({ type: 'altcorrection1', word: w, corrections })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => ({ title: w.join(' ') })),
          { minLength: 1, maxLength: 12 },
        ),
        fc.array(synonym, { minLength: 1, maxLength: 4 }),
        fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
        async (records, synonyms, query) => {
          const plain = await indexWith(records);
          const expanded = await withSynonyms(
            records,
            synonyms.map((s, i) => ({ ...s, objectID: `s${i}` })),
          );
          const params = { query, getRankingInfo: true, hitsPerPage: 50 };
          const a = await plain.search(params);
          const b = await expanded.search({ ...params, synonyms: false });
          expect(b.hits.map((h) => [h.objectID, h._rankingInfo])).toEqual(
            a.hits.map((h) => [h.objectID, h._rankingInfo]),
          );
          // With synonyms on, every record found without them is still found.
          const on = await expanded.search(params);
          expect(ids(on)).toEqual(expect.arrayContaining(ids(a)));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('synonyms through the real client', () => {
  it('saveSynonyms changes hits, rankingInfo and highlighting of searchSingleIndex', async () => {
    const { client } = env.fresh();
    await client.saveObjects({
      indexName: 'shop',
      objects: [
        { objectID: 'sofa', name: 'Leather sofa' },
        { objectID: 'couch', name: 'Corner couch' },
        { objectID: 'tv', name: 'Television stand' },
      ],
    });
    const before = await client.searchSingleIndex({ indexName: 'shop', searchParams: { query: 'couch' } });
    expect(before.hits.map((h) => h.objectID)).toEqual(['couch']);

    const saved = await client.saveSynonyms({
      indexName: 'shop',
      synonymHit: [
        { objectID: 'sofa-couch', type: 'synonym', synonyms: ['sofa', 'couch'] },
        { objectID: 'tv', type: 'altcorrection1', word: 'tv', corrections: ['television'] },
      ],
    });
    await client.waitForTask({ indexName: 'shop', taskID: saved.taskID });

    const after = await client.searchSingleIndex<{ name: string }>({
      indexName: 'shop',
      searchParams: { query: 'couch', getRankingInfo: true },
    });
    expect(after.hits.map((h) => h.objectID).sort()).toEqual(['couch', 'sofa']);
    expect(after.hits.map((h) => h._rankingInfo?.nbTypos)).toEqual([0, 0]);
    expect(after.hits.find((h) => h.objectID === 'sofa')!._highlightResult?.name).toMatchObject({
      value: 'Leather <em>sofa</em>',
      matchedWords: ['couch'],
    });

    const tv = await client.searchSingleIndex({
      indexName: 'shop',
      searchParams: { query: 'tv', getRankingInfo: true },
    });
    expect(tv.hits.map((h) => [h.objectID, h._rankingInfo?.nbTypos])).toEqual([['tv', 1]]);

    const off = await client.searchSingleIndex({
      indexName: 'shop',
      searchParams: { query: 'couch', synonyms: false },
    });
    expect(off.hits.map((h) => h.objectID)).toEqual(['couch']);
  });
});
