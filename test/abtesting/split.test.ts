import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { setupSurfaces, SURFACES } from '../support/surfaces';
import { abtesting, seedIndices, twoIndices } from './support';

const open = setupSurfaces();

type Answer = {
  hits: { objectID: string }[];
  abTestID?: number;
  abTestVariantID?: number;
  index?: string;
  hitsPerPage: number;
};

describe.each(SURFACES)('searches during an A/B test (%s)', (surface) => {
  it('sends each user to one variant, whose index answers, and says which', async () => {
    const { emulator, client, api } = open(surface);
    await seedIndices(emulator);
    await abtesting(surface, emulator, client, 2).addABTests(twoIndices());
    const seen = new Map<number, string[]>();
    for (let i = 0; i < 40; i++) {
      const first = (await api.searchSingleIndex({
        indexName: 'products',
        searchParams: { query: 'phone', userToken: `u${i}` },
      })) as Answer;
      const again = (await api.searchSingleIndex({
        indexName: 'products',
        searchParams: { query: 'phone', userToken: `u${i}` },
      })) as Answer;
      expect(again.abTestVariantID).toBe(first.abTestVariantID);
      expect(first.abTestID).toBe(1);
      seen.set(
        first.abTestVariantID!,
        first.hits.map((hit) => hit.objectID),
      );
    }
    expect(seen.get(1)).toEqual(['a1', 'a2']);
    expect(seen.get(2)).toEqual(['b1']);
  });

  it('splits by the X-Algolia-UserToken header, else the client IP', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    await abtesting(surface, emulator, client, 2).addABTests(twoIndices());
    const variantOf = async (headers: Record<string, string>) => {
      type Search = { searchSingleIndex(params: unknown, options?: unknown): Promise<unknown> };
      const search = (surface === 'direct'
        ? emulator.as({ apiKey: emulator.adminApiKey, headers })
        : client) as unknown as Search;
      const res = (await search.searchSingleIndex(
        { indexName: 'products', searchParams: { query: '' } },
        surface === 'direct' ? undefined : { headers },
      )) as Answer;
      return res.abTestVariantID;
    };
    const byHeader = await variantOf({ 'x-algolia-usertoken': 'someone' });
    expect(await variantOf({ 'x-algolia-usertoken': 'someone', 'x-emulator-client-ip': '10.0.0.9' })).toBe(byHeader);
    const ips = await Promise.all(
      Array.from({ length: 30 }, (_, i) => variantOf({ 'x-emulator-client-ip': `10.0.0.${i}` })),
    );
    expect(new Set(ips)).toEqual(new Set([1, 2]));
    expect(await variantOf({ 'x-emulator-client-ip': '10.0.0.3' })).toBe(ips[3]);
  });

  it("applies a variant's search parameters under the query's own", async () => {
    const { emulator, client, api } = open(surface);
    await seedIndices(emulator);
    await abtesting(surface, emulator, client, 2).addABTests({
      ...twoIndices(),
      variants: [
        { index: 'products', trafficPercentage: 50 },
        { index: 'products', trafficPercentage: 50, customSearchParameters: { hitsPerPage: 1, filters: 'brand:acme' } },
      ],
    });
    for (let i = 0; i < 20; i++) {
      const res = (await api.searchSingleIndex({
        indexName: 'products',
        searchParams: { query: 'phone', userToken: `u${i}` },
      })) as Answer;
      expect(res.hitsPerPage).toBe(res.abTestVariantID === 2 ? 1 : 20);
      const mine = (await api.searchSingleIndex({
        indexName: 'products',
        searchParams: { query: 'phone', userToken: `u${i}`, hitsPerPage: 5 },
      })) as Answer;
      expect(mine.hitsPerPage).toBe(5);
    }
  });

  it('leaves out searches with enableABTest false, other indices, and stopped tests', async () => {
    const { emulator, client, api } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 2);
    await ab.addABTests(twoIndices());
    const off = (await api.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: '', enableABTest: false },
    })) as Answer;
    expect(off.abTestID).toBeUndefined();
    expect(off.abTestVariantID).toBeUndefined();
    const other = (await api.searchSingleIndex({ indexName: 'products_b', searchParams: { query: '' } })) as Answer;
    expect(other.abTestVariantID).toBeUndefined();
    await ab.stopABTest({ id: 1 });
    const after = (await api.searchSingleIndex({ indexName: 'products', searchParams: { query: '' } })) as Answer;
    expect(after.abTestVariantID).toBeUndefined();
  });

  it('splits multi-index queries and keeps the index asked for in the answer', async () => {
    const { emulator, client, api } = open(surface);
    await seedIndices(emulator);
    await abtesting(surface, emulator, client, 2).addABTests(twoIndices([1, 99]));
    const { results } = (await api.search({
      requests: [
        { indexName: 'products', query: 'phone', userToken: 'someone', getRankingInfo: true },
        { indexName: 'products_b', query: 'phone' },
      ],
    })) as { results: (Answer & { indexUsed?: string })[] };
    expect(results[0]).toMatchObject({ index: 'products', indexUsed: 'products_b', abTestID: 1, abTestVariantID: 2 });
    expect(results[1].abTestVariantID).toBeUndefined();
  });

  it('keeps abTestVariantID whatever responseFields asks', async () => {
    const { emulator, client, api } = open(surface);
    await seedIndices(emulator);
    await abtesting(surface, emulator, client, 2).addABTests(twoIndices());
    const res = (await api.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: '', responseFields: ['hits'] },
    })) as Answer;
    expect(Object.keys(res).sort()).toEqual(['abTestVariantID', 'hits']);
  });
});

describe('the traffic split', () => {
  it('follows the percentages and gives every user one variant, for any seed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 10, max: 90 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        async (share, seed) => {
          const emulator = createEmulator({ seed });
          await seedIndices(emulator);
          await emulator.initAbtesting().addABTests(twoIndices([share, 100 - share]));
          let first = 0;
          for (let i = 0; i < 400; i++) {
            const res = (await emulator.searchSingleIndex({
              indexName: 'products',
              searchParams: { query: '', userToken: `u${i}` },
            })) as Answer;
            if (res.abTestVariantID === 1) first++;
          }
          // 400 users: within 4.5 standard deviations of the expected share.
          const expected = 400 * (share / 100);
          const sd = Math.sqrt(400 * (share / 100) * (1 - share / 100));
          expect(Math.abs(first - expected)).toBeLessThan(4.5 * sd);
        },
      ),
      { numRuns: 8, seed: 7 },
    );
  });

  it('replays the same split for the same seed', async () => {
    const variants = async () => {
      const emulator = createEmulator({ seed: 'split' });
      await seedIndices(emulator);
      await emulator.initAbtesting().addABTests(twoIndices());
      const out: number[] = [];
      for (let i = 0; i < 30; i++)
        out.push(
          (
            (await emulator.searchSingleIndex({
              indexName: 'products',
              searchParams: { userToken: `u${i}` },
            })) as Answer
          ).abTestVariantID!,
        );
      return out;
    };
    expect(await variants()).toEqual(await variants());
  });
});
