import { describe, expect, it } from 'vitest';
import { SURFACES } from '../support/surfaces';
import { logOf, searchTimes, setupSuggestions, stock } from './support';

const open = setupSuggestions({ analyticsRefresh: 'immediate' });

const none = (exact_nb_hits: number) => ({ exact_nb_hits, facets: { exact_matches: {}, analytics: {} } });
const record = (query: string, popularity: number, sources: Record<string, unknown>) => ({
  ...sources,
  nb_words: query.split(' ').length,
  popularity,
  query,
  objectID: query,
});

describe.each(SURFACES)('what a build reads (%s)', (surface) => {
  it('tagged searches of the index and its replicas, external indices, generated facets, several sources merged', async () => {
    const { emulator, client, api } = open(surface);
    await stock(client);
    await client.setSettings({ indexName: 'products', indexSettings: { replicas: ['products_by_name'] } });
    await client.saveObjects({ indexName: 'articles', objects: [{ objectID: 'a1', title: 'choosing running shoes' }] });
    await client.saveObjects({
      indexName: 'seed',
      objects: [
        { objectID: 's1', query: 'Shoes', count: 100 },
        { objectID: 's2', query: 'leather bag', count: 7 },
        { objectID: 's3', query: 'laces', count: 3 },
        { objectID: 'bad', query: 5 },
      ],
    });
    await searchTimes(emulator, client, 'shoes', 3, { analyticsTags: ['web'] });
    await searchTimes(emulator, client, 'shoes', 2, { analyticsTags: ['app'] });
    await searchTimes(emulator, client, 'running', 2, { analyticsTags: ['web'] });
    await searchTimes(emulator, client, 'bags', 4);
    await searchTimes(emulator, client, 'shoes', 1, { analyticsTags: ['web'] }, 'products_by_name');
    await searchTimes(emulator, client, 'running', 3, { analyticsTags: ['app'] }, 'products_by_name');
    await searchTimes(emulator, client, 'running shoes', 2, { analyticsTags: ['web'] }, 'articles');
    await searchTimes(emulator, client, 'shoes', 1, {}, 'articles');

    await api.createConfig({
      indexName: 'qs',
      sourceIndices: [
        {
          indexName: 'products',
          analyticsTags: ['web', 'app'],
          replicas: true,
          external: ['seed'],
          generate: [['brand', 'category']],
          minHits: 1,
        },
        { indexName: 'articles', minHits: 1 },
      ],
    });
    await emulator.buildQuerySuggestions({ indexName: 'qs' });

    const { hits } = await client.browse({ indexName: 'qs' });
    expect(hits).toEqual([
      // Same popularity: objectID descending, the service's last tie-break. `shoes` adds its
      // popularity over both sources.
      record('shoes', 7, { products: none(3), articles: none(1) }),
      record('leather bag', 7, { products: none(1) }),
      record('running', 5, { products: none(3) }),
      record('laces', 3, { products: none(1) }),
      record('running shoes', 2, { articles: none(1) }),
      // Generated from brand + category: nobody searched them.
      record('salomon shoes', 0, { products: none(1) }),
      record('nike shoes', 0, { products: none(2) }),
      record('nike bags', 0, { products: none(1) }),
      record('nike accessories', 0, { products: none(2) }),
      record('gucci bags', 0, { products: none(1) }),
    ]);
    const lines = (await logOf(api, 'qs')).map((line) => `${line.contextLevel} ${line.level} ${line.message}`);
    expect(lines.slice(0, 8)).toEqual([
      '0 INFO building the Query Suggestions index "qs"',
      '0 INFO source index "products"',
      '1 INFO 2 popular searches found in the analytics of "products" (last 30 days)',
      '1 INFO 2 popular searches found in the analytics of "products_by_name" (last 30 days)',
      '1 INFO 4 records found in the external index "seed"',
      '2 SKIP skipping query "shoes" of "seed": already found in the analytics',
      '2 SKIP skipping record "bad" of "seed": a numeric `count` and a string `query` are required',
      '1 INFO 5 suggestion candidates generated from the facets [brand, category]',
    ]);
  });

  it('exclude patterns match whatever the case of the pattern or of the search', async () => {
    const { emulator, client, api } = open(surface);
    await stock(client);
    await searchTimes(emulator, client, 'Running', 2);
    await searchTimes(emulator, client, 'shoes', 2);
    await searchTimes(emulator, client, 'bags', 2);
    await api.createConfig({
      indexName: 'qs',
      sourceIndices: [{ indexName: 'products', minHits: 1 }],
      exclude: ['^RUNNING$', 'Bag'],
    });
    await emulator.buildQuerySuggestions({ indexName: 'qs' });
    const { hits } = await client.browse<{ query: string }>({ indexName: 'qs' });
    expect(hits.map((hit) => hit.query)).toEqual(['shoes']);
    const skipped = (await logOf(api, 'qs')).filter((line) => line.level === 'SKIP').map((line) => line.message);
    expect(skipped).toEqual(
      expect.arrayContaining([
        'skipping query "running": excluded by "^RUNNING$"',
        'skipping query "bags": excluded by "Bag"',
      ]),
    );
  });

  it('special characters and diacritics only with allowSpecialCharacters', async () => {
    const { emulator, client, api } = open(surface);
    await client.saveObjects({
      indexName: 'clothes',
      objects: [
        { objectID: '1', name: 't-shirt' },
        { objectID: '2', name: 'café au lait' },
        { objectID: '3', name: 'jeans' },
      ],
    });
    await searchTimes(emulator, client, 't-shirt', 2, {}, 'clothes');
    await searchTimes(emulator, client, 'café', 1, {}, 'clothes');
    await searchTimes(emulator, client, 'jeans', 1, {}, 'clothes');
    const sourceIndices = [{ indexName: 'clothes', minHits: 1, minLetters: 1 }];
    await api.createConfig({ indexName: 'strict_qs', sourceIndices });
    await api.createConfig({ indexName: 'loose_qs', sourceIndices, allowSpecialCharacters: true });
    emulator.clock.advance('1m');
    const queries = async (indexName: string) =>
      (await client.browse<{ query: string }>({ indexName })).hits.map((hit) => hit.query);
    expect(await queries('strict_qs')).toEqual(['jeans']);
    expect(await queries('loose_qs')).toEqual(['t-shirt', 'jeans', 'café']);
    expect((await logOf(api, 'strict_qs')).filter((line) => line.level === 'SKIP').map((line) => line.message)).toEqual(
      ['skipping query "t-shirt": contains special characters', 'skipping query "café": contains special characters'],
    );
  });

  it('plural forms are de-duplicated per language, with the application plural dictionaries', async () => {
    const { emulator, client, api } = open(surface);
    await client.batchDictionaryEntries({
      dictionaryName: 'plurals',
      batchDictionaryEntriesParams: {
        requests: [{ action: 'addEntry', body: { objectID: 'horse', language: 'fr', words: ['cheval', 'chevaux'] } }],
      },
    });
    await client.saveObjects({
      indexName: 'stable',
      objects: [
        { objectID: '1', name: 'cheval blanc' },
        { objectID: '2', name: 'chevaux noirs' },
      ],
    });
    await searchTimes(emulator, client, 'chevaux', 3, {}, 'stable');
    await searchTimes(emulator, client, 'cheval', 1, {}, 'stable');
    const sourceIndices = [{ indexName: 'stable', minHits: 1 }];
    await api.createConfig({ indexName: 'english_qs', sourceIndices, languages: ['en'] });
    await api.createConfig({ indexName: 'french_qs', sourceIndices, languages: ['fr'] });
    await api.createConfig({ indexName: 'all_qs', sourceIndices, languages: true });
    await api.createConfig({ indexName: 'unknown_qs', sourceIndices, languages: ['french'] });
    emulator.clock.advance('1m');
    const queries = async (indexName: string) =>
      (await client.browse<{ query: string }>({ indexName })).hits.map((hit) => hit.query);
    expect(await queries('english_qs')).toEqual(['chevaux', 'cheval']);
    expect(await queries('french_qs')).toEqual(['chevaux']);
    expect(await queries('all_qs')).toEqual(['chevaux']);
    expect(await queries('unknown_qs')).toEqual(['chevaux', 'cheval']);
    expect((await logOf(api, 'unknown_qs')).map((line) => line.message)).toContain(
      'language "french" has no plural dictionary: it is ignored',
    );
  });
});

