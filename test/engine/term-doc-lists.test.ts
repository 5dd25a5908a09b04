import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvertedIndex } from '../../src/emulator/search/engine/inverted-index';
import type { SearchRecord } from '../../src/emulator/state';

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
const step = fc.record({ writes: fc.array(fc.tuple(id, text), { maxLength: 4 }), deletes: fc.array(id, { maxLength: 2 }) });

describe('postings doc lists (built from the flat postings on first read)', () => {
  it('read between syncs, they answer as the lists of an index with the same history read only at the end', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        const readOften = new InvertedIndex(CONFIG);
        const readOnce = new InvertedIndex(CONFIG);
        let current: ReadonlyMap<string, SearchRecord> = new Map();
        for (const { writes, deletes } of steps) {
          const next = new Map(current);
          for (const [objectID, title] of writes) next.set(objectID, Object.freeze({ objectID, title }));
          for (const objectID of deletes) next.delete(objectID);
          current = next;
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
    const many = new Map<string, SearchRecord>();
    for (let i = 0; i < 1500; i++) many.set(String(i), Object.freeze({ objectID: String(i), title: `item ${i % 7 === 0 ? 'apple' : 'band'}` }));
    index.sync(many);
    expect(index.postings.get('apple')).toHaveLength(215);
    const few = new Map([...many].filter(([objectID]) => Number(objectID) % 100 === 1));
    index.sync(few);
    expect(index.hasTombstones).toBe(false);
    const idsOf = (kept: number[]) => kept.map((i) => index.byID(String(i))!.id);
    expect(index.postings.get('apple')).toEqual(idsOf([301, 1001]));
    expect(index.postings.get('band')).toEqual(idsOf([1, 101, 201, 401, 501, 601, 701, 801, 901, 1101, 1201, 1301, 1401]));
    index.sync(new Map([['1', few.get('1')!]]));
    index.sync(new Map());
    const dead = new Map<string, SearchRecord>();
    for (let i = 0; i < 1200; i++) dead.set(`d${i}`, Object.freeze({ objectID: `d${i}`, title: 'zebra' }));
    index.sync(dead);
    index.sync(new Map([['z', Object.freeze({ objectID: 'z', title: 'apple' })]]));
    expect(index.hasTombstones).toBe(false);
    expect(index.postings.has('zebra')).toBe(false);
    expect(index.postings.get('apple')).toEqual([index.byID('z')!.id]);
  });
});
