import type { Core } from './core';

/**
 * Thrown by an operation that needs data loaded on first use (a language's plurals or stop
 * words) before it has changed anything. {@link withLoads} awaits `load()` and runs the
 * operation again from the same generator state: the data stays out of the import, and the
 * engine reads it synchronously once it is there.
 */
export class NotLoaded extends Error {
  constructor(
    what: string,
    readonly load: () => Promise<unknown>,
  ) {
    super(`${what} is not loaded yet`);
    this.name = 'NotLoaded';
  }
}

/** Loads that a run may need before it gives up (each names everything it misses at once). */
const MAX_LOADS = 8;

/**
 * Runs `run` (an operation, or anything else that reaches the engine: `explain`, a suggestions
 * build); when it meets data not loaded yet it loads it and runs again from the same generator
 * state, so the answer and the IDs it draws do not depend on what earlier calls loaded.
 */
export async function withLoads<T>(core: Core, what: string, run: () => T | Promise<T>): Promise<T> {
  for (let loads = 0; ; loads++) {
    const { state } = core;
    const random = core.random.save();
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof NotLoaded)) throw error;
      if (core.state !== state) throw new Error(`${what} changed the state before it asked for data not loaded yet`);
      if (loads === MAX_LOADS) throw new Error(`${error.message} after ${MAX_LOADS} loads`);
      core.random.restore(random);
      await error.load();
    }
  }
}
