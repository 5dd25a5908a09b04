import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzyTerms, fuzzyVocabulary } from '../../src/emulator/search/engine/typo';
import { isDigits, Vocabulary } from '../../src/emulator/search/engine/vocabulary';

/** Terms mixing letters and digits, all-digit numbers among them. */
const term = fc.oneof(
  fc.stringMatching(/^[0-9]{1,5}$/),
  fc.stringMatching(/^[a-c0-9]{1,6}$/),
  fc.stringMatching(/^[a-c]{1,6}$/),
);

describe('vocabulary split into words and numbers', () => {
  it('fuzzyVocabulary answers as fuzzyTerms over one sorted list of every term', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(term, { maxLength: 60 }),
        fc.array(term, { maxLength: 20 }),
        term,
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        (first, later, word, max, prefix) => {
          const vocabulary = new Vocabulary();
          const all = new Set<string>();
          for (const t of first) (vocabulary.add(t), all.add(t));
          vocabulary.wordTerms(); // a read between writes: later terms are buffered and merged
          for (const t of later) if (!all.has(t)) (vocabulary.add(t), all.add(t));
          const sorted = [...all].sort();
          expect(fuzzyVocabulary(vocabulary, word, max, prefix)).toEqual(fuzzyTerms(sorted, word, max, prefix));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('isDigits', () => {
  it('answers as /^[0-9]+$/ does', () => {
    fc.assert(
      fc.property(fc.oneof(term, fc.string(), fc.stringMatching(/^[0-9/:]{0,4}$/)), (text) => {
        expect(isDigits(text)).toBe(/^[0-9]+$/.test(text));
      }),
    );
  });
});
