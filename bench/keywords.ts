/**
 * The keyword kinds (`npm run bench`, section `keywords`): the engine (the built package, see
 * package.ts) against flexsearch, minisearch and @orama/orama on the same seeded records and
 * queries. Each engine is built and measured in a process of its own (`engine-process.ts`), one
 * after the other, so no engine's heap or garbage collection weighs on another's figures. Each
 * engine's queries of a kind are measured after a warm-up on other queries of that kind (steady
 * state); a cold row and the first save show what code not yet compiled costs.
 */
import { BenchProcess } from './processes';
import { catalogue, queryKinds } from './catalogue';
import { builders } from './engines';
import type { Command, Samples } from './engine-process';
import { fmt, stats } from './measure';

const SIZE = Number(process.env.BENCH_SIZE ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
/** Warm-up before each engine's measured queries of a kind: this many queries, or this long, whichever ends first. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 200);
const WARM_UP_MS = 2_000;
/** Queries measured right after the build, before any warm-up. */
const COLD = 100;
/** Saves of 10,000 records measured after the first. */
const SAVES = 6;

export async function keywordSection(): Promise<void> {
  const products = catalogue(SIZE);
  const { random, word } = products;
  const generators = queryKinds(products);
  // Drawn in the order of earlier rounds, so their queries stay the same.
  const queries: Record<string, string[]> = {};
  for (const [kind, next] of Object.entries(generators)) queries[kind] = Array.from({ length: RUNS }, next);
  // Warm-up queries of the same kinds, not measured (the measured ones are not repeated).
  const warmUps: Record<string, string[]> = {};
  for (const [kind, next] of Object.entries(generators)) warmUps[kind] = Array.from({ length: WARM_UP }, next);
  const cold = Array.from({ length: COLD }, () => word());
  const geo = Array.from({ length: RUNS }, () => {
    const lat = -50 + random() * 100;
    const lng = -170 + random() * 340;
    return { aroundLatLng: `${lat},${lng}`, query: word() };
  });

  // One engine at a time, its process gone before the next starts: with the processes alive
  // side by side, taking turns, prefix and cold queries measured twice as slow (probably the idle
  // ones' garbage collection on the two cores; see docs/benchmarks-history.md, round 7).
  const engines = Object.keys(builders);
  const builds: Record<string, number> = {};
  const colds: Record<string, number[]> = {};
  const samples: Record<string, Record<string, number[]>> = Object.fromEntries(
    Object.keys(queries).map((kind) => [kind, {}]),
  );
  let geoSamples: number[] = [];
  let saves: number[] = [];
  for (const engine of engines) {
    const runner = new BenchProcess<Command, Samples>('./engine-process.ts', engine);
    builds[engine] = (await runner.ask({ kind: 'build', engine, size: SIZE })).ms[0];
    // The first queries after the build, before any warm-up: what a test suite's first searches see.
    colds[engine] = (await runner.ask({ kind: 'queries', queries: cold })).ms;
    for (const [kind, list] of Object.entries(queries)) {
      await runner.ask({ kind: 'warm-up', queries: warmUps[kind], ms: WARM_UP_MS });
      samples[kind][engine] = (await runner.ask({ kind: 'queries', queries: list })).ms;
    }
    if (engine === 'search-emulator') {
      geoSamples = (await runner.ask({ kind: 'geo', queries: geo })).ms;
      saves = (await runner.ask({ kind: 'saves', records: 10_000, count: SAVES })).ms;
    }
    await runner.stop();
  }

  console.log(`\n## Index build (${SIZE} records; each engine in its own process)\n`);
  console.log(`| engine | build ms |\n|---|---|`);
  for (const name of engines) console.log(`| ${name} | ${fmt(builds[name])} |`);

  console.log(
    `\n## Keyword queries (${RUNS} each after a warm-up of up to ${WARM_UP} queries or ${WARM_UP_MS / 1000} s per engine and kind; ms)\n`,
  );
  console.log(`| query | ${engines.map((e) => `${e} p50 / p99`).join(' | ')} | emulator / fastest other (p50) |`);
  console.log(`|---|${engines.map(() => '---').join('|')}|---|`);
  const cell = (list: number[]) => {
    const { p50, p99 } = stats(list);
    return `${fmt(p50)} / ${fmt(p99)}`;
  };
  for (const kind of Object.keys(queries)) {
    const p50 = (name: string) => stats(samples[kind][name]).p50;
    const others = Math.min(...engines.filter((n) => n !== 'search-emulator').map(p50));
    console.log(
      `| ${kind} | ${engines.map((n) => cell(samples[kind][n])).join(' | ')} | ${(p50('search-emulator') / others).toFixed(1)}x |`,
    );
  }
  console.log(
    `| one word, cold: the first ${COLD} after the build, no warm-up | ${engines.map((n) => cell(colds[n])).join(' | ')} | – |`,
  );
  console.log(`| geo (one word + aroundLatLng, emulator only) | ${cell(geoSamples)} | – | – | – | – |`);

  console.log(
    `\n## Saving 10,000 records (batch + first search): ${fmt(stats(saves.slice(1)).p50)} ms (median of ${SAVES} after the first; the first ${fmt(saves[0])} ms)`,
  );
}
