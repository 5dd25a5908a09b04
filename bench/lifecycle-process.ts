/**
 * The emulator's lifecycle figures in a process of their own (see lifecycle.ts): writes and the
 * search after them, restore() and reset() then the first search, saveObjects at size.
 */
import { catalogue } from './catalogue';
import type { Samples } from './engine-process';
import { timeBoth } from './measure';
import { serve } from './processes';
import { loadPackage } from './package';

export type LifecycleCommand =
  | { kind: 'writes'; size: number; count: number }
  | { kind: 'restores'; size: number; count: number }
  | { kind: 'restoresAfterRewrite'; size: number; count: number }
  | { kind: 'fixtures'; size: number; count: number; via: 'load' | 'saveObjects' }
  | { kind: 'save'; size: number }
  | { kind: 'exit' };

/** Samples by measure. */
export type LifecycleAnswer = Record<string, Samples>;

const SETTINGS = {
  searchableAttributes: ['name', 'brand'],
  attributesForFaceting: ['brand', 'category'],
  customRanking: ['desc(popularity)'],
};
const INDEX = 'products';

async function products(size: number) {
  const { createEmulator } = await loadPackage();
  const cat = catalogue(size);
  const emulator = createEmulator();
  await emulator.setSettings({ indexName: INDEX, indexSettings: SETTINGS });
  await emulator.saveObjects({ indexName: INDEX, objects: cat.records as unknown as Record<string, unknown>[] });
  await emulator.searchSingleIndex({ indexName: INDEX, searchParams: { query: '' } });
  const words = cat.vocabulary.slice(0, 200);
  return { emulator, cat, words };
}

async function record(samples: LifecycleAnswer, name: string, run: () => unknown): Promise<void> {
  const { ms, cpu } = await timeBoth(run);
  const entry = (samples[name] ??= { ms: [], cpu: [] });
  entry.ms.push(ms);
  entry.cpu.push(cpu);
}

async function answer(command: LifecycleCommand): Promise<LifecycleAnswer> {
  const out: LifecycleAnswer = {};
  switch (command.kind) {
    case 'writes': {
      // A test's write, then its search: one record saved, one word searched.
      const { emulator, cat, words } = await products(command.size);
      for (let i = 0; i < command.count; i++) {
        const body = { ...cat.records[i], objectID: `written-${i}`, name: `${words[i % words.length]} fresh` };
        await record(out, 'write', () => emulator.saveObject({ indexName: INDEX, body }));
        await record(out, 'searchAfterWrite', () =>
          emulator.searchSingleIndex({ indexName: INDEX, searchParams: { query: words[(i * 7) % words.length] } }),
        );
      }
      return out;
    }
    case 'restores': {
      const { emulator, cat, words } = await products(command.size);
      const seeded = emulator.snapshot();
      for (let i = 0; i < command.count; i++) {
        // afterEach(restore): the test wrote one record.
        await emulator.saveObject({ indexName: INDEX, body: { ...cat.records[i], objectID: `test-${i}` } });
        emulator.restore(seeded);
        await record(out, 'restoreOne', () =>
          emulator.searchSingleIndex({ indexName: INDEX, searchParams: { query: words[i % words.length] } }),
        );
      }
      for (let i = 0; i < command.count; i++) {
        // beforeEach(reset): settings and 100 records of the test's own.
        emulator.reset();
        await emulator.setSettings({ indexName: INDEX, indexSettings: SETTINGS });
        await emulator.saveObjects({
          indexName: INDEX,
          objects: cat.records.slice(i * 100, i * 100 + 100) as unknown as Record<string, unknown>[],
        });
        await record(out, 'resetHundred', () =>
          emulator.searchSingleIndex({ indexName: INDEX, searchParams: { query: '' } }),
        );
      }
      return out;
    }
    case 'restoresAfterRewrite': {
      // A fixture snapshotted once; each test rewrites the index its own way, afterEach restores.
      const { emulator, cat, words } = await products(command.size);
      const seeded = emulator.snapshot();
      const hundred = (i: number) => cat.records.slice(i * 100, i * 100 + 100) as unknown as Record<string, unknown>[];
      for (let i = 0; i < command.count; i++) {
        // beforeEach(reset): settings and 100 records of the test's own, and the test's search.
        emulator.reset();
        await emulator.setSettings({ indexName: INDEX, indexSettings: SETTINGS });
        await emulator.saveObjects({ indexName: INDEX, objects: hundred(i) });
        await emulator.searchSingleIndex({ indexName: INDEX, searchParams: { query: '' } });
        emulator.restore(seeded);
        await record(out, 'restoreAfterReset', () =>
          emulator.searchSingleIndex({ indexName: INDEX, searchParams: { query: words[i % words.length] } }),
        );
      }
      for (let i = 0; i < command.count; i++) {
        // The test empties the fixture index and saves 100 records of its own, then searches.
        await emulator.clearObjects({ indexName: INDEX });
        await emulator.saveObjects({ indexName: INDEX, objects: hundred(i) });
        await emulator.searchSingleIndex({ indexName: INDEX, searchParams: { query: '' } });
        emulator.restore(seeded);
        await record(out, 'restoreAfterClear', () =>
          emulator.searchSingleIndex({ indexName: INDEX, searchParams: { query: words[i % words.length] } }),
        );
      }
      return out;
    }
    case 'fixtures': {
      // A fixture per test: a fresh emulator, the records loaded (emulator.load, or setSettings
      // and saveObjects as a test would write them), then the test's first search.
      const { createEmulator } = await loadPackage();
      const cat = catalogue(command.size);
      const objects = cat.records as unknown as Record<string, unknown>[];
      for (let i = 0; i < command.count; i++) {
        const emulator = createEmulator();
        await record(out, 'fixtureLoad', async () => {
          if (command.via === 'load') {
            emulator.load({ indices: { [INDEX]: { settings: SETTINGS, records: objects } } });
            return;
          }
          await emulator.setSettings({ indexName: INDEX, indexSettings: SETTINGS });
          await emulator.saveObjects({ indexName: INDEX, objects });
        });
        await record(out, 'fixtureSearch', () =>
          emulator.searchSingleIndex({ indexName: INDEX, searchParams: { query: cat.vocabulary[i] } }),
        );
      }
      return out;
    }
    case 'save': {
      const { createEmulator } = await loadPackage();
      const records = catalogue(command.size).records;
      const emulator = createEmulator();
      await emulator.setSettings({ indexName: INDEX, indexSettings: SETTINGS });
      await record(out, 'saveObjects', () =>
        emulator.saveObjects({ indexName: INDEX, objects: records as unknown as Record<string, unknown>[] }),
      );
      await record(out, 'firstSearch', () =>
        emulator.searchSingleIndex({ indexName: INDEX, searchParams: { query: '' } }),
      );
      return out;
    }
    case 'exit':
      process.exit(0);
  }
}

serve(answer);
