/**
 * The lifecycle a test suite feels (`npm run bench`, section `lifecycle`), emulator only: a write
 * then the next search, the first search after restore() and after reset(), saveObjects of
 * 100k and 300k records (then the first search). Each measure in a fresh process.
 */
import { BenchProcess } from './processes';
import type { LifecycleAnswer, LifecycleCommand } from './lifecycle-process';
import { fmt, stats } from './measure';
import { TARGETS, verdict, type TargetName } from './targets';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000').split(',').map(Number);
const SAVES = (process.env.BENCH_SAVE_SIZES ?? '100000,300000').split(',').map(Number);
const WRITES = 60;
const RESTORES = 15;

async function inProcess(command: LifecycleCommand): Promise<LifecycleAnswer> {
  const runner = new BenchProcess<LifecycleCommand, LifecycleAnswer>('./lifecycle-process.ts', command.kind);
  try {
    return await runner.ask(command);
  } finally {
    await runner.stop();
  }
}

export async function lifecycleSection(): Promise<void> {
  console.log(`\n## Lifecycle (emulator; p50 / p99 ms, CPU time p50 in brackets)\n`);
  console.log(`| measure | records | time | target (at 100k) |\n|---|---|---|---|`);
  const row = (name: TargetName, size: number, samples: { ms: number[]; cpu: number[] }, skip = 0) => {
    const ms = samples.ms.slice(skip);
    const { p50, p99 } = stats(ms);
    const met = size === 100_000 ? `, ${verdict(name, p50)}` : '';
    console.log(
      `| ${TARGETS[name].label} | ${size.toLocaleString('en')} | ${fmt(p50)} / ${fmt(p99)} (${fmt(stats(samples.cpu.slice(skip)).p50)}) | ≤ ${TARGETS[name].ms} ms${met} |`,
    );
  };
  for (const size of SIZES) {
    const writes = await inProcess({ kind: 'writes', size, count: WRITES });
    // The first writes run code not compiled yet; a suite's later tests see the rest.
    row('write', size, writes.write, 10);
    row('searchAfterWrite', size, writes.searchAfterWrite, 10);
    const restores = await inProcess({ kind: 'restores', size, count: RESTORES });
    row('restoreOne', size, restores.restoreOne);
    row('resetHundred', size, restores.resetHundred);
  }
  const perRecord: number[] = [];
  for (const size of SAVES) {
    const { saveObjects, firstSearch } = await inProcess({ kind: 'save', size });
    const total = saveObjects.ms[0] + firstSearch.ms[0];
    perRecord.push(total / size);
    const name: TargetName | undefined = size === 100_000 ? 'save100k' : size === 300_000 ? 'save300k' : undefined;
    const target = name ? `≤ ${TARGETS[name].ms} ms, ${verdict(name, total)}` : '–';
    console.log(
      `| saveObjects, default batch size, then the first search | ${size.toLocaleString('en')} | ${fmt(total)} (writes ${fmt(saveObjects.ms[0])} + first search ${fmt(firstSearch.ms[0])}; CPU ${fmt(saveObjects.cpu[0] + firstSearch.cpu[0])}) | ${target} |`,
    );
  }
  if (perRecord.length === 2)
    console.log(
      `\nsaveObjects per record, ${SAVES[1].toLocaleString('en')} against ${SAVES[0].toLocaleString('en')}: ${(perRecord[1] / perRecord[0]).toFixed(2)}x (1 is linear)`,
    );
}
