import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPartial, parsePartialBody } from '../../src/emulator/search/objects/partial';
import type { SearchRecord } from '../../src/emulator/state';
import { expectUnchanged, rejects, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();
const op = (_operation: string, value: unknown) => ({ _operation, value });
const apply = (current: SearchRecord | undefined, body: Record<string, unknown>, create = true) =>
  applyPartial(current, parsePartialBody(body, 'a', create));

describe('partial update rules', () => {
  const base: SearchRecord = {
    objectID: 'a',
    n: 5,
    tags: ['x', 'y', 'x'],
    mixed: ['x', { deep: 1 }],
    title: 'T',
    nested: { a: 1, b: 2 },
  };

  it('replaces first-level attributes; a nested value replaces its ancestor', () => {
    expect(apply(base, { title: 'U', nested: { a: 9 } })).toEqual({ ...base, title: 'U', nested: { a: 9 } });
  });

  it('Increment / Decrement; a missing or non-numeric attribute starts from 0', () => {
    expect(apply(base, { n: op('Increment', 2) })?.n).toBe(7);
    expect(apply(base, { n: op('Decrement', 2) })?.n).toBe(3);
    expect(apply(base, { m: op('Increment', 2) })?.m).toBe(2);
    expect(apply(base, { title: op('Decrement', 1) })?.title).toBe(-1);
    expect(apply(base, { n: op('Increment', '3') })?.n).toBe(8);
  });

  it('Add appends, on a missing attribute creates an array, on a scalar wraps it', () => {
    expect(apply(base, { tags: op('Add', 'x') })?.tags).toEqual(['x', 'y', 'x', 'x']);
    expect(apply(base, { other: op('Add', 1) })?.other).toEqual([1]);
    expect(apply(base, { title: op('Add', 'V') })?.title).toEqual(['T', 'V']);
  });

  it('Remove removes every match; AddUnique adds only if absent', () => {
    expect(apply(base, { tags: op('Remove', 'x') })?.tags).toEqual(['y']);
    expect(apply(base, { tags: op('AddUnique', 'x') })?.tags).toEqual(['x', 'y', 'x']);
    expect(apply(base, { tags: op('AddUnique', 'z') })?.tags).toEqual(['x', 'y', 'x', 'z']);
    expect(apply(base, { missing: op('Remove', 'x') })).not.toHaveProperty('missing');
  });

  it('Remove and AddUnique are silently ignored on arrays holding nested objects or arrays', () => {
    expect(apply(base, { mixed: op('Remove', 'x') })?.mixed).toEqual(['x', { deep: 1 }]);
    expect(apply(base, { mixed: op('AddUnique', 'z') })?.mixed).toEqual(['x', { deep: 1 }]);
  });

  it('IncrementFrom applies only when the value equals the current one, else the whole update is ignored', () => {
    expect(apply(base, { n: op('IncrementFrom', 5), title: 'U' })).toEqual({ ...base, n: 6, title: 'U' });
    expect(apply(base, { n: op('IncrementFrom', 4), title: 'U' })).toBeUndefined();
    expect(apply(undefined, { n: op('IncrementFrom', 0) })).toEqual({ objectID: 'a', n: 1 });
    expect(apply(undefined, { n: op('IncrementFrom', 1) })).toBeUndefined();
  });

  it('IncrementSet applies only when the value is greater; a missing object only for a value > 0', () => {
    expect(apply(base, { n: op('IncrementSet', 9) })?.n).toBe(9);
    expect(apply(base, { n: op('IncrementSet', 5), title: 'U' })).toBeUndefined();
    expect(apply(undefined, { n: op('IncrementSet', 3) })).toEqual({ objectID: 'a', n: 3 });
    expect(apply(undefined, { n: op('IncrementSet', 0) })).toBeUndefined();
  });

  it('a missing record is built from an empty base, or ignored without createIfNotExists', () => {
    expect(apply(undefined, { n: op('Increment', 1), t: 'x' })).toEqual({ objectID: 'a', n: 1, t: 'x' });
    expect(apply(undefined, { t: 'x' }, false)).toBeUndefined();
  });

  it('IncrementFrom and IncrementSet are idempotent; Increment is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (current, value) => {
        const record: SearchRecord = { objectID: 'a', n: current };
        for (const name of ['IncrementFrom', 'IncrementSet']) {
          const once = apply(record, { n: op(name, value) }) ?? record;
          const twice = apply(once, { n: op(name, value) }) ?? once;
          expect(twice).toEqual(once);
        }
        expect(apply(apply(record, { n: op('Increment', 1) }), { n: op('Increment', 1) })?.n).toBe(current + 2);
      }),
    );
  });

  it('stores an attribute named __proto__ as data, like any other', () => {
    const next = apply(base, JSON.parse('{"__proto__": {"polluted": true}, "t": 1}'));
    expect(Object.getPrototypeOf(next)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(next)).__proto__).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never mutates its input', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (body) => {
        const record: SearchRecord = Object.freeze({ objectID: 'a', tags: Object.freeze(['x']) }) as SearchRecord;
        const before = JSON.stringify(record);
        try {
          apply(record, body);
        } catch {
          // invalid operations are 400s, tested elsewhere
        }
        expect(JSON.stringify(record)).toBe(before);
      }),
    );
  });
});

