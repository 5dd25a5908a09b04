import fc from 'fast-check';
import { freeze } from 'immer';
import { describe, expect, it } from 'vitest';
import { freezeRecord } from '../../src/emulator/search/store';

class Point {
  constructor(
    public x: number,
    public inner: { y: number },
  ) {}
}

/** Values a record may hold: JSON data, and what a fixture loaded from code may carry besides. */
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined)),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.sparseArray(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 3 }),
    fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 3, noNullPrototype: false }),
    tie('value').map((inner) => new Map([['k', inner]])),
    tie('value').map((inner) => new Point(1, { y: inner === undefined ? 0 : 1 })),
    fc.constant(new Date(0)).map((date) => new Date(date)),
    tie('value').map((inner) => Object.freeze({ frozen: inner })),
  ),
}));

/** Every object reachable from `root` (through own enumerable members, Map values), with whether it is frozen. */
function frozenness(root: unknown): boolean[] {
  const out: boolean[] = [];
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    out.push(Object.isFrozen(node));
    if (node instanceof Map) for (const item of node.values()) visit(item);
    else for (const key of Object.keys(node)) visit((node as Record<string, unknown>)[key]);
  };
  visit(root);
  return out;
}

describe('freezeRecord', () => {
  it("freezes what immer's deep freeze freezes, and nothing else", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 3 }), value, { maxKeys: 4 }), (record) => {
        const mine = structuredCloneWithClasses(record);
        const immers = structuredCloneWithClasses(record);
        freezeRecord(mine);
        freeze(immers, true);
        expect(frozenness(mine)).toEqual(frozenness(immers));
        expect(mine).toEqual(immers);
      }),
      { numRuns: 300 },
    );
  });
});

/** A deep copy keeping prototypes, Maps and frozen state as they were (structuredClone drops classes). */
function structuredCloneWithClasses<T>(source: T): T {
  if (source === null || typeof source !== 'object') return source;
  if (source instanceof Date) return new Date(source) as T;
  if (source instanceof Map) return new Map([...source].map(([k, v]) => [k, structuredCloneWithClasses(v)])) as T;
  const copy = Array.isArray(source) ? new Array(source.length) : Object.create(Object.getPrototypeOf(source));
  for (const key of Object.keys(source))
    copy[key] = structuredCloneWithClasses((source as Record<string, unknown>)[key]);
  return (Object.isFrozen(source) ? Object.freeze(copy) : copy) as T;
}
