/**
 * The memory figures in a process of their own, run with `--expose-gc` (see memory.ts): the heap
 * a run of searches leaves behind on the default fixed clock, where analytics keep every raw
 * search (an event may still be attributed to it), and a long soak of the same searches.
 */
import { catalogue } from './catalogue';
import { cpuNow } from './measure';
import { serve } from './processes';
import { loadPackage } from './package';

export type MemoryCommand =
  | { kind: 'heap'; tracked: boolean; warmUp: number; searches: number }
  | { kind: 'soak'; searches: number }
  | { kind: 'exit' };

export interface MemoryAnswer {
  /** Memory used after a full collection (heap and external: typed arrays' buffers live outside the heap), before and after the measured searches (bytes). */
  readonly before: number;
  readonly after: number;
  readonly searches: number;
  /** Raw searches analytics hold at the end (read after the heap, which keeps the emulator alive until then). */
  readonly raw: number;
  /** CPU time of the measured searches, and of the reports read at the end (ms). */
  readonly cpu: number;
  readonly reports?: number;
}

const INDEX = 'products';
const USERS = 100;
const QUERIES = 200;

/** An emulator on the default fixed clock with 1,000 products, and a search maker (query and user cycle). */
async function setUp(tracked: boolean) {
  const { createEmulator } = await loadPackage();
  const cat = catalogue(1000);
  const emulator = createEmulator();
  await emulator.setSettings({
    indexName: INDEX,
    indexSettings: { searchableAttributes: ['name', 'brand'], attributesForFaceting: ['brand'] },
  });
  await emulator.saveObjects({ indexName: INDEX, objects: cat.records as unknown as Record<string, unknown>[] });
  const words = cat.vocabulary.slice(0, QUERIES);
  let n = 0;
  const search = () => {
    n++;
    return emulator.searchSingleIndex({
      indexName: INDEX,
      searchParams: {
        query: words[(n * 7) % words.length],
        userToken: `user-${n % USERS}`,
        ...(tracked ? { clickAnalytics: true } : {}),
      },
    });
  };
  return { emulator, search };
}

/** The heap and the memory outside it (typed arrays' buffers) after a full collection. */
function heapUsed(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the memory bench runs with --expose-gc');
  gc();
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

async function answer(command: MemoryCommand): Promise<MemoryAnswer> {
  switch (command.kind) {
    case 'heap': {
      const { emulator, search } = await setUp(command.tracked);
      // The API log and the journal keep their last 1,000 entries: filled before measuring.
      for (let i = 0; i < command.warmUp; i++) await search();
      const before = heapUsed();
      const cpu = cpuNow();
      for (let i = 0; i < command.searches; i++) await search();
      const spent = cpuNow() - cpu;
      const after = heapUsed();
      const raw = emulator.core.state.analytics.searches.length;
      return { before, after, searches: command.searches, raw, cpu: spent };
    }
    case 'soak': {
      const { emulator, search } = await setUp(true);
      const before = heapUsed();
      const cpu = cpuNow();
      for (let i = 0; i < command.searches; i++) await search();
      const spent = cpuNow() - cpu;
      const after = heapUsed();
      // Every raw search is still there: the reports read them all.
      const reports = cpuNow();
      await emulator.getTopSearches({ index: INDEX, clickAnalytics: true });
      await emulator.getTopHits({ index: INDEX });
      await emulator.getUsersCount({ index: INDEX });
      const raw = emulator.core.state.analytics.searches.length;
      return { before, after, searches: command.searches, raw, cpu: spent, reports: cpuNow() - reports };
    }
    case 'exit':
      process.exit(0);
  }
}

serve(answer);
