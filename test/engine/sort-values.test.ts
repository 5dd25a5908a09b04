import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvertedIndex } from '../../src/emulator/search/engine/inverted-index';
import { recordsFrom } from '../../src/emulator/search/record-store';
import { numericSortColumn, sortValues } from '../../src/emulator/search/engine/sort-values';

const value = fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constantFrom('7', 'x', 'abc', true, null, undefined));

describe('sort-value cache', () => {
  it('numeric columns equal the values read as numbers (no value last either way), and exist only when no read value is a string', () => {
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 20 }),
        fc.array(fc.array(fc.nat(), { maxLength: 20 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (likes, queries, ascending) => {
          const index = new InvertedIndex({ keepDiacritics: '', custom: {}, separators: '' });
          index.sync(
            recordsFrom(
              likes.map((v, i) => [String(i), { objectID: String(i), ...(v === undefined ? {} : { likes: v }) }]),
            ),
          );
          for (const picks of queries) {
            const docs = picks.map((p) => p % likes.length);
            const column = numericSortColumn(index, 'likes', docs, ascending);
            const values = sortValues(index, 'likes', docs);
            if (column === undefined) {
              expect(likes.some((v) => typeof v === 'string' && Number.isNaN(Number(v)))).toBe(true);
              continue;
            }
            expect(values.every((v) => typeof v !== 'string')).toBe(true);
            expect([...column]).toEqual(
              values.map((v) => (v === undefined ? Infinity : ascending ? v : -(v as number))),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
