import { describe, expect, it } from 'vitest';
import { ids, indexWith } from '../engine/helpers';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

type Emulator = Awaited<ReturnType<typeof indexWith>>['emulator'];

/** Adds custom entries to one dictionary by direct call. */
async function addEntries(emulator: Emulator, dictionaryName: string, bodies: Record<string, unknown>[]) {
  await emulator.batchDictionaryEntries({
    dictionaryName,
    batchDictionaryEntriesParams: { requests: bodies.map((body) => ({ action: 'addEntry', body })) },
  } as never);
}

const CARS = [
  { objectID: 'the', title: 'the red bike' },
  { objectID: 'a', title: 'a red bike' },
];

describe('removeStopWords', () => {
  it('removes stop words from the query, except words read as prefixes; parsedQuery shows it', async () => {
    const { search } = await indexWith(CARS);
    const kept = await search({ query: 'the red bike' });
    expect(ids(kept)).toEqual(['the']);
    expect(kept.parsedQuery).toBe('the red bike');

    const removed = await search({ query: 'the red bike', removeStopWords: true });
    expect(ids(removed)).toEqual(['the', 'a']);
    expect(removed.parsedQuery).toBe('red bike');

    // The last word is a prefix with prefixLast; with prefixNone it goes too, with prefixAll nothing does.
    expect((await search({ query: 'red bike the', removeStopWords: true })).parsedQuery).toBe('red bike the');
    expect((await search({ query: 'red bike the', removeStopWords: true, queryType: 'prefixNone' })).parsedQuery).toBe(
      'red bike',
    );
    expect((await search({ query: 'the red bike', removeStopWords: true, queryType: 'prefixAll' })).parsedQuery).toBe(
      'the red bike',
    );
  });

  it('applies to the listed languages, else queryLanguages', async () => {
    const { search } = await indexWith(CARS, { queryLanguages: ['fr'] });
    expect((await search({ query: 'the red bike', removeStopWords: true })).parsedQuery).toBe('the red bike');
    expect((await search({ query: 'le red bike', removeStopWords: true })).parsedQuery).toBe('red bike');
    expect((await search({ query: 'the red bike', removeStopWords: ['en'] })).parsedQuery).toBe('red bike');
    expect((await search({ query: 'the red bike', removeStopWords: ['fr'] })).parsedQuery).toBe('the red bike');
  });

  it('follows custom stop words and disabled standard ones', async () => {
    const { emulator, search } = await indexWith(CARS, { removeStopWords: ['en'] });
    expect(ids(await search({ query: 'the red bike' }))).toEqual(['the', 'a']);
    await addEntries(emulator, 'stopwords', [
      { objectID: 'the-off', language: 'en', word: 'the', state: 'disabled' },
      { objectID: 'red', language: 'en', word: 'red' },
    ]);
    const after = await search({ query: 'the red bike' });
    expect(after.parsedQuery).toBe('the bike');
    expect(ids(after)).toEqual(['the']);
  });
  it('applies a custom stop word, or a disabled one, in its own language only', async () => {
    const { emulator, search } = await indexWith(CARS);
    await addEntries(emulator, 'stopwords', [
      { objectID: 'bike-fr', language: 'fr', word: 'bike' },
      { objectID: 'the-de', language: 'de', word: 'the', state: 'disabled' },
    ]);
    // French: "bike" is a stop word there; English keeps it, and still drops "the".
    // (The last word is read as a prefix and never removed: "red" ends the query.)
    expect((await search({ query: 'the bike red', removeStopWords: ['fr'] })).parsedQuery).toBe('the red');
    expect((await search({ query: 'the bike red', removeStopWords: ['en'] })).parsedQuery).toBe('bike red');
    // Disabling "the" in German leaves English's standard "the" alone.
    expect((await search({ query: 'the bike red', removeStopWords: ['en', 'de'] })).parsedQuery).toBe('bike red');
    // Every language in force: the French word goes too.
    expect((await search({ query: 'the bike red', removeStopWords: ['en', 'fr'] })).parsedQuery).toBe('red');
  });
});

