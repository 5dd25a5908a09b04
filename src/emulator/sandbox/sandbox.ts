import type { Core } from '../core';

/**
 * Where extractors run. The real crawler stores an extractor as source text and runs it
 * isolated; so does the emulator, as far as the platform allows: in Node a `node:vm` context
 * of its own with a time limit (sandbox-node.ts, loaded only there so the core stays
 * browser-safe); in a browser the source is compiled in the page itself, without isolation
 * or time limit (a Worker could not be handed the page's `$`).
 */
export interface Sandbox {
  /** Compiles an extractor's source; throws a SyntaxError that says what is wrong. */
  compile(source: string, host: SandboxHost): Extractor;
}

/** The emulator's clock and seeded generator, which an extractor's `Date` and `Math.random` follow. */
export interface SandboxHost {
  now(): number;
  random(): number;
}

export const sandboxHost = (core: Core): SandboxHost => ({ now: () => core.now(), random: () => core.random.next() });

/** A compiled extractor: called with its arguments, collecting what it logs. */
export type Extractor = (args: Record<string, unknown>, logs: string[][]) => unknown;

/**
 * Milliseconds an extractor may run synchronously before it is stopped (`extractor_timeout`):
 * wall-clock time, the one real-time limit of the emulator (a loop that never ends must stop).
 */
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

/**
 * A `Date` of the realm `RealDate` belongs to whose current time is the emulator's: `new Date()`,
 * `Date()` and `Date.now()` read `now`; every other use is the real `Date`. Self-contained, so the
 * Node sandbox can evaluate its source inside the extractor's own realm.
 */
export function clockedDate(RealDate: DateConstructor, now: () => number): DateConstructor {
  function EmulatedDate(this: unknown, ...args: unknown[]): unknown {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  Object.setPrototypeOf(EmulatedDate, RealDate);
  EmulatedDate.prototype = RealDate.prototype;
  Object.defineProperty(EmulatedDate, 'now', { value: () => now(), writable: true, configurable: true });
  return EmulatedDate as unknown as DateConstructor;
}

/** The browser's sandbox: the page's own realm, no isolation; `Date` and `Math` are shadowed, not replaced. */
const pageSandbox: Sandbox = {
  compile(source, host) {
    let fn: unknown;
    let failure: unknown;
    for (const expression of expressionOf(source)) {
      try {
        fn = new Function('console', '__name', 'Date', 'Math', `"use strict"; return ${expression};`);
        break;
      } catch (error) {
        failure ??= error;
      }
    }
    if (typeof fn !== 'function') throw failure;
    return (args, logs) => {
      const console = { log: (...items: unknown[]) => logs.push(logLine(items)) };
      const extractor = (fn as (c: unknown, n: unknown, d: unknown, m: unknown) => unknown)(
        { log: console.log, info: console.log, warn: console.log, error: console.log },
        (f: unknown) => f,
        clockedDate(Date, host.now),
        Object.create(Math, { random: { value: host.random } }),
      );
      if (typeof extractor !== 'function') throw new TypeError('The extractor source does not evaluate to a function');
      return extractor(args);
    };
  },
};
