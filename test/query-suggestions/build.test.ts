import { describe, expect, it } from 'vitest';
import { SURFACES } from '../support/surfaces';
import { logOf, searchTimes, setupSuggestions, stock, type SuggestionsEmulator } from './support';
import type { Algoliasearch } from 'algoliasearch';

const open = setupSuggestions();

const CONFIG = {
  indexName: 'products_qs',
  sourceIndices: [
    {
      indexName: 'products',
      minHits: 2,
      minLetters: 4,
      facets: [
        { attribute: 'category', amount: 2 },
        { attribute: 'brand', amount: 1 },
      ],
    },
  ],
  languages: ['en'],
  exclude: ['^nike$', 'cheap'],
};

/**
 * Three days of searches on `products` (a minute apart, each by its own user):
 * shoes 6 (2 filtered on category:Shoes, 1 on brand:Nike), Running 4 + running 1, gucci 4,
 * bags 3, cheap shoes 3, nike 3, t-shirt 3, the empty query 2, nike running 2, shoe 2, bag 1.
 */
async function threeDaysOfSearches(emulator: SuggestionsEmulator, client: Algoliasearch): Promise<void> {
  // Day 1
  await searchTimes(emulator, client, 'shoes', 2, { facetFilters: ['category:Shoes'] });
  await searchTimes(emulator, client, 'Running', 2);
  await searchTimes(emulator, client, 'bags', 1);
  await searchTimes(emulator, client, 't-shirt', 3);
  await searchTimes(emulator, client, 'gucci', 2);
  await searchTimes(emulator, client, '', 2);
  emulator.clock.set('2024-01-02T00:00:00Z');
  await searchTimes(emulator, client, 'shoes', 1, { facetFilters: ['brand:Nike'] });
  await searchTimes(emulator, client, 'shoes', 1);
  await searchTimes(emulator, client, 'Running', 2);
  await searchTimes(emulator, client, 'bags', 1);
  await searchTimes(emulator, client, 'shoe', 2);
  await searchTimes(emulator, client, 'gucci', 2);
  await searchTimes(emulator, client, 'nike running', 2);
  emulator.clock.set('2024-01-03T00:00:00Z');
  await searchTimes(emulator, client, 'shoes', 2);
  await searchTimes(emulator, client, 'running', 1);
  await searchTimes(emulator, client, 'bags', 1);
  await searchTimes(emulator, client, 'bag', 1);
  await searchTimes(emulator, client, 'nike', 3);
  await searchTimes(emulator, client, 'cheap shoes', 3);
  emulator.clock.set('2024-01-04T00:00:00Z');
}

/** The records the first build writes, most popular first, written out in full. */
const FIRST_BUILD = [
  {
    objectID: 'shoes',
    query: 'shoes',
    popularity: 6,
    nb_words: 1,
    products: {
      exact_nb_hits: 3,
      facets: {
        exact_matches: {
          category: [
            { value: 'Shoes', count: 2 },
            { value: 'Accessories', count: 1 },
          ],
          brand: [{ value: 'Nike', count: 2 }],
        },
        analytics: {
          category: [{ attribute: 'category', operator: ':', value: 'Shoes', count: 2 }],
          brand: [{ attribute: 'brand', operator: ':', value: 'Nike', count: 1 }],
        },
      },
    },
  },
  {
    objectID: 'running',
    query: 'running',
    popularity: 5,
    nb_words: 1,
    products: {
      exact_nb_hits: 3,
      facets: {
        exact_matches: {
          category: [
            { value: 'Shoes', count: 2 },
            { value: 'Accessories', count: 1 },
          ],
          brand: [{ value: 'Nike', count: 2 }],
        },
        analytics: { category: [], brand: [] },
      },
    },
  },
  {
    objectID: 'bags',
    query: 'bags',
    popularity: 3,
    nb_words: 1,
    products: {
      exact_nb_hits: 2,
      // Gucci and Nike tie with one bag each: the first alphabetically is listed.
      facets: {
        exact_matches: { category: [{ value: 'Bags', count: 2 }], brand: [{ value: 'Gucci', count: 1 }] },
        analytics: { category: [], brand: [] },
      },
    },
  },
  {
    objectID: 'nike running',
    query: 'nike running',
    popularity: 2,
    nb_words: 2,
    products: {
      exact_nb_hits: 2,
      facets: {
        exact_matches: {
          category: [
            { value: 'Accessories', count: 1 },
            { value: 'Shoes', count: 1 },
          ],
          brand: [{ value: 'Nike', count: 2 }],
        },
        analytics: { category: [], brand: [] },
      },
    },
  },
];

const at = (time: string) => `2024-01-04T${time}Z`;

