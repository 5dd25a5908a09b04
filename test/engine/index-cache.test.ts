import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { cachedIndexCounts, invertedIndexFor } from '../../src/emulator/search/engine/cache';

/** An emulator whose writes publish at once, with helpers to write, search and read the cache. */
function setup() {
  const emulator = createEmulator();
  const save = async (indexName: string, objects: Record<string, unknown>[]) => {
    await emulator.saveObjects({ indexName, objects });
  };
  const search = async (indexName: string, query = '') =>
    (await emulator.searchSingleIndex({ indexName, searchParams: { query } })) as { hits: { objectID: string }[] };
  const counts = () => cachedIndexCounts(emulator.core);
  return { emulator, save, search, counts };
}

const products = (n: number, round = 0) =>
  Array.from({ length: n }, (_, i) => ({ objectID: `p${i}`, name: `lamp ${i} r${round}`, brand: `b${i % 3}` }));

describe('the inverted indexes kept beside the state', () => {
  it('frees the index of a deleted index and of every index after reset()', async () => {
    const { emulator, save, search, counts } = setup();
    await save('a', products(5));
    await save('b', products(5));
    await search('a');
    await search('b');
    expect(counts()).toEqual({ a: 1, b: 1 });
    await emulator.deleteIndex({ indexName: 'a' });
    await search('b');
    expect(counts()).toEqual({ b: 1 });
    emulator.reset();
    await save('c', products(5));
    await search('c');
    expect(counts()).toEqual({ c: 1 });
  });

  it("keeps one index per owner's settings in use: a replica's own, not a replaced one", async () => {
    const { emulator, save, search, counts } = setup();
    await save('main', products(5));
    await emulator.setSettings({ indexName: 'main', indexSettings: { searchableAttributes: ['name'] } });
    await search('main', 'lamp');
    await emulator.setSettings({ indexName: 'main', indexSettings: { searchableAttributes: ['brand'] } });
    await search('main', 'b1');
    expect(counts()).toEqual({ main: 1 });
    await emulator.setSettings({ indexName: 'main', indexSettings: { replicas: ['virtual(main_by_name)'] } });
    await emulator.setSettings({ indexName: 'main_by_name', indexSettings: { searchableAttributes: ['name'] } });
    await search('main_by_name', 'lamp');
    await search('main', 'b1');
    // The primary and its virtual replica read the same records with two tokenizations.
    expect(counts()).toEqual({ main: 2 });
  });

  it('numbers docs anew once rewrites outnumber the records, answering as a fresh build', async () => {
    const { emulator, save, search } = setup();
    for (let round = 0; round < 30; round++) {
      await save('items', products(40, round));
      await search('items', 'lamp');
    }
    const index = emulator.core.state.indices.get('items')!;
    const inverted = invertedIndexFor(emulator.core, index);
    // 30 rewrites of 40 records made 1,200 doc ids; the bound is 4 per record, plus a margin.
    expect(inverted.docCount).toBeLessThanOrEqual(4 * 40 + 64 + 40);

    const fresh = setup();
    await fresh.save('items', products(40, 29));
    for (const query of ['lamp', 'r29', 'r28', '', 'lamp 7'])
      expect((await search('items', query)).hits).toEqual((await fresh.search('items', query)).hits);
  });
});
