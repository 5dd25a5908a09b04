/**
 * One engine of the bench in a process of its own, driven by the orchestrator's messages: it
 * builds the engine from the seeded catalogue, then times the queries it is sent. Its own heap,
 * so no engine's garbage collection taxes another's queries.
 */
import { performance } from 'node:perf_hooks';
import { loadPackage } from './package';
import { catalogue } from './catalogue';
import { builders, scaleBuilders, type Built, type ScaleRequest } from './engines';
import { timeBoth } from './measure';
import { serve } from './processes';

/** What the orchestrator asks; every answer is {@link Samples} (`build`: one each). */
export type Command =
  | { kind: 'build'; engine: string; size: number; shape?: 'keywords' | 'scale' }
  | { kind: 'warm-up'; queries: string[]; ms: number }
  | { kind: 'queries'; queries: string[] }
  | { kind: 'requests'; requests: ScaleRequest[]; warmUp?: boolean }
  | { kind: 'geo'; queries: { query: string; aroundLatLng: string }[] }
  | { kind: 'saves'; records: number; count: number }
  | { kind: 'exit' };

/** Latency samples in ms: time passed and CPU time, one of each per call. */
export interface Samples {
  ms: number[];
  cpu: number[];
}

let engine: Built | undefined;
let records: readonly object[] = [];

async function timed(calls: readonly (() => unknown)[]): Promise<Samples> {
  const out: Samples = { ms: [], cpu: [] };
  for (const call of calls) {
    const { ms, cpu } = await timeBoth(call);
    out.ms.push(ms);
    out.cpu.push(cpu);
  }
  return out;
}

async function answer(command: Command): Promise<Samples> {
  switch (command.kind) {
    case 'build': {
      const products = catalogue(command.size).records;
      records = products;
      const build = (command.shape === 'scale' ? scaleBuilders : builders)[command.engine];
      return timed([async () => (engine = await build(products))]);
    }
    case 'warm-up': {
      const until = performance.now() + command.ms;
      for (const q of command.queries) {
        if (performance.now() > until) break;
        await engine!.search(q);
      }
      return { ms: [], cpu: [] };
    }
    case 'queries':
      return timed(command.queries.map((q) => () => engine!.search(q)));
    case 'requests': {
      const samples = await timed(command.requests.map((r) => () => engine!.request!(r)));
      return command.warmUp ? { ms: [], cpu: [] } : samples;
    }
    case 'geo': {
      const geo = engine!.geo!;
      return timed(
        command.queries.map(
          ({ query, aroundLatLng }) =>
            () =>
              geo(query, aroundLatLng),
        ),
      );
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
async function timeSaves(records: readonly object[], count: number): Promise<Samples> {
  const { createEmulator } = await loadPackage();
  const out: Samples = { ms: [], cpu: [] };
  for (let i = 0; i < 1 + count; i++) {
    const fresh = createEmulator();
    const { ms, cpu } = await timeBoth(async () => {
      await fresh.batch({
        indexName: 'save',
        batchWriteParams: {
          requests: records.map((body) => ({ action: 'updateObject', body: body as Record<string, unknown> })),
        },
      });
      await fresh.searchSingleIndex({ indexName: 'save', searchParams: { query: 'x' } });
    });
    out.ms.push(ms);
    out.cpu.push(cpu);
  }
  return out;
}

serve(answer);