describe.each(SURFACES)('partialUpdateObject through %s calls', (surface) => {
  it('updates attributes and answers taskID, updatedAt, objectID', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: { n: 1, keep: true } });
    const res = await api.partialUpdateObject({
      indexName: 'p',
      objectID: 'a',
      attributesToUpdate: { n: op('Increment', 4), t: 'x' },
    });
    expect(Object.keys(res).sort()).toEqual(['objectID', 'taskID', 'updatedAt']);
    expect(await api.getObject({ indexName: 'p', objectID: 'a' })).toEqual({ objectID: 'a', n: 5, keep: true, t: 'x' });
  });

  it('createIfNotExists=false ignores a missing record; the default creates it', async () => {
    const { api } = open(surface);
    await api.partialUpdateObject({
      indexName: 'p',
      objectID: 'a',
      attributesToUpdate: { t: 'x' },
      createIfNotExists: false,
    });
    await rejects(api.getObject({ indexName: 'p', objectID: 'a' }), 404, 'ObjectID does not exist');
    await api.partialUpdateObject({ indexName: 'p', objectID: 'a', attributesToUpdate: { t: 'x' } });
    expect(await api.getObject({ indexName: 'p', objectID: 'a' })).toEqual({ objectID: 'a', t: 'x' });
  });

  it('rejects an unknown _operation with 400 and changes nothing', async () => {
    const { api, emulator } = open(surface);
    await api.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: { n: 1 } });
    const before = emulator.core.state;
    await rejects(
      api.partialUpdateObject({ indexName: 'p', objectID: 'a', attributesToUpdate: { t: 'x', n: op('Multiply', 2) } }),
      400,
      'Invalid _operation "Multiply" for attribute "n": expected one of Increment, Decrement, Add, Remove, AddUnique, IncrementFrom, IncrementSet',
    );
    await rejects(
      api.partialUpdateObject({ indexName: 'p', objectID: 'a', attributesToUpdate: { n: op('Increment', 'lots') } }),
      400,
      '_operation Increment on attribute "n" needs a numeric `value`, got "lots"',
    );
    await rejects(
      api.partialUpdateObject({ indexName: 'p', objectID: 'a', attributesToUpdate: { n: op('IncrementSet', 1.5) } }),
      400,
      '_operation IncrementSet on attribute "n" needs an integer `value`, got 1.5',
    );
    expectUnchanged(emulator, before);
  });

  it('rejects a createIfNotExists that is not a boolean', async () => {
    const { emulator } = open(surface);
    const res = await emulator.request({
      method: 'POST',
      path: '/1/indexes/p/a/partial',
      query: { createIfNotExists: 'maybe' },
      body: {},
    });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Parameter `createIfNotExists` must be a boolean, got "maybe"', status: 400 },
    });
  });
});
