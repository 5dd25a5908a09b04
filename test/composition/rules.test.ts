import { describe, expect, it } from 'vitest';
import { rejects, setupSurfaces, SURFACES } from '../support/surfaces';
import { compositionOf, ids, seedShop, shop } from './support';

const open = setupSurfaces();

/** A rule that, for queries containing `deal`, shows only the sponsored phones. */
const dealRule = (extra: Record<string, unknown> = {}) => ({
  objectID: 'deals',
  description: 'deals show sponsored phones',
  conditions: [{ pattern: 'deal', anchoring: 'contains' }],
  consequence: {
    behavior: {
      injection: { main: { source: { search: { index: 'products', params: { filters: 'sponsored:true' } } } } },
    },
  },
  ...extra,
});

describe.each(SURFACES)('composition rules (%s)', (surface) => {
  async function ready() {
    const { emulator } = open(surface);
    await seedShop(emulator);
    const api = compositionOf(surface, emulator);
    await api.putComposition({ compositionID: 'shop', composition: shop() });
    const run = async (params: Record<string, unknown>) =>
      (await api.search({ compositionID: 'shop', requestBody: { params } })) as {
        results: { hits: { objectID: string }[] }[];
        compositions: { run: { appliedRules?: { objectID: string }[] }[] };
      };
    return { emulator, api, run };
  }

  it('stores, finds and deletes rules', async () => {
    const { api } = await ready();
    await api.putCompositionRule({ compositionID: 'shop', objectID: 'deals', compositionRule: dealRule() });
    expect(await api.getRule({ compositionID: 'shop', objectID: 'deals' })).toEqual(dealRule());
    await api.saveRules({
      compositionID: 'shop',
      rules: {
        requests: [
          {
            action: 'upsert',
            body: dealRule({ objectID: 'mobile', enabled: false, conditions: [{ context: 'mobile' }] }),
          },
        ],
      },
    });
    expect(
      await api.searchCompositionRules({ compositionID: 'shop', searchCompositionRulesParams: { query: 'DEAL' } }),
    ).toMatchObject({ nbHits: 2, page: 0, nbPages: 1 });
    expect(
      (
        await api.searchCompositionRules({ compositionID: 'shop', searchCompositionRulesParams: { enabled: false } })
      ).hits.map((h: { objectID: string }) => h.objectID),
    ).toEqual(['mobile']);
    expect(
      (await api.searchCompositionRules({ compositionID: 'shop', searchCompositionRulesParams: { context: 'mobile' } }))
        .nbHits,
    ).toBe(1);
    await api.deleteCompositionRule({ compositionID: 'shop', objectID: 'deals' });
    await rejects(api.getRule({ compositionID: 'shop', objectID: 'deals' }), 404, 'Composition rule not found');
    await rejects(
      api.deleteCompositionRule({ compositionID: 'shop', objectID: 'deals' }),
      404,
      'Composition rule not found',
    );
    await rejects(
      api.putCompositionRule({ compositionID: 'nope', objectID: 'x', compositionRule: dealRule({ objectID: 'x' }) }),
      404,
      'Composition not found',
    );
    await rejects(
      api.putCompositionRule({
        compositionID: 'shop',
        objectID: 'x',
        compositionRule: dealRule({ conditions: [{ pattern: 'a' }], objectID: 'x' }),
      }),
      400,
      'Invalid `conditions[0]`: a pattern needs an anchoring',
    );
  });

  it("puts a triggered rule's behavior in place of the composition's, and says so", async () => {
    const { api, run } = await ready();
    await api.putCompositionRule({ compositionID: 'shop', objectID: 'deals', compositionRule: dealRule() });
    const deal = await run({ query: 'phone deal', removeWordsIfNoResults: undefined });
    expect(deal.compositions.run).toEqual([{ objectID: 'shop', appliedRules: [{ objectID: 'deals' }] }]);
    expect(ids(deal.results[0].hits)).toEqual([]);
    const plain = await run({ query: 'phone', hitsPerPage: 2 });
    expect(plain.compositions.run).toEqual([{ objectID: 'shop' }]);
    const off = await run({ query: 'phone deal', enableRules: false });
    expect(off.compositions.run).toEqual([{ objectID: 'shop' }]);
  });

  it('triggers on context, sortBy and filters, within its validity on the clock', async () => {
    const { emulator, api, run } = await ready();
    const start = emulator.clock.now() / 1000;
    await api.putCompositionRule({
      compositionID: 'shop',
      objectID: 'deals',
      compositionRule: dealRule({
        conditions: [{ context: 'promo' }, { sortBy: 'cheap' }, { filters: 'brand:bolt' }],
        validity: [{ from: start, until: start + 3600 }],
      }),
    });
    const applied = async (params: Record<string, unknown>) =>
      (await run({ query: 'phone', ...params })).compositions.run[0].appliedRules;
    expect(await applied({ ruleContexts: ['promo'] })).toEqual([{ objectID: 'deals' }]);
    expect(await applied({ sortBy: 'cheap' })).toEqual([{ objectID: 'deals' }]);
    expect(await applied({ facetFilters: [['brand:bolt']] })).toEqual([{ objectID: 'deals' }]);
    expect(await applied({ ruleContexts: ['other'] })).toBeUndefined();
    emulator.clock.advance('2h');
    expect(await applied({ ruleContexts: ['promo'] })).toBeUndefined();
  });
});
