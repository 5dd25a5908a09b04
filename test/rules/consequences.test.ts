import { describe, expect, it } from 'vitest';
import type { Rule } from '@algolia/client-search';
import { createEmulator } from '../../src';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

const PRODUCTS = [
  { objectID: '1', name: 'phone iphone', brand: 'Apple', color: 'black', price: 900 },
  { objectID: '2', name: 'phone case', brand: 'Spigen', color: 'red', price: 20 },
  { objectID: '3', name: 'phone galaxy', brand: 'Samsung', color: 'black', price: 800 },
  { objectID: '4', name: 'phone pixel', brand: 'Google', color: 'white', price: 700 },
  { objectID: '5', name: 'usb cable', brand: 'Anker', color: 'white', price: 10 },
];
const SETTINGS = {
  searchableAttributes: ['name'],
  attributesForFaceting: ['brand', 'color'],
  customRanking: ['desc(price)'],
};

type Hit = { objectID: string; _rankingInfo?: { promoted?: boolean } };
type Body = { hits: Hit[]; nbHits: number; nbPages: number; page: number; [field: string]: unknown };

/** A direct-call emulator with the products and the given rules. */
async function shop(rules: Record<string, unknown>[]) {
  const emulator = createEmulator();
  await emulator.saveObjects({ indexName: 'products', objects: PRODUCTS });
  await emulator.setSettings({ indexName: 'products', indexSettings: SETTINGS });
  if (rules.length > 0) await emulator.saveRules({ indexName: 'products', rules: rules as Rule[] });
  const search = async (searchParams: Record<string, unknown>) =>
    (await emulator.searchSingleIndex({ indexName: 'products', searchParams })) as unknown as Body;
  return { emulator, search };
}

const ids = (body: Body) => body.hits.map((hit) => hit.objectID);
const onPhone = (objectID: string, consequence: Record<string, unknown>) => ({
  objectID,
  conditions: [{ pattern: 'phone', anchoring: 'contains' as const }],
  consequence,
});

describe('promote', () => {
  it('pins a record that does not match the query at its position, counted in nbHits, flagged in _rankingInfo', async () => {
    const { search } = await shop([onPhone('pin-cable', { promote: [{ objectID: '5', position: 1 }] })]);
    const before = await search({ query: 'phone', enableRules: false });
    expect(ids(before)).toEqual(['1', '3', '4', '2']);
    const after = await search({ query: 'phone', getRankingInfo: true });
    expect(ids(after)).toEqual(['1', '5', '3', '4', '2']);
    expect(after.nbHits).toBe(5);
    expect(after.hits[1]._rankingInfo?.promoted).toBe(true);
    expect(after.hits[0]._rankingInfo).not.toHaveProperty('promoted');
  });

  it('moves a matching record instead of repeating it', async () => {
    const { search } = await shop([onPhone('pin-case', { promote: [{ objectID: '2', position: 0 }] })]);
    const body = await search({ query: 'phone' });
    expect(ids(body)).toEqual(['2', '1', '3', '4']);
    expect(body.nbHits).toBe(4);
  });

  it('places a group on consecutive positions from its position', async () => {
    const { search } = await shop([onPhone('pin-group', { promote: [{ objectIDs: ['5', '4'], position: 1 }] })]);
    expect(ids(await search({ query: 'phone' }))).toEqual(['1', '5', '4', '3', '2']);
  });

  it('keeps positions across pages; a position past the end appends', async () => {
    const { search } = await shop([
      onPhone('pin-far', {
        promote: [
          { objectID: '5', position: 2 },
          { objectID: 'missing', position: 3 },
        ],
      }),
    ]);
    const first = await search({ query: 'phone', hitsPerPage: 2 });
    const second = await search({ query: 'phone', hitsPerPage: 2, page: 1 });
    expect([ids(first), ids(second)]).toEqual([
      ['1', '3'],
      ['5', '4'],
    ]);
    expect([first.nbHits, first.nbPages]).toEqual([5, 3]);
    const { search: tail } = await shop([onPhone('pin-end', { promote: [{ objectID: '5', position: 50 }] })]);
    expect(ids(await tail({ query: 'phone' }))).toEqual(['1', '3', '4', '2', '5']);
  });

  it('shows promoted records whatever the filters, unless filterPromotes', async () => {
    const loose = await shop([onPhone('pin-cable', { promote: [{ objectID: '5', position: 0 }] })]);
    expect(ids(await loose.search({ query: 'phone', filters: 'color:black' }))).toEqual(['5', '1', '3']);
    const strict = await shop([
      onPhone('pin-cable', { promote: [{ objectID: '5', position: 0 }], filterPromotes: true }),
    ]);
    expect(ids(await strict.search({ query: 'phone', filters: 'color:black' }))).toEqual(['1', '3']);
    // Matching the filters is enough: the query need not match.
    expect(ids(await strict.search({ query: 'phone', filters: 'color:white' }))).toEqual(['5', '4']);
  });

  it('does not count promoted records that did not match in the facets', async () => {
    const { search } = await shop([onPhone('pin-cable', { promote: [{ objectID: '5', position: 0 }] })]);
    const body = await search({ query: 'phone', facets: ['brand'] });
    expect(body.facets).toEqual({ brand: { Apple: 1, Google: 1, Samsung: 1, Spigen: 1 } });
  });
});

