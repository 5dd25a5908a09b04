import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldValues } from '../../src/emulator/search/engine/fields';
import { InvertedIndex, occurrencesOf, POS_RANGE } from '../../src/emulator/search/engine/inverted-index';
import { recordsFrom } from '../../src/emulator/search/record-store';

const word = fc.constantFrom('red', 'blue', 'green', 'tea', 'cup', '42', '7');
const text = fc.array(word, { minLength: 0, maxLength: 6 }).map((w) => w.join(' '));
const record = fc.record({
  title: text,
  tags: fc.array(text, { maxLength: 3 }),
  price: fc.integer({ min: 0, max: 50 }),
});

describe("a doc's terms, grouped while indexing", () => {
  it('hold every occurrence of every term, in order of first occurrence, as a map built per doc would', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 12 }), (records) => {
        const index = new InvertedIndex({ keepDiacritics: '', custom: {}, separators: '' });
        index.sync(recordsFrom(records.map((r, i) => [String(i), { objectID: String(i), ...r }])));
        for (const doc of index.all()) {
          const expected = new Map<string, number[]>();
          fieldValues(doc.record).forEach((field, slot) => {
            index.tokenizer.terms(field.text).forEach((term, pos) => {
              const list = expected.get(term) ?? [];
              if (list[list.length - 1] !== slot * POS_RANGE + pos) list.push(slot * POS_RANGE + pos);
              expected.set(term, list);
            });
          });
          expect([...doc.termIds]).toEqual([...expected.keys()].map((term) => index.termId(term)));
          for (const [term, list] of expected) expect(occurrencesOf(index, doc, term)).toEqual(list);
          expect(occurrencesOf(index, doc, 'absent')).toEqual([]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
