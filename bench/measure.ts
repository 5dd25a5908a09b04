import { performance } from 'node:perf_hooks';

/** p50 and p99 of latency samples. */
export function stats(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

/** Milliseconds one call takes, awaited. */
export async function time<T>(run: () => T | Promise<T>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** This process's CPU time so far (user + system), in milliseconds. */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * One call's time passed and CPU time, in milliseconds. On a machine whose cores other
 * processes share, the time passed counts the turns this process waited; its CPU time does not.
 */
export async function timeBoth<T>(run: () => T | Promise<T>): Promise<{ ms: number; cpu: number }> {
  const cpu = cpuNow();
  const start = performance.now();
  await run();
  return { ms: performance.now() - start, cpu: cpuNow() - cpu };
}

export const fmt = (ms: number) => (ms < 10 ? ms.toFixed(3) : ms.toFixed(1));
