import { describe, expect, it } from 'vitest';
import { expectUnchanged, rejects, setupSurfaces, SURFACES } from '../support/surfaces';
import { compositionOf, seedShop, shop } from './support';

const open = setupSurfaces();

describe.each(SURFACES)('compositions (%s)', (surface) => {
  it('upserts, reads, lists, batches and deletes compositions, each write a task', async () => {
    const { emulator } = open(surface);
    await seedShop(emulator);
    const api = compositionOf(surface, emulator);
    const { taskID } = await api.putComposition({ compositionID: 'shop', composition: shop() });
    expect(await api.getTask({ compositionID: 'shop', taskID })).toEqual({ status: 'published' });
    expect(await api.getComposition({ compositionID: 'shop' })).toEqual(shop());
    expect(await api.listCompositions()).toEqual({ items: [shop()], nbPages: 1, page: 0, hitsPerPage: 1, nbHits: 1 });
    const batch = await api.multipleBatch({
      requests: [
        { action: 'upsert', body: { ...shop(), objectID: 'other', name: 'Other' } },
        { action: 'delete', body: { objectID: 'shop' } },
      ],
    });
    expect(Object.keys(batch.taskID)).toEqual(['other', 'shop']);
    expect(await api.listCompositions({ page: 0, hitsPerPage: 10 })).toMatchObject({
      nbHits: 1,
      items: [{ objectID: 'other' }],
    });
    await rejects(api.getComposition({ compositionID: 'shop' }), 404, 'Composition not found');
    await api.updateSortingStrategyComposition({
      compositionID: 'other',
      requestBody: { 'Price (asc)': 'products_price_asc' },
    });
    expect(await api.getComposition({ compositionID: 'other' })).toMatchObject({
      sortingStrategy: { 'Price (asc)': 'products_price_asc' },
    });
    await api.deleteComposition({ compositionID: 'other' });
    expect((await api.listCompositions()).items).toEqual([]);
  });

  it('publishes writes with indexingDelay', async () => {
    const { emulator } = open(surface, { indexingDelay: '2s' });
    const api = compositionOf(surface, emulator);
    const { taskID } = await api.putComposition({ compositionID: 'shop', composition: shop() });
    expect(await api.getTask({ compositionID: 'shop', taskID })).toEqual({ status: 'notPublished' });
    await rejects(api.getComposition({ compositionID: 'shop' }), 404, 'Composition not found');
    emulator.clock.advance('2s');
    expect(await api.getTask({ compositionID: 'shop', taskID })).toEqual({ status: 'published' });
  });

  it('refuses bodies the OpenAPI refuses, and changes nothing', async () => {
    const { emulator } = open(surface);
    const api = compositionOf(surface, emulator);
    const before = emulator.core.state;
    const put = (composition: unknown) => api.putComposition({ compositionID: 'shop', composition });
    await rejects(put({ ...shop(), objectID: 'other' }), 400, "The body's objectID must be the path's compositionID");
    await rejects(
      put({ objectID: 'shop', behavior: shop().behavior }),
      400,
      'Invalid `name`: expected a non-empty string',
    );
    await rejects(
      put({ ...shop(), behavior: { ...shop().behavior, multifeed: { feeds: {} } } }),
      400,
      'behavior must hold either `injection` or `multifeed`, not both',
    );
    const four = Array.from({ length: 4 }, (_, i) => ({ ...shop().behavior.injection.injectedItems[0], key: `k${i}` }));
    await rejects(
      put(shop({ injectedItems: four })),
      400,
      'Invalid `behavior.injection.injectedItems`: expected an array of 3 items at most',
    );
    await rejects(
      put(shop({ main: { source: { search: { index: 'products', params: { page: 2 } } } } })),
      400,
      'Unknown parameter: page (in `behavior.injection.main.source.search.params`)',
    );
    await rejects(
      api.multipleBatch({
        requests: [
          { action: 'upsert', body: shop() },
          { action: 'remove', body: { objectID: 'x' } },
        ],
      }),
      400,
      'Invalid `requests[1].action`: expected upsert or delete',
    );
    await rejects(
      api.updateSortingStrategyComposition({ compositionID: 'nope', requestBody: {} }),
      404,
      'Composition not found',
    );
    await rejects(api.getTask({ compositionID: 'shop', taskID: 999_999_999 }), 404, 'Task does not exist');
    expectUnchanged(emulator, before, ['composition', 'tasks']);
  });

  it('keeps compositions and rules in snapshots, and reset() forgets them', async () => {
    const { emulator } = open(surface);
    const api = compositionOf(surface, emulator);
    const empty = emulator.snapshot();
    await api.putComposition({ compositionID: 'shop', composition: shop() });
    const one = emulator.snapshot();
    emulator.restore(empty);
    expect((await api.listCompositions()).nbHits).toBe(0);
    emulator.restore(one);
    expect((await api.listCompositions()).nbHits).toBe(1);
    emulator.reset();
    expect((await api.listCompositions()).nbHits).toBe(0);
  });

  it('reads with settings or editSettings, writes with editSettings', async () => {
    const { emulator } = open(surface);
    await compositionOf(surface, emulator).putComposition({ compositionID: 'shop', composition: shop() });
    for (const [acl, readable] of [
      ['settings', true],
      ['editSettings', true],
      ['search', false],
    ] as const) {
      const { key } = await emulator.addApiKey({ acl: [acl] });
      const api = emulator.as({ apiKey: key }).initComposition();
      if (readable) expect(await api.getComposition({ compositionID: 'shop' })).toMatchObject({ objectID: 'shop' });
      else await rejects(api.getComposition({ compositionID: 'shop' }), 403, 'Method not allowed with this API key');
    }
    const { key } = await emulator.addApiKey({ acl: ['settings'] });
    await rejects(
      emulator.as({ apiKey: key }).initComposition().deleteComposition({ compositionID: 'shop' }),
      403,
      'Method not allowed with this API key',
    );
  });
});
