import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePath, codePosition, codeWhole } from '../../src/emulator/search/engine/flat-postings';
import {
  InvertedIndex,
  occurrencesOf,
  posOf,
  slotOf,
  type TermExpander,
} from '../../src/emulator/search/engine/inverted-index';
import { emptyRecords, type RecordStore } from '../../src/emulator/search/record-store';
import { termHash, createTokenizer, type TokenizerConfig } from '../../src/emulator/search/engine/tokenize';
import type { SearchRecord } from '../../src/emulator/state';

/** A term's postings and flat postings hold what each doc's own lists (built apart, on first read) say. */
function expectPostingsMatchDocs(index: InvertedIndex): void {
  const vocabulary = [...index.vocabulary.wordTerms(), ...index.vocabulary.numberTerms()];
  const docs = [...index.all()];
  const live = new Set(docs.map((doc) => doc.id));
  for (const term of vocabulary) {
    const termId = index.termId(term);
    const filed = new Map<number, unknown[]>();
    const { docs: ids, codes } = index.flat(termId);
    ids.forEach((id, k) => {
      if (live.has(id))
        filed.set(id, [...(filed.get(id) ?? []), [codePath(codes[k]), codePosition(codes[k]), codeWhole(codes[k])]]);
    });
    const holders = docs.filter((doc) => doc.termIds.includes(termId));
    expect((index.postings.get(term) ?? []).filter((id) => live.has(id))).toEqual(
      holders.map((doc) => doc.id).sort((x, y) => x - y),
    );
    expect([...filed.keys()].sort((x, y) => x - y)).toEqual(holders.map((doc) => doc.id).sort((x, y) => x - y));
    for (const doc of holders) {
      const own = occurrencesOf(index, doc, term).map((packed) => {
        const slot = doc.slots[slotOf(packed)];
        return [slot.path, Math.min(posOf(packed), 999), slot.length === 1];
      });
      expect(filed.get(doc.id)).toEqual(own);
    }
  }
}

/** Everything a reader can see of an index, by objectID and path name (doc and path ids differ between builds). */
function view(index: InvertedIndex) {
  expectPostingsMatchDocs(index);
  const docs = [...index.all()];
  const live = new Map(docs.map((doc) => [doc.id, doc.record.objectID]));
  const vocabulary = [...index.vocabulary.wordTerms(), ...index.vocabulary.numberTerms()];
  const terms = vocabulary.filter((term) => (index.postings.get(term) ?? []).some((id) => live.has(id))).sort();
  const idToTerm = new Map(vocabulary.map((term) => [index.termId(term), term]));
  return {
    terms,
    // Doc ids ascend in postings; ids differ between builds, so entries are compared by objectID (stable sort: a doc's occurrences keep their order).
    postings: terms.map((term) => {
      const ids = index.postings.get(term)!;
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      return [
        term,
        ids
          .filter((id) => live.has(id))
          .map((id) => live.get(id)!)
          .sort(),
      ];
    }),
    flat: terms.map((term) => {
      const flat = index.flat(index.termId(term));
      const ids = [...flat.docs];
      const codes = [...flat.codes];
      expect(ids.length).toBe(codes.length);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      const entries = ids.flatMap((id, k) =>
        live.has(id)
          ? [[live.get(id)!, index.paths[codePath(codes[k])], codePosition(codes[k]), codeWhole(codes[k])] as const]
          : [],
      );
      return [term, entries.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))];
    }),
    docs: docs.map((doc, position) => ({
      objectID: doc.record.objectID,
      record: doc.record,
      position,
      slots: doc.slots.map((slot) => [index.paths[slot.path], slot.element, slot.length]),
      terms: [...doc.termIds].map((id) => idToTerm.get(id)),
      occurrences: doc.occurrences,
      byTerm: [...doc.termIds].map((id) => occurrencesOf(index, doc, idToTerm.get(id)!)),
    })),
    size: index.size,
    // Terms of removed docs may stay in the vocabulary; every live term must be there.
    vocabularyHoldsLiveTerms: terms.every((term) => vocabulary.includes(term)),
  };
}

const word = fc.constantFrom(
  'apple',
  'Apple',
  'BANDANA',
  'band',
  'ana',
  'café',
  'Straße',
  'naïve',
  '42',
  '7',
  'x',
  'a+b',
  '<street>',
  'c#',
);
const text = fc.array(word, { maxLength: 6 }).map((w) => w.join(' '));
const record = fc.record(
  {
    title: text,
    tags: fc.array(text, { maxLength: 3 }),
    meta: fc.record({ note: text, rank: fc.integer({ min: -5, max: 500 }) }),
    price: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constant(1.5)),
    flag: fc.boolean(),
  },
  { requiredKeys: ['title'] },
);
const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g');
/** A step: write some records, delete some, or go back to an earlier map (a restore). */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('write' as const),
    writes: fc.array(fc.tuple(id, record), { minLength: 1, maxLength: 5 }),
    deletes: fc.array(id, { maxLength: 2 }),
  }),
  fc.record({ kind: fc.constant('restore' as const), back: fc.nat() }),
);
const CONFIGS: TokenizerConfig[] = [
  { keepDiacritics: '', custom: {}, separators: '' },
  { keepDiacritics: 'é', custom: { ß: 'ss' }, separators: '+#', placeholders: ['<street>'] },
];
/** Decompounding: extra words at a word's position, one of them the word itself (filed once). */
const EXPANDERS: (TermExpander | undefined)[] = [
  undefined,
  (path, term) => (path === 'title' && term === 'bandana' ? ['band', 'Ana', 'bandana'] : undefined),
];

