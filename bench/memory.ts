/**
 * Memory on the default fixed clock (`npm run bench`, section `memory`): the clock never moves,
 * so no search ever leaves the conversion window and analytics keep every raw search. Memory
 * (the heap, and the typed arrays' buffers outside it) retained per 1,000 searches once the API
 * log and the journal are full, tracked (`clickAnalytics`) or not, and a soak of `BENCH_SOAK`
 * searches (default 1,000,000).
 */
import type { MemoryAnswer, MemoryCommand } from './memory-process';
import { fmt } from './measure';
import { BenchProcess } from './processes';
import { HEAP_TARGET_KB } from './targets';

const SEARCHES = 20_000;
const WARM_UP = 3_000;
const SOAK = Number(process.env.BENCH_SOAK ?? 1_000_000);

async function inProcess(command: MemoryCommand): Promise<MemoryAnswer> {
  const runner = new BenchProcess<MemoryCommand, MemoryAnswer>('./memory-process.ts', command.kind, ['--expose-gc']);
  try {
    return await runner.ask(command);
  } finally {
    await runner.stop();
  }
}

const MB = 1024 * 1024;

export async function memorySection(): Promise<void> {
  console.log(`\n## Memory on a fixed clock (emulator, 1,000 records, 200 queries, 100 users)\n`);
  console.log(`| measure | memory (heap + external) | target |\n|---|---|---|`);
  for (const tracked of [true, false]) {
    const { before, after, searches, raw, cpu } = await inProcess({
      kind: 'heap',
      tracked,
      warmUp: WARM_UP,
      searches: SEARCHES,
    });
    const kb = (after - before) / (searches / 1000) / 1024;
    console.log(
      `| memory retained per 1,000 searches${tracked ? ' with `clickAnalytics`' : ''} (${searches.toLocaleString('en')} searches, ${fmt(cpu / searches)} ms CPU each; ${raw.toLocaleString('en')} raw searches kept) | ${kb.toFixed(1)} KB | ≤ ${HEAP_TARGET_KB} KB, ${kb <= HEAP_TARGET_KB ? 'met' : 'not met'} |`,
    );
  }
  if (SOAK > 0) {
    const soak = await inProcess({ kind: 'soak', searches: SOAK });
    console.log(
      `| soak: ${SOAK.toLocaleString('en')} searches with \`clickAnalytics\`, ${soak.raw.toLocaleString('en')} raw kept (${(soak.cpu / 1000).toFixed(0)} s CPU; then three reports over them all, ${fmt(soak.reports ?? 0)} ms CPU) | ${(soak.after / MB).toFixed(0)} MB used after (${((soak.after - soak.before) / MB).toFixed(0)} MB grown) | well under 1 GB |`,
    );
  }
}