const FIRST_LOG = [
  {
    timestamp: at('00:00:00.000'),
    level: 'INFO',
    message: 'building the Query Suggestions index "products_qs"',
    contextLevel: 0,
  },
  { timestamp: at('00:00:00.000'), level: 'INFO', message: 'source index "products"', contextLevel: 0 },
  {
    timestamp: at('00:00:00.000'),
    level: 'INFO',
    message: '12 popular searches found in the analytics of "products" (last 30 days)',
    contextLevel: 1,
  },
  { timestamp: at('00:00:00.000'), level: 'INFO', message: 'checking 11 candidates on "products"', contextLevel: 1 },
  {
    timestamp: at('00:00:00.000'),
    level: 'SKIP',
    message: 'skipping query "gucci": not enough search results, got 1, expected 2',
    contextLevel: 2,
  },
  {
    timestamp: at('00:00:00.000'),
    level: 'SKIP',
    message: 'skipping query "cheap shoes": excluded by "cheap"',
    contextLevel: 2,
  },
  {
    timestamp: at('00:00:00.000'),
    level: 'SKIP',
    message: 'skipping query "nike": excluded by "^nike$"',
    contextLevel: 2,
  },
  {
    timestamp: at('00:00:00.000'),
    level: 'SKIP',
    message: 'skipping query "t-shirt": contains special characters',
    contextLevel: 2,
  },
  { timestamp: at('00:00:00.000'), level: 'SKIP', message: 'skipping query "": empty query', contextLevel: 2 },
  {
    timestamp: at('00:00:00.000'),
    level: 'SKIP',
    message: 'skipping query "bag": not enough letters, got 3, expected 4',
    contextLevel: 2,
  },
  { timestamp: at('00:00:00.000'), level: 'INFO', message: '5 of 11 candidates kept for "products"', contextLevel: 1 },
  {
    timestamp: at('00:00:00.000'),
    level: 'INFO',
    message: 'de-duplicating singular and plural forms (languages: en)',
    contextLevel: 0,
  },
  {
    timestamp: at('00:00:00.000'),
    level: 'SKIP',
    message: 'skipping query "shoe": plural form of "shoes", which is more popular',
    contextLevel: 1,
  },
  { timestamp: at('00:00:21.100'), level: 'INFO', message: '4 suggestions written to "products_qs"', contextLevel: 0 },
  { timestamp: at('00:00:21.100'), level: 'INFO', message: 'build finished in 21s', contextLevel: 0 },
];

describe.each(SURFACES)('a suggestions index built from three days of analytics (%s)', (surface) => {
  it('holds the popular searches that pass every check, most popular first, with their categories', async () => {
    const { emulator, client, api } = open(surface);
    await stock(client);
    await threeDaysOfSearches(emulator, client);

    expect(await api.createConfig(CONFIG)).toEqual({
      status: 200,
      message: 'Configuration was created, and a new indexing job has been scheduled.',
    });
    // The build takes 20 s plus 0.1 s per candidate checked (11): under way until 00:00:21.1.
    expect(await api.getConfigStatus({ indexName: 'products_qs' })).toEqual({
      indexName: 'products_qs',
      isRunning: true,
    });
    expect(emulator.core.state.indices.has('products_qs')).toBe(false);
    emulator.clock.advance('21s');
    expect(await api.getConfigStatus({ indexName: 'products_qs' })).toMatchObject({ isRunning: true });
    emulator.clock.advance('100ms');
    expect(await api.getConfigStatus({ indexName: 'products_qs' })).toEqual({
      indexName: 'products_qs',
      isRunning: false,
      lastBuiltAt: '2024-01-04T00:00:21Z',
      lastSuccessfulBuiltAt: '2024-01-04T00:00:21Z',
      lastSuccessfulBuildDuration: '21',
    });

    const { hits } = await client.browse({ indexName: 'products_qs' });
    expect(hits).toEqual(FIRST_BUILD);
    expect(await logOf(api, 'products_qs')).toEqual(FIRST_LOG);
  });

  it('is rebuilt every 24 hours from the searches made since, and the delete keeps it', async () => {
    const { emulator, client, api } = open(surface);
    await stock(client);
    await threeDaysOfSearches(emulator, client);
    await api.createConfig(CONFIG);
    emulator.clock.advance('1h');

    // Day 4: bags overtakes shoes, and a new popular search appears.
    await searchTimes(emulator, client, 'bags', 5);
    await searchTimes(emulator, client, 'socks', 4);
    emulator.clock.set('2024-01-05T00:00:00Z');
    expect(await api.getConfigStatus({ indexName: 'products_qs' })).toMatchObject({
      isRunning: true,
      lastBuiltAt: '2024-01-04T00:00:21Z',
    });
    emulator.clock.advance('1m');
    expect(await api.getConfigStatus({ indexName: 'products_qs' })).toEqual({
      indexName: 'products_qs',
      isRunning: false,
      lastBuiltAt: '2024-01-05T00:00:21Z',
      lastSuccessfulBuiltAt: '2024-01-05T00:00:21Z',
      lastSuccessfulBuildDuration: '21',
    });
    const rebuilt = await client.browse<{ query: string; popularity: number }>({ indexName: 'products_qs' });
    expect(rebuilt.hits.map((hit) => [hit.query, hit.popularity])).toEqual([
      ['bags', 8],
      ['shoes', 6],
      ['running', 5],
      ['nike running', 2],
    ]);
    // `socks` finds one record (minHits 2): the log says so.
    expect(
      (await logOf(api, 'products_qs')).filter((line) => line.level === 'SKIP').map((line) => line.message),
    ).toContain('skipping query "socks": not enough search results, got 1, expected 2');

    expect(await api.deleteConfig({ indexName: 'products_qs' })).toEqual({
      status: 200,
      message: 'Configuration was deleted with success.',
    });
    await searchTimes(emulator, client, 'running', 10);
    emulator.clock.advance('3d');
    const kept = await client.browse({ indexName: 'products_qs' });
    expect(kept.hits).toEqual(rebuilt.hits);
    expect(emulator.core.state.jobs.queue.filter((job) => job.kind.startsWith('querySuggestions'))).toEqual([]);
    await expect(api.getConfig({ indexName: 'products_qs' })).rejects.toMatchObject({
      status: 404,
      message: 'Not Found',
    });
  });
});