describe('hide', () => {
  it('removes records from hits, nbHits and facets, even when another rule promotes them', async () => {
    const { search } = await shop([
      onPhone('hide-galaxy', { hide: [{ objectID: '3' }] }),
      {
        objectID: 'pin-galaxy',
        conditions: [{ pattern: 'galaxy', anchoring: 'contains' }],
        consequence: { promote: [{ objectID: '3', position: 0 }] },
      },
    ]);
    const body = await search({ query: 'phone', facets: ['brand'] });
    expect(ids(body)).toEqual(['1', '4', '2']);
    expect(body.nbHits).toBe(3);
    expect(body.facets).toEqual({ brand: { Apple: 1, Google: 1, Spigen: 1 } });
    // Both rules apply (no shared words): hidden wins over promoted.
    expect(ids(await search({ query: 'phone galaxy' }))).toEqual([]);
  });
});

describe('response fields', () => {
  it('returns a redirect in renderingContent, beside the index facet ordering', async () => {
    const { emulator, search } = await shop([
      {
        objectID: 'redirect-help',
        conditions: [{ pattern: 'help', anchoring: 'is' }],
        consequence: { params: { renderingContent: { redirect: { url: 'https://example.com/help' } } } },
      },
    ]);
    const facetOrdering = { facets: { order: ['brand'] } };
    await emulator.setSettings({ indexName: 'products', indexSettings: { renderingContent: { facetOrdering } } });
    const body = await search({ query: 'help' });
    expect(body.renderingContent).toEqual({ facetOrdering, redirect: { url: 'https://example.com/help' } });
    expect((await search({ query: 'phone' })).renderingContent).toEqual({ facetOrdering });
  });

  it('appends every applied rule userData, highest precedence first', async () => {
    const { search } = await shop([
      {
        objectID: 'a-banner',
        conditions: [{ pattern: 'galaxy', anchoring: 'endsWith' }],
        consequence: { userData: { banner: 'galaxy' } },
      },
      {
        objectID: 'b-banner',
        conditions: [{ pattern: 'phone', anchoring: 'startsWith' }],
        consequence: { userData: { banner: 'phones' } },
      },
    ]);
    // The match nearest the start of the query comes first.
    const body = await search({ query: 'phone galaxy', getRankingInfo: true });
    expect(body.userData).toEqual([{ banner: 'phones' }, { banner: 'galaxy' }]);
    expect(body.appliedRules).toEqual([{ objectID: 'b-banner' }, { objectID: 'a-banner' }]);
  });

  it('answers the query as sent while parsedQuery shows the rewritten one', async () => {
    const { search } = await shop([
      {
        objectID: 'mobile',
        conditions: [{ pattern: 'mobile', anchoring: 'is' }],
        consequence: { params: { query: 'phone galaxy' } },
      },
    ]);
    const body = await search({ query: 'mobile' });
    expect(ids(body)).toEqual(['3']);
    expect(body.query).toBe('mobile');
    expect(body.parsedQuery).toBe('phone galaxy');
  });
});

describe('consequences through the v5 client over msw', () => {
  it('promote, hide, userData and a redirect change a real query', async () => {
    const { client } = env.fresh();
    await client.saveObjects({ indexName: 'products', objects: PRODUCTS });
    await client.setSettings({ indexName: 'products', indexSettings: SETTINGS });
    await client.saveRules({
      indexName: 'products',
      rules: [
        onPhone('merch', {
          promote: [{ objectIDs: ['5', '2'], position: 0 }],
          hide: [{ objectID: '1' }],
          userData: { banner: 'accessories' },
          params: { renderingContent: { redirect: { url: 'https://example.com/phones' } } },
        }),
      ],
    });
    const res = await client.searchSingleIndex<Record<string, unknown>>({
      indexName: 'products',
      searchParams: { query: 'phone', getRankingInfo: true },
    });
    expect(res.hits.map((hit) => hit.objectID)).toEqual(['5', '2', '3', '4']);
    expect(res.hits.map((hit) => hit._rankingInfo?.promoted ?? false)).toEqual([true, true, false, false]);
    expect(res.nbHits).toBe(4);
    expect(res.userData).toEqual([{ banner: 'accessories' }]);
    expect(res.renderingContent?.redirect).toEqual({ url: 'https://example.com/phones' });
    expect(res.appliedRules).toEqual([{ objectID: 'merch' }]);
  });
});