describe('ignorePlurals', () => {
  const TOYS = [
    { objectID: 'children', title: 'toys for children' },
    { objectID: 'child', title: 'toys for child' },
    { objectID: 'cacti', title: 'cacti in pots' },
  ];

  it('matches other declensions, counted as exact per alternativesAsExact', async () => {
    const { search } = await indexWith(TOYS);
    expect(ids(await search({ query: 'toys child', queryType: 'prefixNone' }))).toEqual(['child']);
    const plural = await search({
      query: 'toys child',
      queryType: 'prefixNone',
      ignorePlurals: true,
      getRankingInfo: true,
    });
    expect(ids(plural)).toEqual(['children', 'child']);
    expect(plural.hits.map((h) => [h._rankingInfo!.nbTypos, h._rankingInfo!.nbExactWords])).toEqual([
      [0, 2],
      [0, 2],
    ]);
    const strict = await search({
      query: 'toys child',
      queryType: 'prefixNone',
      ignorePlurals: true,
      alternativesAsExact: [],
      getRankingInfo: true,
    });
    expect(ids(strict)).toEqual(['child', 'children']);
    expect(strict.hits.map((h) => h._rankingInfo!.nbExactWords)).toEqual([2, 1]);
  });

  it('uses the listed languages, else queryLanguages', async () => {
    const { search } = await indexWith(TOYS, { queryLanguages: ['fr'] });
    expect(ids(await search({ query: 'child', queryType: 'prefixNone', ignorePlurals: true }))).toEqual(['child']);
    expect(ids(await search({ query: 'child', queryType: 'prefixNone', ignorePlurals: ['en'] }))).toEqual([
      'children',
      'child',
    ]);
  });

  it('follows custom plural entries', async () => {
    const { emulator, search } = await indexWith(TOYS, { ignorePlurals: ['en'] });
    expect(ids(await search({ query: 'cactus' }))).toEqual([]);
    await addEntries(emulator, 'plurals', [{ objectID: 'cactus', language: 'en', words: ['cactus', 'cacti'] }]);
    const found = await search({ query: 'cactus' });
    expect(ids(found)).toEqual(['cacti']);
    expect(found.hits[0]._highlightResult.title).toMatchObject({
      value: '<em>cacti</em> in pots',
      matchedWords: ['cactus'],
    });
  });
});

describe('decompounding', () => {
  const FRIDGES = [
    { objectID: 'compound', name: 'Kühlschrank mit Gefrierfach' },
    { objectID: 'words', name: 'Kühl Schrank' },
    { objectID: 'frame', name: 'Fensterrahmen aus Holz' },
  ];

  it('decompoundedAttributes index the parts of compounds, custom entries included', async () => {
    const { emulator, search } = await indexWith(FRIDGES, { decompoundedAttributes: { de: ['name'] } });
    expect(ids(await search({ query: 'schrank', queryType: 'prefixNone' })).sort()).toEqual(['compound', 'words']);
    expect(ids(await search({ query: 'rahmen', queryType: 'prefixNone' }))).toEqual([]);
    await addEntries(emulator, 'compounds', [
      { objectID: 'fenster', language: 'de', word: 'fensterrahmen', decomposition: ['fenster', 'rahmen'] },
    ]);
    expect(ids(await search({ query: 'rahmen', queryType: 'prefixNone' }))).toEqual(['frame']);

    const plain = await indexWith(FRIDGES);
    expect(ids(await plain.search({ query: 'schrank', queryType: 'prefixNone' }))).toEqual(['words']);
  });

  it('decompoundQuery splits query compounds in the query languages into consecutive parts', async () => {
    // Typo tolerance off: its two-word splits would find "Kühl Schrank" on their own.
    const { search } = await indexWith(FRIDGES, { queryLanguages: ['de'], typoTolerance: false });
    expect(ids(await search({ query: 'kühlschrank' })).sort()).toEqual(['compound', 'words']);
    expect(ids(await search({ query: 'kühlschrank', decompoundQuery: false }))).toEqual(['compound']);
    const english = await indexWith(FRIDGES, { queryLanguages: ['en'], typoTolerance: false });
    expect(ids(await english.search({ query: 'kühlschrank' }))).toEqual(['compound']);
  });
});

describe('dictionaries through the real client', () => {
  it('custom stop words, disabled standard words and plurals change searchSingleIndex', async () => {
    const { client } = env.fresh();
    await client.saveObjects({ indexName: 'cars', objects: CARS });
    await client.setSettings({
      indexName: 'cars',
      indexSettings: { removeStopWords: ['en'], ignorePlurals: ['en'], queryLanguages: ['en'] },
    });
    const search = (query: string) => client.searchSingleIndex({ indexName: 'cars', searchParams: { query } });

    const before = await search('the red bikes');
    expect(before.parsedQuery).toBe('red bikes');
    expect(before.hits.map((h) => h.objectID)).toEqual(['the', 'a']);

    const { taskID } = await client.batchDictionaryEntries({
      dictionaryName: 'stopwords',
      batchDictionaryEntriesParams: {
        requests: [
          { action: 'addEntry', body: { objectID: 'the-off', language: 'en', word: 'the', state: 'disabled' } },
        ],
      },
    });
    await client.waitForAppTask({ taskID });
    const after = await search('the red bikes');
    expect(after.parsedQuery).toBe('the red bikes');
    expect(after.hits.map((h) => h.objectID)).toEqual(['the']);
  });
});
