/**
 * The scale kinds (`npm run bench`, section `scale`): queries without words, with facets and with
 * filters, at 10k and 100k records, for the emulator and the engines that can answer them
 * (orama: empty-term search with facets, `where` and `sortBy`; minisearch: a wildcard search with
 * a filter callback, its own sort and facet counts), each in a process of its own.
 */
import { BenchProcess } from './processes';
import { catalogue, type Product } from './catalogue';
import type { ScaleRequest } from './engines';
import type { Command, Samples } from './engine-process';
import { fmt, stats } from './measure';
import { TARGETS, verdict, type TargetName } from './targets';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 60);
/** Requests of each kind asked first, not measured. */
const WARM_UP = 20;
const ENGINES = ['search-emulator', 'orama', 'minisearch'];

/** The kinds, each a target row and a request maker drawing from the catalogue's generator. */
function kinds({ records, vocabulary, random }: ReturnType<typeof catalogue>): [TargetName, () => ScaleRequest][] {
  const brands = vocabulary.slice(0, 300);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  return [
    ['empty', () => ({ query: '' })],
    ['emptyFacets', () => ({ query: '', facets: ['brand', 'category'] })],
    ['filterOnly', () => ({ query: '', brand: pick(brands) })],
    ['wordFacets', () => ({ query: pick(wordsAbout(records, 2000)), facets: ['*'] })],
  ];
}

/** Words of the names held by about `hits` records per 100,000 (the closest ones when none is within a third). */
function wordsAbout(records: readonly Product[], hits: number): string[] {
  const target = (hits * records.length) / 100_000;
  const counts = new Map<string, number>();
  for (const record of records)
    for (const word of new Set(record.name.split(' '))) counts.set(word, (counts.get(word) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => Math.abs(a[1] - target) - Math.abs(b[1] - target));
  const near = ranked.filter(([, count]) => Math.abs(count - target) <= target / 3);
  return (near.length >= 5 ? near : ranked.slice(0, 5)).map(([word]) => word);
}

export async function scaleSection(): Promise<void> {
  for (const size of SIZES) {
    const products = catalogue(size);
    const requests = kinds(products).map(([name, next]) => ({
      name,
      warmUp: Array.from({ length: WARM_UP }, next),
      measured: Array.from({ length: RUNS }, next),
    }));
    const samples: Record<string, Record<string, Samples>> = {};
    const builds: Record<string, number> = {};
    for (const engine of ENGINES) {
      const runner = new BenchProcess<Command, Samples>('./engine-process.ts', engine);
      builds[engine] = (await runner.ask({ kind: 'build', engine, size, shape: 'scale' })).ms[0];
      for (const kind of requests) {
        await runner.ask({ kind: 'requests', requests: kind.warmUp, warmUp: true });
        (samples[kind.name] ??= {})[engine] = await runner.ask({ kind: 'requests', requests: kind.measured });
      }
      await runner.stop();
    }
    console.log(
      `\n## Queries at scale: ${size.toLocaleString('en')} records (p50 / p99 ms of ${RUNS} after ${WARM_UP} unmeasured; emulator CPU time in brackets)\n`,
    );
    console.log(`| query | search-emulator | target (p50 at 100k) | ${ENGINES.slice(1).join(' | ')} |`);
    console.log(
      `|---|---|---|${ENGINES.slice(1)
        .map(() => '---')
        .join('|')}|`,
    );
    for (const { name } of requests) {
      const mine = samples[name]['search-emulator'];
      const { p50, p99 } = stats(mine.ms);
      const target = `≤ ${TARGETS[name].ms} ms${size === 100_000 ? `, ${verdict(name, p50)}` : ''}`;
      const others = ENGINES.slice(1).map((engine) => cell(samples[name][engine].ms));
      console.log(
        `| ${TARGETS[name].label} | ${fmt(p50)} / ${fmt(p99)} (${fmt(stats(mine.cpu).p50)}) | ${target} | ${others.join(' | ')} |`,
      );
    }
    console.log(
      `\nBuild (ms, including the emulator's first search): ${ENGINES.map((engine) => `${engine} ${fmt(builds[engine])}`).join(', ')}`,
    );
  }
}

const cell = (list: number[]) => {
  const { p50, p99 } = stats(list);
  return `${fmt(p50)} / ${fmt(p99)}`;
};
