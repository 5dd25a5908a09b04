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

type Operation = (...args: never[]) => unknown;
/** The names of a module's exported functions. */
type OperationName<M> = { [K in keyof M]: M[K] extends Operation ? K : never }[keyof M];
/** An operation as its lazy stand-in runs it: the same parameters, its result awaited on first use. */
type Loading<F> = F extends (...args: infer A) => infer R ? (...args: A) => R | Promise<Awaited<R>> : never;

/**
 * A service's operations kept out of the bundle a page loads up front: `load` is a dynamic
 * `import('./operations')`, which bundlers make a chunk of its own. What it returns (`lazy` in a
 * routes.ts) gives, by name, a stand-in for one of the module's functions (a route handler, a job
 * runner) that the route table lists as it would the function: the first call awaits the load
 * before the function starts, so before it changes anything or draws an ID (a load never moves
 * the generator); once loaded, calls run synchronously, as if imported eagerly.
 */
export function lazyOperations<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  return <K extends OperationName<M>>(name: K): Loading<M[K]> =>
    ((...args: never[]) => {
      if (loaded) return (loaded[name] as Operation)(...args);
      return load().then((module) => ((loaded = module)[name] as Operation)(...args));
    }) as Loading<M[K]>;
}
