import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

// For "phone": A and B match in the name (most relevant), D early in the description, C later in it.
const PRODUCTS = [
  { objectID: 'A', name: 'phone x', description: 'flagship', price: 500 },
  { objectID: 'B', name: 'phone y', description: 'budget', price: 100 },
  { objectID: 'C', name: 'charger', description: 'for phone', price: 10 },
  { objectID: 'D', name: 'case', description: 'phone case', price: 5 },
];
const BY_PRICE = ['asc(price)', 'typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

type Body = { hits: { objectID: string }[]; nbHits: number; nbPages: number; [field: string]: unknown };
const ids = (body: Body) => body.hits.map((hit) => hit.objectID);

/** `products` with a standard replica sorted by price and a virtual one relevant-sorted by price. */
async function catalogue() {
  const emulator = createEmulator();
  await emulator.setSettings({
    indexName: 'products',
    indexSettings: {
      searchableAttributes: ['name', 'description'],
      replicas: ['products_price', 'virtual(products_relevant_price)'],
    },
  });
  await emulator.setSettings({ indexName: 'products_price', indexSettings: { ranking: BY_PRICE } });
  await emulator.setSettings({
    indexName: 'products_relevant_price',
    indexSettings: { customRanking: ['asc(price)'] },
  });
  await emulator.saveObjects({ indexName: 'products', objects: PRODUCTS });
  const search = async (indexName: string, searchParams: Record<string, unknown>) =>
    (await emulator.searchSingleIndex({ indexName, searchParams })) as unknown as Body;
  return { emulator, search };
}

describe('standard replicas', () => {
  it('rank the primary records with their own ranking, including records written later', async () => {
    const { emulator, search } = await catalogue();
    expect(ids(await search('products', { query: 'phone' }))).toEqual(['B', 'A', 'D', 'C']);
    const sorted = await search('products_price', { query: 'phone' });
    expect(ids(sorted)).toEqual(['D', 'C', 'B', 'A']);
    expect(sorted.nbHits).toBe(4);
    expect(sorted).not.toHaveProperty('appliedRelevancyStrictness');
    await emulator.saveObject({ indexName: 'products', body: { objectID: 'E', name: 'phone z', price: 1 } });
    expect(ids(await search('products_price', { query: 'phone' }))[0]).toBe('E');
  });
});

describe('virtual replicas (relevant sort)', () => {
  it('keep the most relevant matches by the primary formula, then sort them by their customRanking', async () => {
    const { search } = await catalogue();
    const body = await search('products_relevant_price', { query: 'phone' });
    expect(ids(body)).toEqual(['B', 'A']);
    expect(body.nbHits).toBe(4);
    expect(body.nbSortedHits).toBe(2);
    expect(body.appliedRelevancyStrictness).toBe(100);
    expect(body.nbPages).toBe(1);
  });

  it('relevancyStrictness (setting or parameter) widens the relevant set', async () => {
    const { emulator, search } = await catalogue();
    expect(ids(await search('products_relevant_price', { query: 'phone', relevancyStrictness: 50 }))).toEqual([
      'D',
      'B',
      'A',
    ]);
    const all = await search('products_relevant_price', { query: 'phone', relevancyStrictness: 0 });
    expect(ids(all)).toEqual(['D', 'C', 'B', 'A']);
    expect([all.nbSortedHits, all.appliedRelevancyStrictness]).toEqual([4, 0]);
    await emulator.setSettings({ indexName: 'products_relevant_price', indexSettings: { relevancyStrictness: 60 } });
    expect(ids(await search('products_relevant_price', { query: 'phone' }))).toEqual(['D', 'B', 'A']);
  });

  it('sort every record by customRanking for an empty query', async () => {
    const { search } = await catalogue();
    expect(ids(await search('products_relevant_price', { query: '' }))).toEqual(['D', 'C', 'B', 'A']);
  });
});

describe('replicas through the v5 client over msw', () => {
  it('standard and virtual replicas order a real query', async () => {
    const { client } = env.fresh();
    await client.setSettings({
      indexName: 'products',
      indexSettings: {
        searchableAttributes: ['name', 'description'],
        replicas: ['products_price', 'virtual(products_relevant_price)'],
      },
    });
    await client.setSettings({ indexName: 'products_price', indexSettings: { ranking: BY_PRICE } });
    await client.setSettings({
      indexName: 'products_relevant_price',
      indexSettings: { customRanking: ['asc(price)'] },
    });
    await client.saveObjects({ indexName: 'products', objects: PRODUCTS });
    const { results } = await client.search({
      requests: [
        { indexName: 'products_price', query: 'phone' },
        { indexName: 'products_relevant_price', query: 'phone' },
        { indexName: 'products_relevant_price', query: 'phone', relevancyStrictness: 0 },
      ],
    });
    const [standard, relevant, everything] = results as unknown as Body[];
    expect(ids(standard)).toEqual(['D', 'C', 'B', 'A']);
    expect(ids(relevant)).toEqual(['B', 'A']);
    expect([relevant.nbHits, relevant.nbSortedHits, relevant.appliedRelevancyStrictness]).toEqual([4, 2, 100]);
    expect(ids(everything)).toEqual(['D', 'C', 'B', 'A']);
  });
});
