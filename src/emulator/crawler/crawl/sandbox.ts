/**
 * Where extractors run. The real crawler stores an extractor as source text and runs it
 * isolated; so does the emulator, as far as the platform allows: in Node a `node:vm` context
 * of its own with a time limit (sandbox-node.ts, loaded only there so the core stays
 * browser-safe); in a browser the source is compiled in the page itself, without isolation
 * or time limit (a Worker could not be handed the page's `$`).
 */
export interface Sandbox {
  /** Compiles an extractor's source; throws a SyntaxError that says what is wrong. */
  compile(source: string): Extractor;
}

/** A compiled extractor: called with its arguments, collecting what it logs. */
export type Extractor = (args: Record<string, unknown>, logs: string[][]) => unknown;

/** Milliseconds an extractor may run synchronously before it is stopped (`extractor_timeout`). */
export const EXTRACTOR_TIME_LIMIT = 2000;

/** An extractor that ran past the time limit. */
export class ExtractorTimeout extends Error {
  override readonly name = 'ExtractorTimeout';
}

let loaded: Promise<Sandbox> | undefined;

export function loadSandbox(): Promise<Sandbox> {
  const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
  return (loaded ??= isNode ? import('./sandbox-node').then((m) => m.nodeSandbox()) : Promise.resolve(pageSandbox));
}

/**
 * The source as an expression: an arrow or function expression as stored, or the method
 * shorthand a `toString()` of `{ recordExtractor({ $ }) { ... } }` gives.
 */
export function expressionOf(source: string): string[] {
  const trimmed = source.trim();
  return [`(${trimmed}\n)`, `(function ${trimmed.replace(/^async\s+/, '')}\n)`];
}

/** Formats what an extractor logs, as the test endpoint's `logs` show it (one array per call). */
export function logLine(args: readonly unknown[]): string[] {
  return args.map((arg) => (typeof arg === 'string' ? arg : (safeJson(arg) ?? String(arg))));
}

function safeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** The browser's sandbox: the page's own realm, no isolation. */
const pageSandbox: Sandbox = {
  compile(source) {
    let fn: unknown;
    let failure: unknown;
    for (const expression of expressionOf(source)) {
      try {
        fn = new Function('console', '__name', `"use strict"; return ${expression};`);
        break;
      } catch (error) {
        failure ??= error;
      }
    }
    if (typeof fn !== 'function') throw failure;
    return (args, logs) => {
      const console = { log: (...items: unknown[]) => logs.push(logLine(items)) };
      const extractor = (fn as (c: unknown, n: unknown) => unknown)(
        { log: console.log, info: console.log, warn: console.log, error: console.log },
        (f: unknown) => f,
      );
      if (typeof extractor !== 'function') throw new TypeError('The extractor source does not evaluate to a function');
      return extractor(args);
    };
  },
};
