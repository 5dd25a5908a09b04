/**
 * `npm run bench`: the engine against flexsearch, minisearch and @orama/orama on the same
 * seeded records and queries, in one run. Each engine's queries of a kind are measured after a
 * warm-up on other queries of that kind (steady state); a cold row and the first save show what
 * code not yet compiled costs. Figures go to docs/benchmarks.md by hand.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { createEmulator } from '../src';
import { lowerBound, prefixEnd } from '../src/emulator/search/engine/vocabulary';
import { catalogue, type Product } from './catalogue';

const SIZE = Number(process.env.BENCH_SIZE ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
/** Warm-up before each engine's measured queries of a kind: this many queries, or this long, whichever ends first. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 200);
const WARM_UP_MS = 2_000;
/** Queries measured right after the builds, before any warm-up. */
const COLD = 100;
/** Saves of 10,000 records measured after the first. */
const SAVES = 6;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

async function time<T>(run: () => T | Promise<T>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(3) : ms.toFixed(1));

async function main() {
  console.log(`# search-emulator bench — ${new Date().toISOString().slice(0, 10)} — ${cpus()[0]?.model ?? 'cpu'} x${cpus().length}, node ${process.version}`);
  const { records, vocabulary, random, word } = catalogue(SIZE);
  const pickFrom = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const typo = (w: string) => {
    const i = 1 + Math.floor(random() * (w.length - 2));
    return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  };
  const generators: Record<string, () => string> = {
    'one word': () => word(),
    'two words': () => pickFrom(records).name.split(' ').slice(0, 2).join(' '),
    typo: () => typo(pickFrom(vocabulary.filter((w) => w.length >= 6))),
    prefix: () => word().slice(0, 3),
  };
  const queries: Record<string, string[]> = {};
  for (const [kind, next] of Object.entries(generators)) queries[kind] = Array.from({ length: RUNS }, next);
  // Warm-up queries of the same kinds, not measured (the measured ones are not repeated).
  const warmUps: Record<string, string[]> = {};
  for (const [kind, next] of Object.entries(generators)) warmUps[kind] = Array.from({ length: WARM_UP }, next);
  // The first queries after a build, before any warm-up: what a test suite's first searches see.
  const cold = Array.from({ length: COLD }, () => word());

  // --- search-emulator ---
  const emulator = createEmulator();
  const buildEmulator = await time(async () => {
    await emulator.setSettings({ indexName: 'bench', indexSettings: { searchableAttributes: ['name', 'brand', 'category', 'unordered(description)'], customRanking: ['desc(popularity)'] } });
    for (let i = 0; i < records.length; i += 10_000) {
      await emulator.batch({ indexName: 'bench', batchWriteParams: { requests: records.slice(i, i + 10_000).map((body) => ({ action: 'updateObject', body })) } });
    }
    await emulator.searchSingleIndex({ indexName: 'bench', searchParams: { query: 'warmup' } });
  });
  const engines: Record<string, (q: string) => unknown> = {};
  engines['search-emulator'] = (q) => emulator.searchSingleIndex({ indexName: 'bench', searchParams: { query: q } });

  // --- flexsearch (document index, forward tokenizer = prefix search) ---
  const flex = new FlexSearch.Document({ document: { id: 'objectID', index: ['name', 'brand', 'category', 'description'] }, tokenize: 'forward', encoder: { dedupe: false, normalize: true } } as any);
  const buildFlex = await time(() => {
    for (const r of records) flex.add(r as any);
  });
  engines.flexsearch = (q) => flex.search(q, { limit: 20 } as any);

  // --- minisearch ---
  const mini = new MiniSearch<Product>({ fields: ['name', 'brand', 'category', 'description'], idField: 'objectID', searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'AND' } });
  const buildMini = await time(() => mini.addAll(records));
  engines.minisearch = (q) => mini.search(q).slice(0, 20);

  // --- orama ---
  const orama = create({ schema: { name: 'string', brand: 'string', category: 'string', description: 'string', popularity: 'number' } as const });
  const buildOrama = await time(() => insertMultiple(orama, records.map(({ _geoloc, objectID, ...r }) => ({ ...r, id: objectID })) as any, 5000));
  engines.orama = (q) => oramaSearch(orama, { term: q, tolerance: 1, limit: 20 });

  console.log(`\n## Index build (${SIZE} records)\n`);
  console.log(`| engine | build ms |\n|---|---|`);
  for (const [name, ms] of [['search-emulator', buildEmulator], ['flexsearch', buildFlex], ['minisearch', buildMini], ['orama', buildOrama]] as const) console.log(`| ${name} | ${fmt(ms)} |`);

  // Each engine's first one-word queries, still compiling its query path.
  const coldCells: string[] = [];
  for (const run of Object.values(engines)) {
    const samples: number[] = [];
    for (const q of cold) samples.push(await time(() => run(q)));
    const { p50, p99 } = stats(samples);
    coldCells.push(`${fmt(p50)} / ${fmt(p99)}`);
  }

  console.log(`\n## Queries (${RUNS} each after a warm-up of up to ${WARM_UP} queries or ${WARM_UP_MS / 1000} s per engine and kind; ms)\n`);
  console.log(`| query | ${Object.keys(engines).map((e) => `${e} p50 / p99`).join(' | ')} | emulator / fastest other (p50) |`);
  console.log(`|---|${Object.keys(engines).map(() => '---').join('|')}|---|`);
  for (const [kind, list] of Object.entries(queries)) {
    const cells: string[] = [];
    const p50s: Record<string, number> = {};
    for (const [name, run] of Object.entries(engines)) {
      const warmUntil = performance.now() + WARM_UP_MS;
      for (const q of warmUps[kind]) {
        if (performance.now() > warmUntil) break;
        await run(q);
      }
      const samples: number[] = [];
      for (const q of list) samples.push(await time(() => run(q)));
      const { p50, p99 } = stats(samples);
      p50s[name] = p50;
      cells.push(`${fmt(p50)} / ${fmt(p99)}`);
    }
    const others = Math.min(...Object.entries(p50s).filter(([n]) => n !== 'search-emulator').map(([, v]) => v));
    console.log(`| ${kind} | ${cells.join(' | ')} | ${(p50s['search-emulator'] / others).toFixed(1)}x |`);
  }
  console.log(`| one word, cold: the first ${COLD} after the builds, no warm-up | ${coldCells.join(' | ')} | – |`);

  // Geo: the emulator only (the others have no geo search).
  const geoSamples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const lat = -50 + random() * 100;
    const lng = -170 + random() * 340;
    geoSamples.push(await time(() => emulator.searchSingleIndex({ indexName: 'bench', searchParams: { query: word(), aroundLatLng: `${lat},${lng}`, aroundRadius: 2_000_000 } })));
  }
  const geo = stats(geoSamples);
  console.log(`| geo (one word + aroundLatLng, emulator only) | ${fmt(geo.p50)} / ${fmt(geo.p99)} | – | – | – | – |`);

  // Saving 10,000 records into a fresh emulator, until searchable: the first save (its code cold
  // again after the other engines' builds and queries), then the median of the next ones, as
  // queries are measured after a warm-up.
  const saves: number[] = [];
  for (let i = 0; i < 1 + SAVES; i++) {
    const fresh = createEmulator();
    saves.push(
      await time(async () => {
        await fresh.batch({ indexName: 'save', batchWriteParams: { requests: records.slice(0, 10_000).map((body) => ({ action: 'updateObject', body })) } });
        await fresh.searchSingleIndex({ indexName: 'save', searchParams: { query: 'x' } });
      }),
    );
  }
  console.log(`\n## Saving 10,000 records (batch + first search): ${fmt(stats(saves.slice(1)).p50)} ms (median of ${SAVES} after the first; the first ${fmt(saves[0])} ms)`);

  // Vocabulary prefix lookup: flexsearch over the term list vs binary search in the sorted array.
  const terms = [...new Set(records.flatMap((r) => `${r.name} ${r.description}`.split(' ')))].sort();
  const flexTerms = new FlexSearch.Index({ tokenize: 'forward', encoder: { dedupe: false, normalize: true } } as any);
  terms.forEach((t, i) => flexTerms.add(i, t));
  const prefixes = Array.from({ length: 2000 }, () => pickFrom(terms).slice(0, 3));
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
  const ted = createEmulator();
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
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
