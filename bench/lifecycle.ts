/**
 * The lifecycle a test suite feels (`npm run bench`, section `lifecycle`), emulator only: a write
 * then the next search, the first search after restore() and after reset(), the first search after
 * restore() when the test reset or rewrote the fixture index, a fixture loaded per test, saveObjects
 * of 100k and 300k records (then the first search). Each measure in a fresh process.
 */
import { cpus, loadavg } from 'node:os';
import type { Samples } from './engine-process';
import { BenchProcess } from './processes';
import type { LifecycleAnswer, LifecycleCommand } from './lifecycle-process';
import { fmt, stats } from './measure';
import { SIZED_TARGETS, sizedVerdict, TARGETS, verdict, type SizedTargetName, type TargetName } from './targets';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000').split(',').map(Number);
const SAVES = (process.env.BENCH_SAVE_SIZES ?? '100000,300000').split(',').map(Number);
const WRITES = 60;
const RESTORES = 15;
const FIXTURE_SIZE = Number(process.env.BENCH_FIXTURE_SIZE ?? 10_000);
/** Fixtures loaded per test; the first ones run code not compiled yet (a suite's first tests). */
const FIXTURES = 25;
const FIXTURES_SKIPPED = 3;

async function inProcess(command: LifecycleCommand): Promise<LifecycleAnswer> {
  const runner = new BenchProcess<LifecycleCommand, LifecycleAnswer>('./lifecycle-process.ts', command.kind);
  try {
    return await runner.ask(command);
  } finally {
    await runner.stop();
  }
}

export async function lifecycleSection(): Promise<void> {
  console.log(
    `\n## Lifecycle (emulator; p50 / p99 ms, CPU time p50 in brackets; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)\n`,
  );
  console.log(`| measure | records | time | target |\n|---|---|---|---|`);
  const row = (name: TargetName, size: number, samples: Samples, skip = 0) => {
    const ms = samples.ms.slice(skip);
    const { p50, p99 } = stats(ms);
    const met = size === 100_000 ? `, ${verdict(name, p50)}` : '';
    console.log(
      `| ${TARGETS[name].label} | ${size.toLocaleString('en')} | ${fmt(p50)} / ${fmt(p99)} (${fmt(stats(samples.cpu.slice(skip)).p50)}) | ≤ ${TARGETS[name].ms} ms${met} |`,
    );
  };
  const sizedRow = (name: SizedTargetName, size: number, samples: Samples, skip = 0) => {
    const { p50, p99 } = stats(samples.ms.slice(skip));
    const cpu = stats(samples.cpu.slice(skip)).p50;
    console.log(
      `| ${SIZED_TARGETS[name].label} | ${size.toLocaleString('en')} | ${fmt(p50)} / ${fmt(p99)} (${fmt(cpu)}) | ${sizedVerdict(name, size, cpu)} |`,
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
    const rewrites = await inProcess({ kind: 'restoresAfterRewrite', size, count: RESTORES });
    sizedRow('restoreAfterReset', size, rewrites.restoreAfterReset);
    sizedRow('restoreAfterClear', size, rewrites.restoreAfterClear);
  }
  const fixtures = {
    load: await inProcess({ kind: 'fixtures', size: FIXTURE_SIZE, count: FIXTURES, via: 'load' }),
    saveObjects: await inProcess({ kind: 'fixtures', size: FIXTURE_SIZE, count: FIXTURES, via: 'saveObjects' }),
  };
  sizedRow(
    'fixtureLoad',
    FIXTURE_SIZE,
    sumOf(fixtures.load.fixtureLoad, fixtures.load.fixtureSearch),
    FIXTURES_SKIPPED,
  );
  sizedRow(
    'fixtureSave',
    FIXTURE_SIZE,
    sumOf(fixtures.saveObjects.fixtureLoad, fixtures.saveObjects.fixtureSearch),
    FIXTURES_SKIPPED,
  );
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
  const p50 = (samples: number[]) => fmt(stats(samples.slice(FIXTURES_SKIPPED)).p50);
  for (const [via, { fixtureLoad, fixtureSearch }] of Object.entries(fixtures))
    console.log(
      `\nA fixture per test through ${via}, ${FIXTURE_SIZE.toLocaleString('en')} records (p50 after ${FIXTURES_SKIPPED} unmeasured): loaded ${p50(fixtureLoad.ms)} + first search ${p50(fixtureSearch.ms)} ms (CPU ${p50(fixtureLoad.cpu)} + ${p50(fixtureSearch.cpu)})`,
    );
}

/** Two measures of each sample added up. */
function sumOf(a: Samples, b: Samples): Samples {
  return { ms: a.ms.map((ms, i) => ms + b.ms[i]), cpu: a.cpu.map((cpu, i) => cpu + b.cpu[i]) };
}
