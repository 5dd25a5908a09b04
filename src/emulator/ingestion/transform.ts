import type { Core } from '../core';
import { loadSandbox, sandboxHost, type Extractor } from '../sandbox/sandbox';
import type { Json, TransformationRecord } from './state';

/**
 * Runs transformations: the code declares `async function transform(record, helper)` and it
 * runs in the sandbox crawler extractors use (its own `node:vm` context in Node, with a time
 * limit; `Date` and `Math.random` on the emulator's clock and seeded generator). It returns a
 * record, an array of records (one record becomes several) or nothing (the record is dropped);
 * `helper.secrets.get(name)` reads the `secrets` authentications the transformation names.
 */
export interface CompiledTransformation {
  /** The records one record becomes; throws a {@link TransformationFailure} saying why. */
  run(record: Json): Promise<Json[]>;
}

/** A transformation that does not compile, throws, or returns something that is no record. */
export class TransformationFailure extends Error {
  override readonly name = 'TransformationFailure';
}

/** Wraps the stored code into the one-argument function the sandbox calls. */
const wrap = (code: string) =>
  `function (__input) {\n${code}\n;if (typeof transform !== 'function') throw new ReferenceError('the code must declare a function named transform');\nreturn transform(__input.record, __input.helper);\n}`;

/** An error of the sandbox's realm is no host `Error`: read its name and message as data. */
function describe(error: unknown): string {
  const { name, message } = (error !== null && typeof error === 'object' ? error : {}) as Record<string, unknown>;
  if (typeof message === 'string') return `${typeof name === 'string' ? name : 'Error'}: ${message}`;
  return `Uncaught ${JSON.stringify(error) ?? String(error)}`;
}

/** Compiles one transformation's code; a syntax error is a {@link TransformationFailure}. */
export async function compileCode(core: Core, code: string, secrets: Readonly<Record<string, string>>) {
  const sandbox = await loadSandbox();
  let extractor: Extractor;
  try {
    extractor = sandbox.compile(wrap(code), sandboxHost(core));
  } catch (error) {
    throw new TransformationFailure(`the transformation does not compile: ${describe(error)}`);
  }
  const helper = { secrets: { get: (name: string) => secrets[name] } };
  const compiled: CompiledTransformation = {
    async run(record) {
      let result: unknown;
      try {
        result = await extractor({ record: structuredClone(record), helper }, []);
      } catch (error) {
        throw new TransformationFailure(describe(error));
      }
      return recordsOf(result);
    },
  };
  return compiled;
}

/** What a transformation returned, as plain records (the context's objects copied out). */
function recordsOf(result: unknown): Json[] {
  if (result === undefined || result === null) return [];
  const list = Array.isArray(result) ? result : [result];
  let copied: unknown[];
  try {
    copied = JSON.parse(JSON.stringify(list)) as unknown[];
  } catch (error) {
    throw new TransformationFailure(`the transformation returned a value JSON cannot hold: ${describe(error)}`);
  }
  for (const item of copied) {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw new TransformationFailure(
        `the transformation must return a record, an array of records or nothing, got ${JSON.stringify(item)}`,
      );
  }
  return copied as Json[];
}

/** The `secrets` a transformation's authentications hold, merged. */
export function secretsOf(core: Core, transformation: TransformationRecord): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const id of transformation.authenticationIDs ?? []) {
    const auth = core.state.ingestion.authentications.get(id);
    if (auth?.type === 'secrets') Object.assign(secrets, auth.input);
  }
  return secrets;
}

/** Compiles a stored transformation (a no-code one cannot run: the caller answers 501 first). */
export const compileTransformation = (core: Core, transformation: TransformationRecord) =>
  compileCode(core, transformation.code, secretsOf(core, transformation));

/** Runs transformations one after the other: each record the previous one gives goes through the next. */
export async function applyAll(chain: readonly CompiledTransformation[], record: Json): Promise<Json[]> {
  let records = [record];
  for (const transformation of chain) {
    const next: Json[] = [];
    for (const item of records) next.push(...(await transformation.run(item)));
    records = next;
  }
  return records;
}
