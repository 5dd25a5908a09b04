import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvertedIndex } from '../../src/emulator/search/engine/inverted-index';
import { emptyRecords, type RecordStore } from '../../src/emulator/search/record-store';

const CONFIG = { keepDiacritics: '', custom: {}, separators: '' };

const allTerms = (index: InvertedIndex) => [...index.vocabulary.wordTerms(), ...index.vocabulary.numberTerms()];

/** Every term's doc list as `postings` answers it, with `has` agreeing. */
function lists(index: InvertedIndex): Record<string, number[] | undefined> {
  const out: Record<string, number[] | undefined> = {};
  for (const term of [...allTerms(index), 'never-indexed']) {
    const ids = index.postings.get(term);
    expect(index.postings.has(term)).toBe(ids !== undefined);
    out[term] = ids === undefined ? undefined : [...ids];
  }
  return out;
}

const word = fc.constantFrom('apple', 'Band', 'ana', 'café', '42', 'x', 'zebra');
const text = fc.array(word, { maxLength: 5 }).map((w) => w.join(' '));
const id = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const step = fc.record({
  writes: fc.array(fc.tuple(id, text), { maxLength: 4 }),
  deletes: fc.array(id, { maxLength: 2 }),
});

describe('postings doc lists (built from the flat postings on first read)', () => {
  it('read between syncs, they answer as the lists of an index with the same history read only at the end', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        const readOften = new InvertedIndex(CONFIG);
        const readOnce = new InvertedIndex(CONFIG);
        let current: RecordStore = emptyRecords();
        for (const { writes, deletes } of steps) {
          current = current.edit((records) => {
            for (const [objectID, title] of writes) records.set(objectID, Object.freeze({ objectID, title }));
            for (const objectID of deletes) records.delete(objectID);
          });
          readOften.sync(current);
          readOnce.sync(current);
          lists(readOften);
        }
        expect(lists(readOften)).toEqual(lists(readOnce));
      }),
      { numRuns: 300 },
    );
  });

  it('after compaction, read lists hold only live docs and a dropped term comes back', () => {
    const index = new InvertedIndex(CONFIG);
    let current = emptyRecords().edit((records) => {
      for (let i = 0; i < 1500; i++)
        records.set(String(i), Object.freeze({ objectID: String(i), title: `item ${i % 7 === 0 ? 'apple' : 'band'}` }));
    });
    index.sync(current);
    expect(index.postings.get('apple')).toHaveLength(215);
    // Deleted 60 at a time (each diff applied, none over the rebuild budget); compacted once dead docs outnumber live ones.
    let compacted = false;
    const deleteAll = (objectIDs: string[]) => {
      for (let at = 0; at < objectIDs.length; at += 60) {
        current = current.edit((records) =>
          objectIDs.slice(at, at + 60).forEach((objectID) => records.delete(objectID)),
        );
        expect(index.sync(current)).toBe(true);
        compacted ||= !index.hasTombstones;
      }
    };
    deleteAll([...current.keys()].filter((objectID) => Number(objectID) % 100 !== 1));
    expect(compacted).toBe(true);
    const idsOf = (kept: number[]) => kept.map((i) => index.byID(String(i))!.id);
    // Deletions after the compaction left tombstones: the lists' live docs are the kept ones.
    const live = (term: string) => index.postings.get(term)!.filter((id) => index.doc(id) !== undefined);
    expect(live('apple')).toEqual(idsOf([301, 1001]));
    expect(live('band')).toEqual(idsOf([1, 101, 201, 401, 501, 601, 701, 801, 901, 1101, 1201, 1301, 1401]));
    deleteAll([...current.keys()].filter((objectID) => objectID !== '1'));
    deleteAll(['1']);
    current = current.edit((records) => {
      for (let i = 0; i < 1200; i++) records.set(`d${i}`, Object.freeze({ objectID: `d${i}`, title: 'zebra' }));
    });
    index.sync(current);
    compacted = false;
    deleteAll([...current.keys()]);
    expect(compacted).toBe(true);
    current = current.edit((records) => records.set('z', Object.freeze({ objectID: 'z', title: 'apple' })));
    index.sync(current);
    expect(live('zebra')).toEqual([]);
    expect(live('apple')).toEqual([index.byID('z')!.id]);
  });
});
