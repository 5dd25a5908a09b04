import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import type { Api } from '../support/surfaces';
import { setupSurfaces } from '../support/surfaces';

/**
 * Model-based test: random sequences of writes, index operations and clock advances, checked
 * after every command against a deliberately simple reference (plain Maps, no immer, no
 * shared code with the emulator).
 */

type Rec = Record<string, unknown> & { objectID: string };
type Indices = Map<string, Map<string, Rec>>;

interface Model {
  indices: Indices;
  now: number;
  delay: number;
  /** Writes accepted but not yet applied: publication time and the change. */
  pending: { at: number; apply: (indices: Indices) => void }[];
}

interface Real {
  api: Api;
  advance(ms: number): void;
}

const INDEX = fc.constantFrom('i1', 'i2', 'i3');
const ID = fc.constantFrom('a', 'b', 'c', 'd');
const BODY = fc.record({ t: fc.constantFrom('x', 'y', 'z'), n: fc.integer({ min: -5, max: 5 }) }, { requiredKeys: [] });

function accept(model: Model, apply: (indices: Indices) => void): void {
  if (model.delay === 0) apply(model.indices);
  else model.pending.push({ at: model.now + model.delay, apply });
}

function writeTo(indices: Indices, name: string): Map<string, Rec> {
  if (!indices.has(name)) indices.set(name, new Map());
  return indices.get(name)!;
}

/** The reference partial update: plain sets and `Increment` only. */
function partial(
  current: Rec | undefined,
  objectID: string,
  attrs: Record<string, unknown>,
  inc: number | undefined,
): Rec {
  const next: Rec = { ...(current ?? {}), ...attrs, objectID };
  if (inc !== undefined) next.n = (typeof current?.n === 'number' ? current.n : 0) + inc;
  return next;
}

async function check(model: Model, real: Real): Promise<void> {
  const { items } = await real.api.listIndices();
  const names = [...model.indices.keys()].sort();
  expect(items.map((item: { name: string }) => item.name)).toEqual(names);
  for (const item of items) expect(item.entries).toBe(model.indices.get(item.name)!.size);
  const requests = names.flatMap((indexName) =>
    [...model.indices.get(indexName)!.keys()].map((objectID) => ({ indexName, objectID })),
  );
  if (requests.length === 0) return;
  const { results } = await real.api.getObjects({ requests });
  expect(results).toEqual(requests.map(({ indexName, objectID }) => model.indices.get(indexName)!.get(objectID)));
}

type Cmd = fc.AsyncCommand<Model, Real>;

class Save implements Cmd {
  constructor(
    readonly index: string,
    readonly body: Record<string, unknown>,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const { objectID } = await real.api.saveObject({ indexName: this.index, body: this.body });
    accept(model, (indices) => writeTo(indices, this.index).set(objectID, { ...this.body, objectID }));
    await check(model, real);
  }
  toString = () => `save(${this.index}, ${JSON.stringify(this.body)})`;
}

class Put implements Cmd {
  constructor(
    readonly index: string,
    readonly id: string,
    readonly body: Record<string, unknown>,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    await real.api.addOrUpdateObject({ indexName: this.index, objectID: this.id, body: this.body });
    accept(model, (indices) => writeTo(indices, this.index).set(this.id, { ...this.body, objectID: this.id }));
    await check(model, real);
  }
  toString = () => `put(${this.index}, ${this.id}, ${JSON.stringify(this.body)})`;
}

class Partial implements Cmd {
  constructor(
    readonly index: string,
    readonly id: string,
    readonly attrs: Record<string, unknown>,
    readonly inc: number | undefined,
    readonly create: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const attributesToUpdate = {
      ...this.attrs,
      ...(this.inc === undefined ? {} : { n: { _operation: 'Increment', value: this.inc } }),
    };
    await real.api.partialUpdateObject({
      indexName: this.index,
      objectID: this.id,
      attributesToUpdate,
      createIfNotExists: this.create,
    });
    accept(model, (indices) => {
      const records = writeTo(indices, this.index);
      const current = records.get(this.id);
      if (current || this.create) records.set(this.id, partial(current, this.id, this.attrs, this.inc));
    });
    await check(model, real);
  }
  toString = () =>
    `partial(${this.index}, ${this.id}, ${JSON.stringify(this.attrs)}, inc=${this.inc}, create=${this.create})`;
}

type Request = { action: string; body: Record<string, unknown> };

