import { clockedDate, EXTRACTOR_TIME_LIMIT, ExtractorTimeout, expressionOf, logLine, type Sandbox } from './sandbox';

type Vm = typeof import('node:vm');

/**
 * Node only (loaded by sandbox.ts when running in Node): each extractor gets a `node:vm`
 * context of its own, with a `console` whose calls become the logs, no `require`, `process`
 * or `fetch`, `Date` and `Math.random` following the emulator's clock and seeded generator,
 * and a time limit on its synchronous run. The module names `node:vm` only at
 * run time, so bundlers that follow the core's imports never meet it.
 */
export async function nodeSandbox(): Promise<Sandbox> {
  const vm = await loadVm();
  return {
    compile(source, host) {
      // `__name`: what esbuild's keepNames (vitest, tsx) writes into a function's source text.
      const context = vm.createContext({ __name: (fn: unknown) => fn });
      // Built in the context's realm, so `instanceof Date` holds for the extractor.
      const build = vm.runInContext(`(${clockedDate.toString()})`, context) as typeof clockedDate;
      context.Date = build(vm.runInContext('Date', context) as DateConstructor, host.now);
      (vm.runInContext('Math', context) as Math).random = host.random;
      let fn: unknown;
      let failure: unknown;
      for (const expression of expressionOf(source)) {
        try {
          fn = new vm.Script(`"use strict"; ${expression}`, { filename: 'recordExtractor.js' }).runInContext(context, {
            timeout: EXTRACTOR_TIME_LIMIT,
          });
          break;
        } catch (error) {
          failure ??= error;
        }
      }
      if (fn === undefined) throw toHostError(failure);
      if (typeof fn !== 'function') throw new TypeError('The extractor source does not evaluate to a function');
      const call = new vm.Script('__extractor(__args)', { filename: 'recordExtractor.js' });
      return (args, logs) => {
        const log = (...items: unknown[]) => void logs.push(logLine(items));
        Object.assign(context, {
          __extractor: fn,
          __args: args,
          console: { log, info: log, warn: log, error: log, debug: log },
        });
        try {
          return call.runInContext(context, { timeout: EXTRACTOR_TIME_LIMIT });
        } catch (error) {
          if ((error as { code?: string })?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
            throw new ExtractorTimeout(`Extractor execution timed out (${EXTRACTOR_TIME_LIMIT} ms)`);
          }
          throw toHostError(error);
        }
      };
    },
  };
}

async function loadVm(): Promise<Vm> {
  const builtin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.('node:vm');
  if (builtin) return builtin as Vm;
  const id = 'node:vm';
  return (await import(/* @vite-ignore */ /* webpackIgnore: true */ id)) as Vm;
}

/** Errors thrown inside the context belong to its realm: give the host an Error with the same name and message. */
function toHostError(error: unknown): Error {
  if (error instanceof Error) return error;
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  const host = new Error(typeof message === 'string' ? message : String(error));
  if (typeof name === 'string') host.name = name;
  return host;
}
