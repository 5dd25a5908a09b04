/**
 * `npm run bench:ab -- <another checkout>`: this checkout's emulator against another's (a git
 * worktree at another commit, with node_modules), both built in this process from the bench's
 * catalogue and asked the same queries, one after the other, in alternating order query by query.
 * Both then run in the same minutes of the machine, whose speed drifts by up to 2x from one minute
 * to the next (see docs/benchmarks.md): a p50 ratio measured this way stays within about 3% of 1
 * for two copies of one commit, where two `npm run bench` runs differ by 30%. Both sides are
 * their TypeScript sources under tsx (the same overhead on each; `npm run bench` loads the built
 * package instead).
 */
import { resolve } from 'node:path';
import { catalogue, queryKinds } from './catalogue';
import { buildEmulator, type Built } from './engines';
import { stats } from './measure';

const SIZE = Number(process.env.BENCH_SIZE ?? 100_000);
/**
 * `BENCH_CLOCK=cpu`: each query's CPU time (this process's user + system, in ms) instead of the
 * time that passed. On a machine whose cores other processes share, the time that passed counts
 * the turns the process waited; its CPU time does not.
 */
const clock = process.env.BENCH_CLOCK === 'cpu' ? cpuMs : () => performance.now();

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
const QUERIES = 150;
/** Batches of QUERIES fresh queries per kind; the first warms up and is not measured. */
const PASSES = 6;

async function main() {
  const other = process.argv[2];
  if (!other) {
    console.error('usage: npm run bench:ab -- <path of another checkout>');
    process.exit(2);
  }
  const sides: Record<string, string> = {
    this: new URL('../src/index.ts', import.meta.url).href,
    other: resolve(other, 'src/index.ts'),
  };
  const cat = catalogue(SIZE);
  const built: Built[] = [];
  for (const entry of Object.values(sides)) {
    const { createEmulator } = await import(entry);
    built.push(await buildEmulator(createEmulator, cat.records));
  }
  const kinds = queryKinds(cat);
  console.log(
    `# ${SIZE} records; p50 of ${QUERIES * (PASSES - 1)} queries, each asked once of each side (${process.env.BENCH_CLOCK === 'cpu' ? 'CPU time' : 'time passed'}); this = ${sides.this}, other = ${sides.other}`,
  );
  // BENCH_KINDS=prefix,typo: only those kinds (the others are still drawn, so the queries stay the same).
  const only = process.env.BENCH_KINDS?.split(',');
  for (const [kind, next] of Object.entries(kinds)) {
    // Every query asked once of each side, as `npm run bench` asks each once: a query asked again
    // finds the caches a first one filled (fuzzy walks, doc bitmaps), which flattered them.
    const queries = Array.from({ length: QUERIES * PASSES }, next);
    if (only && !only.includes(kind)) continue;
    const samples: number[][] = built.map(() => []);
    for (const [q, query] of queries.entries()) {
      for (let turn = 0; turn < built.length; turn++) {
        const side = (q + turn) % built.length;
        const start = clock();
        await built[side].search(query);
        if (q >= QUERIES) samples[side].push(clock() - start);
      }
    }
    const [mine, theirs] = samples.map((s) => stats(s).p50);
    console.log(
      `${kind.padEnd(10)} this ${mine.toFixed(3)} ms  other ${theirs.toFixed(3)} ms  this/other ${(mine / theirs).toFixed(3)}`,
    );
  }
}

await main();
