import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customOrder, type SortKey } from '../../src/emulator/search/engine/custom-order';
import { InvertedIndex } from '../../src/emulator/search/engine/inverted-index';
import { compareValues, sortable } from '../../src/emulator/search/engine/rank';
import { readPath } from '../../src/emulator/search/engine/fields';
import { emptyRecords } from '../../src/emulator/search/record-store';
import { byObjectIDDescending } from '../../src/emulator/search/tie-order';
import type { SearchRecord } from '../../src/emulator/state';

const KEYS: SortKey[][] = [
  [{ path: 'pop', ascending: false }],
  [
    { path: 'name', ascending: true },
    { path: 'pop', ascending: true },
  ],
  [],
];
const pop = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, '2', 'x', false) },
);
const name = fc.constantFrom('a', 'b', 'B', undefined, 7);
// Writes of a few records into a large index: each is inserted at its place (blocks fill and split).
// A burst writes 200 new records alike: they all go to one place (blocks fill there and split).
const write = fc.record({
  sets: fc.array(fc.tuple(fc.integer({ min: 0, max: 2999 }), pop, name), { minLength: 1, maxLength: 150 }),
  deletes: fc.array(fc.integer({ min: 0, max: 2999 }), { maxLength: 60 }),
  burst: fc.option(fc.integer({ min: 0, max: 3 })),
});

/** The reference: every record sorted by the keys (values as ranking compares them), then objectID, descending. */
function reference(records: readonly SearchRecord[], keys: readonly SortKey[]): string[] {
  return [...records]
    .sort((a, b) => {
      for (const { path, ascending } of keys) {
        const result = compareValues(sortable(readPath(a, path)), sortable(readPath(b, path)), ascending);
        if (result !== 0) return result;
      }
      return byObjectIDDescending(a, b);
    })
    .map((record) => record.objectID);
}

describe('the custom-ranking order', () => {
  it('walks the live docs as a full sort of the records would, after writes inserted one by one', () => {
    fc.assert(
      fc.property(fc.nat({ max: KEYS.length - 1 }), fc.array(write, { minLength: 1, maxLength: 6 }), (k, writes) => {
        const keys = KEYS[k];
        const index = new InvertedIndex({ keepDiacritics: '', custom: {}, separators: '' });
        // Many docs first (a first build sorts them all), then small writes (each inserted).
        let store = emptyRecords().edit((records) => {
          for (let i = 0; i < 2000; i++)
            records.set(`r${i}`, Object.freeze({ objectID: `r${i}`, pop: i % 4, name: i % 3 === 0 ? 'a' : 'b' }));
        });
        index.sync(store);
        customOrder(index, keys);
        for (const [w, { sets, deletes, burst }] of writes.entries()) {
          store = store.edit((records) => {
            for (const [id, p, n] of sets)
              records.set(
                `r${id}`,
                Object.freeze({
                  objectID: `r${id}`,
                  ...(p === undefined ? {} : { pop: p }),
                  ...(n === undefined ? {} : { name: n }),
                }),
              );
            for (const id of deletes) records.delete(`r${id}`);
            if (burst !== null)
              for (let j = 0; j < 200; j++)
                records.set(`b${w}-${j}`, Object.freeze({ objectID: `b${w}-${j}`, pop: burst, name: 'b' }));
          });
          expect(index.sync(store)).toBe(true);
          const walked: string[] = [];
          customOrder(index, keys).walk((doc) => {
            walked.push(index.doc(doc)!.record.objectID);
            return true;
          });
          expect(walked).toEqual(reference([...store.values()], keys));
        }
      }),
      { numRuns: 40 },
    );
  });
});