describe('inverted index kept in sync', () => {
  it('after any sequence of writes, deletes and restores (synced after each), reads as an index built once from the final records', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.nat({ max: 1 }),
        fc.nat({ max: 1 }),
        (steps, c, e) => {
          const incremental = new InvertedIndex(CONFIGS[c], EXPANDERS[e]);
          const history: RecordStore[] = [emptyRecords()];
          let current = history[0];
          for (const s of steps) {
            if (s.kind === 'write') {
              current = current.edit((records) => {
                for (const [objectID, body] of s.writes)
                  records.set(objectID, Object.freeze({ ...body, objectID }) as SearchRecord);
                for (const objectID of s.deletes) records.delete(objectID);
              });
            } else {
              current = history[s.back % history.length];
            }
            history.push(current);
            // Diffs of a few records: always applied (never over the rebuild budget).
            expect(incremental.sync(current)).toBe(true);
            // Some docs read between syncs (their parts are built on first read).
            for (const doc of incremental.all()) if (doc.record.objectID < 'c') void doc.termIds;
          }
          const fresh = new InvertedIndex(CONFIGS[c], EXPANDERS[e]);
          fresh.sync(current);
          const got = view(incremental);
          expect(got.vocabularyHoldsLiveTerms).toBe(true);
          expect(got).toEqual(view(fresh));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('after compaction (removed docs outnumber live ones), reads as an index built once', () => {
    const config = CONFIGS[0];
    const index = new InvertedIndex(config);
    let few = emptyRecords().edit((records) => {
      for (let i = 0; i < 1500; i++)
        records.set(
          String(i),
          Object.freeze({ objectID: String(i), title: `item ${i} ${i % 7 === 0 ? 'Apple' : 'band'}` }),
        );
    });
    index.sync(few);
    // Deleted 60 at a time, each diff applied, until dead docs outnumber live ones (then compacted
    // once). 450 stay: few enough to compact, enough that an added record does not renumber all.
    const doomed = [...few.keys()].filter((objectID) => Number(objectID) % 10 >= 3);
    let compacted = false;
    for (let at = 0; at < doomed.length; at += 60) {
      few = few.edit((records) => doomed.slice(at, at + 60).forEach((objectID) => records.delete(objectID)));
      expect(index.sync(few)).toBe(true);
      compacted ||= !index.hasTombstones;
    }
    expect(compacted).toBe(true);
    few = few.edit((records) => records.set('new', Object.freeze({ objectID: 'new', title: 'apple band fresh' })));
    index.sync(few);
    const fresh = new InvertedIndex(config);
    fresh.sync(few);
    expect(view(index)).toEqual(view(fresh));
    // A term compaction dropped comes back.
    const back = few.edit((records) => records.set('again', Object.freeze({ objectID: 'again', title: 'item 1499' })));
    index.sync(back);
    const freshBack = new InvertedIndex(config);
    freshBack.sync(back);
    expect(view(index)).toEqual(view(freshBack));
    expect(index.postings.get('1499')!.filter((id) => index.doc(id) !== undefined)).toHaveLength(1);
    // Down to 10 records, doc ids outnumber them four to one: the next added record asks for a fresh build.
    let fewer = back;
    const gone = [...back.keys()].slice(10);
    for (let at = 0; at < gone.length; at += 60) {
      fewer = fewer.edit((records) => gone.slice(at, at + 60).forEach((objectID) => records.delete(objectID)));
      expect(index.sync(fewer)).toBe(true);
    }
    fewer = fewer.edit((records) => records.set('last', Object.freeze({ objectID: 'last', title: 'apple' })));
    expect(index.sync(fewer)).toBe(false);
  });
});

describe('asciiWords', () => {
  it('gives the terms of terms() (offsets of the words, lower-cased) and their termHash, or -1 off the ASCII path', () => {
    const unit = fc.constantFrom('a', 'Z', 'q', '0', '9', ' ', '-', '.', "'", 'é', 'ß', '<', '>', '+', '\u0301');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), fc.constantFrom('', '+'), (value, separators) => {
        const tokenizer = createTokenizer({ keepDiacritics: '', custom: {}, separators });
        const words = new Int32Array(Math.ceil(1.5 * value.length) + 3);
        const count = tokenizer.asciiWords(value, words);
        const terms = tokenizer.terms(value);
        if (count < 0) {
          expect(separators !== '' || /[^\x00-\x7f]/.test(value)).toBe(true);
          return;
        }
        expect(separators).toBe('');
        const found = Array.from({ length: count }, (_, k) =>
          value.slice(words[3 * k], words[3 * k + 1]).toLowerCase(),
        );
        expect(found).toEqual(terms);
        for (let k = 0; k < count; k++) expect(words[3 * k + 2]).toBe(termHash(terms[k]));
      }),
      { numRuns: 500 },
    );
  });
});
