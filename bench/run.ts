/**
 * `npm run bench`: the engine (the built package, see package.ts) against flexsearch,
 * minisearch and @orama/orama on the same seeded records and queries, in one run. Each engine
 * is built and measured in a process of its own (`engine-process.ts`), one after the other, so
 * no engine's heap or garbage collection weighs on another's figures. Each engine's queries of a
 * kind are measured after a warm-up on other queries of that kind (steady state); a cold row and
 * the first save show what code not yet compiled costs. Figures go to docs/benchmarks.md by hand.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import FlexSearch from 'flexsearch';
import { lowerBound, prefixEnd } from '../src/emulator/search/engine/vocabulary';
import { catalogue, queryKinds } from './catalogue';
import { builders } from './engines';
import type { Command } from './engine-process';
import { fmt, stats, time } from './measure';
import { loadPackage } from './package';
import { benchPaths } from './paths';

const SIZE = Number(process.env.BENCH_SIZE ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
/** Warm-up before each engine's measured queries of a kind: this many queries, or this long, whichever ends first. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 200);
const WARM_UP_MS = 2_000;
/** Queries measured right after the build, before any warm-up. */
const COLD = 100;
/** Saves of 10,000 records measured after the first. */
const SAVES = 6;

/** An engine's process: one command at a time, answered with latency samples. */
class EngineProcess {
  private readonly child: ChildProcess;
  private pending: { resolve: (samples: number[]) => void; reject: (error: Error) => void } | undefined;

  constructor(readonly engine: string) {
    this.child = fork(fileURLToPath(new URL('./engine-process.ts', import.meta.url)));
    this.child.on('message', (samples) => {
      const pending = this.pending;
      this.pending = undefined;
      pending?.resolve(samples as number[]);
    });
    this.child.on('exit', (code) => this.pending?.reject(new Error(`${engine}: bench process exited with ${code}`)));
  }

  ask(command: Command): Promise<number[]> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.child.send(command);
    });
  }

  /** Ends the process and waits until it is gone. */
  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.removeAllListeners('exit');
      this.child.once('exit', () => resolve());
      this.child.send({ kind: 'exit' } satisfies Command);
    });
  }
}

