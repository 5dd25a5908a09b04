import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppendList } from '../../src/emulator/append-list';

interface Entry {
  readonly n: number;
  readonly key?: string;
}

type Op =
  | { readonly kind: 'append'; readonly key?: string }
  | { readonly kind: 'snapshot' }
  | { readonly kind: 'restore'; readonly slot: number }
  | { readonly kind: 'filter'; readonly modulo: number };

const ops: fc.Arbitrary<Op[]> = fc.array(
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record(
        { kind: fc.constant('append' as const), key: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined }) },
        { requiredKeys: ['kind'] },
      ),
    },
    { weight: 2, arbitrary: fc.constant({ kind: 'snapshot' as const }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('restore' as const), slot: fc.nat() }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('filter' as const), modulo: fc.integer({ min: 2, max: 4 }) }),
    },
  ),
  { maxLength: 120 },
);

const keyOf = (entry: Entry) => entry.key;

/** Everything a reader can see of a list, against the plain array it should equal. */
function expectSame(list: AppendList<Entry>, model: readonly Entry[]): void {
  expect(list.toArray()).toEqual(model);
  expect([...list]).toEqual(model);
  expect(list.length).toBe(model.length);
  expect(list.at(0)).toBe(model[0]);
  expect(list.at(-1)).toBe(model.at(-1));
  expect(list.at(model.length)).toBeUndefined();
  expect(list.at(-model.length - 1)).toBeUndefined();
  expect(list.some((entry) => entry.n % 5 === 0)).toBe(model.some((entry) => entry.n % 5 === 0));
  for (const key of ['a', 'b', 'c'])
    expect(list.lastWithKey(keyOf, key)).toBe(model.filter((entry) => entry.key === key).at(-1));
}

describe('AppendList', () => {
  it('any sequence of appends, snapshots, restores and filters reads as plain arrays, old handles unchanged', () => {
    fc.assert(
      fc.property(ops, fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }), (sequence, capacity) => {
        let list = AppendList.empty<Entry>();
        let model: Entry[] = [];
        const saved: { list: AppendList<Entry>; model: Entry[] }[] = [];
        let n = 0;
        for (const op of sequence) {
          if (op.kind === 'append') {
            const entry: Entry = { n: n++, ...(op.key !== undefined ? { key: op.key } : {}) };
            list = list.append(entry, capacity);
            model = [...model, entry].slice(capacity === undefined ? 0 : -capacity);
          } else if (op.kind === 'snapshot') {
            saved.push({ list, model });
          } else if (op.kind === 'restore') {
            if (saved.length === 0) continue;
            ({ list, model } = saved[op.slot % saved.length]);
          } else {
            list = list.filter((entry) => entry.n % op.modulo !== 0);
            model = model.filter((entry) => entry.n % op.modulo !== 0);
          }
          expectSame(list, model);
        }
        for (const snapshot of saved) expectSame(snapshot.list, snapshot.model);
      }),
      { numRuns: 300 },
    );
  });

  it('appends to the newest handle share the backing array; a restored older handle copies once, then shares again', () => {
    const base = AppendList.from([1, 2, 3]);
    const four = base.append(4);
    const five = four.append(5);
    const branch = base.append(40);
    const branchMore = branch.append(50);
    expect([base.toArray(), four.toArray(), five.toArray(), branch.toArray(), branchMore.toArray()]).toEqual([
      [1, 2, 3],
      [1, 2, 3, 4],
      [1, 2, 3, 4, 5],
      [1, 2, 3, 40],
      [1, 2, 3, 40, 50],
    ]);
    const backing = (list: AppendList<number>) => (list as unknown as { items: number[] }).items;
    expect(backing(five)).toBe(backing(base));
    expect(backing(branch)).not.toBe(backing(base));
    expect(backing(branchMore)).toBe(backing(branch));
    expect(Object.isFrozen(five)).toBe(true);
  });

  it('with a capacity keeps the newest entries and compacts its backing array', () => {
    let list = AppendList.empty<number>();
    for (let i = 0; i < 10_000; i++) list = list.append(i, 100);
    expect(list.length).toBe(100);
    expect(list.at(0)).toBe(9_900);
    expect(list.at(-1)).toBe(9_999);
    expect((list as unknown as { items: number[] }).items.length).toBeLessThanOrEqual(200);
  });
});