describe('the suggestions index as an autocomplete reads it', () => {
  it('has the service settings, and a prefix query finds suggestions by popularity, highlighted', async () => {
    const { emulator, client } = open('client');
    await stock(client);
    await searchTimes(emulator, client, 'running shoes', 2);
    await searchTimes(emulator, client, 'running', 5);
    await searchTimes(emulator, client, 'shoes', 3);
    await emulator.createConfig({ indexName: 'products_qs', sourceIndices: [{ indexName: 'products', minHits: 1 }] });
    emulator.clock.advance('1m');

    expect(await client.getSettings({ indexName: 'products_qs' })).toMatchObject({
      searchableAttributes: ['query'],
      numericAttributesForFiltering: ['nb_words'],
      attributesToHighlight: ['query'],
      customRanking: ['desc(popularity)'],
      removeWordsIfNoResults: 'lastWords',
      snippetEllipsisText: '',
      queryType: 'prefixLast',
      highlightPreTag: '<em>',
    });
    // What @algolia/autocomplete's query suggestions plugin sends.
    const { hits } = await client.searchSingleIndex<{ query: string }>({
      indexName: 'products_qs',
      searchParams: {
        query: 'run',
        hitsPerPage: 5,
        highlightPreTag: '__aa-highlight__',
        highlightPostTag: '__/aa-highlight__',
      },
    });
    expect(hits.map((hit) => [hit.query, hit._highlightResult?.query])).toEqual([
      [
        'running',
        {
          value: '__aa-highlight__run__/aa-highlight__ning',
          matchLevel: 'full',
          fullyHighlighted: false,
          matchedWords: ['run'],
        },
      ],
      [
        'running shoes',
        {
          value: '__aa-highlight__run__/aa-highlight__ning shoes',
          matchLevel: 'full',
          fullyHighlighted: false,
          matchedWords: ['run'],
        },
      ],
    ]);
    const oneWord = await client.searchSingleIndex({
      indexName: 'products_qs',
      searchParams: { query: '', filters: 'nb_words = 1' },
    });
    expect(oneWord.hits.map((hit) => hit.objectID)).toEqual(['running', 'shoes']);
  });
});