async function main() {
  console.log(`# search-emulator bench — ${new Date().toISOString().slice(0, 10)} — ${cpus()[0]?.model ?? 'cpu'} x${cpus().length}, node ${process.version}`);
  const products = catalogue(SIZE);
  const { records, random, word } = products;
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
  // ones' garbage collection on the two cores; see docs/benchmarks.md, round 7).
  const engines = Object.keys(builders);
  const builds: Record<string, number> = {};
  const colds: Record<string, number[]> = {};
  const samples: Record<string, Record<string, number[]>> = Object.fromEntries(Object.keys(queries).map((kind) => [kind, {}]));
  let geoSamples: number[] = [];
  let saves: number[] = [];
  for (const engine of engines) {
    const runner = new EngineProcess(engine);
    [builds[engine]] = await runner.ask({ kind: 'build', engine, size: SIZE });
    // The first queries after the build, before any warm-up: what a test suite's first searches see.
    colds[engine] = await runner.ask({ kind: 'queries', queries: cold });
    for (const [kind, list] of Object.entries(queries)) {
      await runner.ask({ kind: 'warm-up', queries: warmUps[kind], ms: WARM_UP_MS });
      samples[kind][engine] = await runner.ask({ kind: 'queries', queries: list });
    }
    if (engine === 'search-emulator') {
      geoSamples = await runner.ask({ kind: 'geo', queries: geo });
      saves = await runner.ask({ kind: 'saves', records: 10_000, count: SAVES });
    }
    await runner.stop();
  }

  console.log(`\n## Index build (${SIZE} records; each engine in its own process)\n`);
  console.log(`| engine | build ms |\n|---|---|`);
  for (const name of engines) console.log(`| ${name} | ${fmt(builds[name])} |`);

  console.log(`\n## Queries (${RUNS} each after a warm-up of up to ${WARM_UP} queries or ${WARM_UP_MS / 1000} s per engine and kind; ms)\n`);
  console.log(`| query | ${engines.map((e) => `${e} p50 / p99`).join(' | ')} | emulator / fastest other (p50) |`);
  console.log(`|---|${engines.map(() => '---').join('|')}|---|`);
  const cell = (list: number[]) => {
    const { p50, p99 } = stats(list);
    return `${fmt(p50)} / ${fmt(p99)}`;
  };
  for (const kind of Object.keys(queries)) {
    const p50 = (name: string) => stats(samples[kind][name]).p50;
    const others = Math.min(...engines.filter((n) => n !== 'search-emulator').map(p50));
    console.log(`| ${kind} | ${engines.map((n) => cell(samples[kind][n])).join(' | ')} | ${(p50('search-emulator') / others).toFixed(1)}x |`);
  }
  console.log(`| one word, cold: the first ${COLD} after the build, no warm-up | ${engines.map((n) => cell(colds[n])).join(' | ')} | – |`);
  console.log(`| geo (one word + aroundLatLng, emulator only) | ${cell(geoSamples)} | – | – | – | – |`);

  console.log(`\n## Saving 10,000 records (batch + first search): ${fmt(stats(saves.slice(1)).p50)} ms (median of ${SAVES} after the first; the first ${fmt(saves[0])} ms)`);

  // Vocabulary prefix lookup: flexsearch over the term list vs binary search in the sorted array.
  const terms = [...new Set(records.flatMap((r) => `${r.name} ${r.description}`.split(' ')))].sort();
  const flexTerms = new FlexSearch.Index({ tokenize: 'forward', encoder: { dedupe: false, normalize: true } } as any);
  terms.forEach((t, i) => flexTerms.add(i, t));
  const prefixes = Array.from({ length: 2000 }, () => terms[Math.floor(random() * terms.length)].slice(0, 3));
  // Both answer the matching terms; best of 7 rounds after a warm-up round, so JIT and GC noise stay out.
  const lookups = {
    flexsearch: () => {
      for (const p of prefixes) (flexTerms.search(p, { limit: 100_000 } as any) as number[]).map((id) => terms[id]);
    },
    array: () => {
      for (const p of prefixes) {
        const from = lowerBound(terms, p);
        terms.slice(from, prefixEnd(terms, p, from));
      }
    },
  };
  const best = async (run: () => void) => Math.min(...(await Promise.all(Array.from({ length: 8 }, () => time(run)))).slice(1));
  const flexLookup = await best(lookups.flexsearch);
  const arrayLookup = await best(lookups.array);
  console.log(`\n## Vocabulary prefix lookup (${terms.length} terms, 2000 prefixes): flexsearch ${fmt(flexLookup)} ms, sorted array ${fmt(arrayLookup)} ms`);

  // tedtalks with its real settings.
  const talks = JSON.parse(readFileSync(new URL('../../shared/datasets/tedtalks/talks.json', import.meta.url), 'utf8'));
  const ted = (await loadPackage()).createEmulator();
  const settings = JSON.parse(readFileSync(new URL('../../shared/datasets/tedtalks/talks_settings.json', import.meta.url), 'utf8'));
  delete settings.slaves;
  const tedBuild = await time(async () => {
    await ted.setSettings({ indexName: 'talks', indexSettings: settings });
    await ted.batch({ indexName: 'talks', batchWriteParams: { requests: talks.map((body: object) => ({ action: 'addObject', body })) } });
    await ted.searchSingleIndex({ indexName: 'talks', searchParams: { query: '' } });
  });
  const tedSamples: number[] = [];
  for (const q of ['psychology', 'psycology', 'climate change', 'educ', 'adam grant', 'the future of', 'music']) {
    for (let i = 0; i < 20; i++) tedSamples.push(await time(() => ted.searchSingleIndex({ indexName: 'talks', searchParams: { query: q } })));
  }
  const tedStats = stats(tedSamples);
  console.log(`\n## tedtalks (${talks.length} records): build ${fmt(tedBuild)} ms, queries p50 ${fmt(tedStats.p50)} / p99 ${fmt(tedStats.p99)} ms`);
  await benchPaths();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
