import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvertedIndex } from '../../src/emulator/search/engine/inverted-index';
import { recordsFrom } from '../../src/emulator/search/record-store';
import { createTokenizer, termHash } from '../../src/emulator/search/engine/tokenize';
import type { SearchRecord } from '../../src/emulator/state';

/** Two ASCII words of one length whose termHash is the same: only their characters tell them apart. */
const COLLIDING = ['250xwt', 'ozv21v'];

const CONFIGS = [
  { keepDiacritics: '', custom: {}, separators: '' },
  { keepDiacritics: '', custom: {}, separators: '+' },
];

const word = fc.constantFrom(
  ...COLLIDING,
  '250XWT',
  'OZV21V',
  'apple',
  'Apple',
  'appl',
  'x',
  'X',
  '42',
  'café',
  'Straße',
  'a+b',
  'ozv21',
  '250xwtt',
);
const text = fc.array(word, { maxLength: 5 }).map((words) => words.join(' '));
const record = fc.record({
  title: text,
  tags: fc.array(text, { maxLength: 2 }),
  rank: fc.integer({ min: 0, max: 300 }),
});

describe('looking words up in the index (by hash, then characters compared in typed arrays)', () => {
  it('files every word of every record under the term the tokenizer gives it, whatever the order terms were met in', () => {
    expect(termHash(COLLIDING[0])).toBe(termHash(COLLIDING[1]));
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 6 }),
        fc.nat({ max: CONFIGS.length - 1 }),
        (bodies, c) => {
          const config = CONFIGS[c];
          const tokenizer = createTokenizer(config);
          const records = new Map<string, SearchRecord>(
            bodies.map((body, i) => [String(i), Object.freeze({ ...body, objectID: String(i) })]),
          );
          const index = new InvertedIndex(config);
          index.sync(recordsFrom(records));
          // Expected: per term, how many times each doc holds it.
          const expected = new Map<string, Map<string, number>>();
          for (const [objectID, r] of records) {
            for (const value of [r.title, ...(r.tags as string[]), String(r.rank)] as string[]) {
              for (const term of tokenizer.terms(value)) {
                const holders = expected.get(term) ?? new Map<string, number>();
                holders.set(objectID, (holders.get(objectID) ?? 0) + 1);
                expected.set(term, holders);
              }
            }
          }
          const vocabulary = [...index.vocabulary.wordTerms(), ...index.vocabulary.numberTerms()].sort();
          expect(vocabulary).toEqual([...expected.keys()].sort());
          for (const [term, holders] of expected) {
            const { docs } = index.flat(index.termId(term));
            const filed = new Map<string, number>();
            for (const id of docs) {
              const objectID = index.doc(id)!.record.objectID;
              filed.set(objectID, (filed.get(objectID) ?? 0) + 1);
            }
            expect(filed).toEqual(holders);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('asciiWords with lowered characters', () => {
  it('writes each word character lower-cased at its offset, and the same words and hashes as without', () => {
    const unit = fc.constantFrom('a', 'Z', 'q', '0', '9', ' ', '-', '.', "'", 'é');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (value) => {
        const tokenizer = createTokenizer(CONFIGS[0]);
        const plain = new Int32Array(Math.ceil(1.5 * value.length) + 3);
        const words = new Int32Array(plain.length);
        const lowered = new Uint8Array(value.length);
        const count = tokenizer.asciiWords(value, words, lowered);
        expect(count).toBe(tokenizer.asciiWords(value, plain));
        expect(words).toEqual(plain);
        for (let k = 0; k < count; k++) {
          const [start, end] = [words[3 * k], words[3 * k + 1]];
          expect(String.fromCharCode(...lowered.subarray(start, end))).toBe(value.slice(start, end).toLowerCase());
        }
      }),
      { numRuns: 300 },
    );
  });
});
