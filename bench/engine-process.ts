/**
 * One engine of the bench in a process of its own, driven by the orchestrator's messages: it
 * builds the engine from the seeded catalogue, then times the queries it is sent. Its own heap,
 * so no engine's garbage collection taxes another's queries.
 */
import { performance } from 'node:perf_hooks';
import { loadPackage } from './package';
import { catalogue } from './catalogue';
import { builders, type Built } from './engines';
import { time } from './measure';

/** What the orchestrator asks; every answer is latency samples in ms (`build`: one). */
export type Command =
  | { kind: 'build'; engine: string; size: number }
  | { kind: 'warm-up'; queries: string[]; ms: number }
  | { kind: 'queries'; queries: string[] }
  | { kind: 'geo'; queries: { query: string; aroundLatLng: string }[] }
  | { kind: 'saves'; records: number; count: number }
  | { kind: 'exit' };

let engine: Built | undefined;
let records: readonly object[] = [];

async function answer(command: Command): Promise<number[]> {
  switch (command.kind) {
    case 'build': {
      const products = catalogue(command.size).records;
      records = products;
      return [await time(async () => (engine = await builders[command.engine](products)))];
    }
    case 'warm-up': {
      const until = performance.now() + command.ms;
      for (const q of command.queries) {
        if (performance.now() > until) break;
        await engine!.search(q);
      }
      return [];
    }
    case 'queries': {
      const samples: number[] = [];
      for (const q of command.queries) samples.push(await time(() => engine!.search(q)));
      return samples;
    }
    case 'geo': {
      const geo = engine!.geo!;
      const samples: number[] = [];
      for (const { query, aroundLatLng } of command.queries) samples.push(await time(() => geo(query, aroundLatLng)));
      return samples;
    }
    case 'saves':
      return timeSaves(records.slice(0, command.records), command.count);
    case 'exit':
      process.exit(0);
  }
}

/**
 * Saving records into a fresh emulator, until searchable: the first save (its code cold again
 * after the queries), then the next ones, as queries are measured after a warm-up.
 */
async function timeSaves(records: readonly object[], count: number): Promise<number[]> {
  const { createEmulator } = await loadPackage();
  const out: number[] = [];
  for (let i = 0; i < 1 + count; i++) {
    const fresh = createEmulator();
    out.push(
      await time(async () => {
        await fresh.batch({ indexName: 'save', batchWriteParams: { requests: records.map((body) => ({ action: 'updateObject', body: body as Record<string, unknown> })) } });
        await fresh.searchSingleIndex({ indexName: 'save', searchParams: { query: 'x' } });
      }),
    );
  }
  return out;
}

process.on('message', (command: Command) => {
  answer(command).then(
    (samples) => process.send!(samples),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
