import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { cachedIndexOwners, invertedIndexFor } from '../../src/emulator/search/engine/cache';

/** An emulator whose writes publish at once, with helpers to write, search and read the cache. */
function setup() {
  const emulator = createEmulator();
  const save = async (indexName: string, objects: Record<string, unknown>[]) => {
    await emulator.saveObjects({ indexName, objects });
  };
  const search = async (indexName: string, query = '') =>
    (await emulator.searchSingleIndex({ indexName, searchParams: { query } })) as { hits: { objectID: string }[] };
  const owners = () => cachedIndexOwners(emulator.core);
  return { emulator, save, search, owners };
}

const products = (n: number, round = 0) =>
  Array.from({ length: n }, (_, i) => ({ objectID: `p${i}`, name: `lamp ${i} r${round}`, brand: `b${i % 3}` }));

describe('the inverted indexes kept beside the state', () => {
  it('keeps the indexes the state uses and the four last used others, dropping older ones', async () => {
    const { emulator, save, search, owners } = setup();
    for (let i = 0; i < 8; i++) {
      await save(`i${i}`, products(5));
      await search(`i${i}`);
    }
    expect(owners()).toEqual(['i0', 'i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7']);
    emulator.reset();
    await save('c', products(5));
    await search('c');
    expect(owners()).toEqual(['i4', 'i5', 'i6', 'i7', 'c']);
  });

  it('finds the same index again after a test deleted it and restore() brought it back', async () => {
    const { emulator, save, search } = setup();
    await save('shared', products(50));
    await search('shared', 'lamp');
    const core = emulator.core;
    const before = invertedIndexFor(core, core.state.indices.get('shared')!);
    const snapshot = emulator.snapshot();
    await emulator.deleteIndex({ indexName: 'shared' });
    await save('other', products(5));
    await search('other');
    emulator.restore(snapshot);
    await search('shared', 'lamp');
    expect(invertedIndexFor(core, core.state.indices.get('shared')!)).toBe(before);
  });

  it.each([
    ['reset() and saved records of its own', 'reset'],
    ['emptied the index and saved records of its own', 'clear'],
  ] as const)("finds the snapshot's index again after a test %s", async (_, how) => {
    const { emulator, save, search, owners } = setup();
    await save('fixture', products(300));
    const expected = await search('fixture', 'lamp 7');
    const core = emulator.core;
    const fixture = invertedIndexFor(core, core.state.indices.get('fixture')!);
    const snapshot = emulator.snapshot();
    for (let test = 0; test < 6; test++) {
      if (how === 'reset') emulator.reset();
      else await emulator.clearObjects({ indexName: 'fixture' });
      await save('fixture', products(10, test));
      expect((await search('fixture', 'lamp')).hits).toHaveLength(10);
      // The test's records are indexed apart: the fixture's index is not rewritten.
      expect(invertedIndexFor(core, core.state.indices.get('fixture')!)).not.toBe(fixture);
      emulator.restore(snapshot);
      expect(await search('fixture', 'lamp 7')).toEqual(expected);
      expect(invertedIndexFor(core, core.state.indices.get('fixture')!)).toBe(fixture);
    }
    // Two versions: the fixture's, and one the tests' records (ten at most) rewrite in place.
    expect(owners()).toEqual(['fixture', 'fixture']);
  });

  it("drops an owner's replaced settings past the four kept, and keeps a replica's own", async () => {
    const { emulator, save, search, owners } = setup();
    await save('main', products(5));
    for (let i = 0; i < 8; i++) {
      await emulator.setSettings({
        indexName: 'main',
        indexSettings: { searchableAttributes: i % 2 ? ['name'] : ['brand'], separatorsToIndex: String(i) },
      });
      await search('main', 'lamp');
    }
    // The settings in use, and the four last used before them.
    expect(owners()).toEqual(['main', 'main', 'main', 'main', 'main']);
    await emulator.setSettings({ indexName: 'main', indexSettings: { replicas: ['virtual(main_by_brand)'] } });
    await emulator.setSettings({ indexName: 'main_by_brand', indexSettings: { searchableAttributes: ['brand'] } });
    await search('main_by_brand', 'b1');
    await search('main', 'b1');
    const core = emulator.core;
    const primary = invertedIndexFor(core, core.state.indices.get('main')!);
    const replica = invertedIndexFor(core, core.state.indices.get('main_by_brand')!);
    // The primary and its virtual replica read the same records with two tokenizations.
    expect(replica).not.toBe(primary);
    expect(invertedIndexFor(core, core.state.indices.get('main')!)).toBe(primary);
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