class Batch implements Cmd {
  constructor(
    readonly index: string,
    readonly requests: Request[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    await real.api.batch({ indexName: this.index, batchWriteParams: { requests: this.requests } });
    accept(model, (indices) => {
      for (const { action, body } of this.requests) {
        const id = body.objectID as string;
        if (action === 'clear') indices.get(this.index)?.clear();
        else if (action === 'deleteObject') indices.get(this.index)?.delete(id);
        else if (action === 'addObject' || action === 'updateObject')
          writeTo(indices, this.index).set(id, { ...body, objectID: id });
        else {
          const records = writeTo(indices, this.index);
          const { objectID: _, ...attrs } = body;
          if (records.has(id) || action === 'partialUpdateObject')
            records.set(id, partial(records.get(id), id, attrs, undefined));
        }
      }
    });
    await check(model, real);
  }
  toString = () => `batch(${this.index}, ${JSON.stringify(this.requests)})`;
}

class DeleteObject implements Cmd {
  constructor(
    readonly index: string,
    readonly id: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    await real.api.deleteObject({ indexName: this.index, objectID: this.id });
    accept(model, (indices) => indices.get(this.index)?.delete(this.id));
    await check(model, real);
  }
  toString = () => `deleteObject(${this.index}, ${this.id})`;
}

class Clear implements Cmd {
  constructor(readonly index: string) {}
  check = () => true;
  async run(model: Model, real: Real) {
    await real.api.clearObjects({ indexName: this.index });
    accept(model, (indices) => indices.get(this.index)?.clear());
    await check(model, real);
  }
  toString = () => `clear(${this.index})`;
}

class DeleteIndex implements Cmd {
  constructor(readonly index: string) {}
  check = () => true;
  async run(model: Model, real: Real) {
    await real.api.deleteIndex({ indexName: this.index });
    accept(model, (indices) => indices.delete(this.index));
    await check(model, real);
  }
  toString = () => `deleteIndex(${this.index})`;
}

class CopyOrMove implements Cmd {
  constructor(
    readonly operation: 'copy' | 'move',
    readonly source: string,
    readonly destination: string,
  ) {}
  check = () => this.source !== this.destination;
  async run(model: Model, real: Real) {
    await real.api.operationIndex({
      indexName: this.source,
      operationIndexParams: { operation: this.operation, destination: this.destination },
    });
    accept(model, (indices) => {
      const source = indices.get(this.source);
      if (this.operation === 'copy') indices.set(this.destination, new Map(source ?? []));
      else if (source) {
        indices.set(this.destination, source);
        indices.delete(this.source);
      }
    });
    await check(model, real);
  }
  toString = () => `${this.operation}(${this.source} -> ${this.destination})`;
}

class Advance implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    real.advance(this.ms);
    model.now += this.ms;
    const due = model.pending.filter((write) => write.at <= model.now);
    model.pending = model.pending.filter((write) => write.at > model.now);
    for (const write of due) write.apply(model.indices);
    await check(model, real);
  }
  toString = () => `advance(${this.ms})`;
}

const request: fc.Arbitrary<Request> = fc.oneof(
  fc
    .tuple(fc.constantFrom('addObject', 'updateObject'), ID, BODY)
    .map(([action, objectID, body]) => ({ action, body: { ...body, objectID } })),
  fc
    .tuple(fc.constantFrom('partialUpdateObject', 'partialUpdateObjectNoCreate'), ID, BODY)
    .map(([action, objectID, body]) => ({ action, body: { ...body, objectID } })),
  ID.map((objectID) => ({ action: 'deleteObject', body: { objectID } })),
  fc.constant({ action: 'clear', body: {} }),
);

const commands = [
  fc.tuple(INDEX, BODY).map(([index, body]) => new Save(index, body)),
  fc.tuple(INDEX, ID, BODY).map(([index, id, body]) => new Put(index, id, body)),
  fc
    .tuple(
      INDEX,
      ID,
      fc.record({ t: fc.constantFrom('x', 'y') }, { requiredKeys: [] }),
      fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }),
      fc.boolean(),
    )
    .map(([index, id, attrs, inc, create]) => new Partial(index, id, attrs, inc, create)),
  fc
    .tuple(INDEX, fc.array(request, { minLength: 1, maxLength: 5 }))
    .map(([index, requests]) => new Batch(index, requests)),
  fc.tuple(INDEX, ID).map(([index, id]) => new DeleteObject(index, id)),
  INDEX.map((index) => new Clear(index)),
  INDEX.map((index) => new DeleteIndex(index)),
  fc
    .tuple(fc.constantFrom('copy' as const, 'move' as const), INDEX, INDEX)
    .map(([op, from, to]) => new CopyOrMove(op, from, to)),
  fc.constantFrom(0, 400, 1000, 2500).map((ms) => new Advance(ms)),
  // Twice: with indexingDelay, checks only see writes once the clock passes them.
  fc.constantFrom(1000, 2500).map((ms) => new Advance(ms)),
];

function runModel(delay: number, real: () => Real, numRuns: number) {
  return fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (cmds) => {
      const setup = () => ({ model: { indices: new Map(), now: 0, delay, pending: [] } as Model, real: real() });
      await fc.asyncModelRun(setup, cmds);
    }),
    { numRuns },
  );
}

const direct = (delay: number) => () => {
  const emulator = createEmulator({ indexingDelay: delay });
  return { api: emulator as unknown as Api, advance: (ms: number) => emulator.clock.advance(ms) };
};

describe('model-based: the emulator against plain Maps', () => {
  it('direct calls, writes published at once', () => runModel(0, direct(0), 150));
  it('direct calls, with indexingDelay: writes appear once the clock passes', () => runModel(1000, direct(1000), 150));
});

const open = setupSurfaces();

describe('model-based over the real client', () => {
  it('the client over msw, with indexingDelay', () =>
    runModel(
      1000,
      () => {
        const { client, emulator } = open('client', { indexingDelay: 1000 });
        return { api: client as unknown as Api, advance: (ms: number) => emulator.clock.advance(ms) };
      },
      25,
    ));
});
