import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QueryOptions } from '../../src/emulator/search/engine/options';
import { comparator, type Candidate } from '../../src/emulator/search/engine/rank';
import { Ranking } from '../../src/emulator/search/engine/ranked';

const small = fc.integer({ min: 0, max: 3 });
/** Custom-ranking values as records hold them: numbers, numeric strings, words, booleans, nothing. */
const value = fc.oneof(small, fc.constantFrom('2', '10', 'b', 'a', true, null, undefined));
const candidate = fc.record({
  typos: small,
  words: small,
  proximity: small,
  first: small,
  exact: small,
  filters: small,
  bucket: small,
  rerank: fc.option(small, { nil: undefined }),
  likes: value,
  name: value,
});

const RANKINGS = [
  ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
  ['desc(likes)', 'typo', 'words', 'custom'],
  ['custom', 'exact', 'attribute', 'typo'],
];

type Spec = typeof candidate extends fc.Arbitrary<infer T> ? T : never;

function candidatesOf(specs: readonly Spec[]): Candidate[] {
  return specs.map((s, i) => ({
    info: {
      doc: {
        id: i,
        order: i,
        record: { objectID: String(i), likes: s.likes, name: s.name },
        slots: [],
        terms: new Map(),
      },
      matched: [],
      words: s.words,
      typos: s.typos,
      proximity: s.proximity,
      firstMatchedWord: s.first,
      exactWords: s.exact,
    },
    geo: { bucket: s.bucket },
    filters: s.filters,
    rerank: s.rerank,
  })) as unknown as Candidate[];
}

describe('Ranking', () => {
  it('top(k) equals a full sort by the ranking comparator, then slicing', () => {
    fc.assert(
      fc.property(
        fc.array(candidate, { maxLength: 60 }),
        fc.nat({ max: 70 }),
        fc.constantFrom(0, 1, 2),
        fc.constantFrom<QueryOptions['typoTolerance']>(true, 'min'),
        (specs, k, r, typoTolerance) => {
          const options = {
            ranking: RANKINGS[r],
            customRanking: ['asc(name)', 'desc(likes)'],
            typoTolerance,
          } as unknown as QueryOptions;
          const candidates = candidatesOf(specs);
          const expected = [...candidates].sort(comparator(options));
          const ranking = new Ranking(options, candidates);
          expect(ranking.top()).toEqual(expected);
          expect(ranking.top(k)).toEqual(expected.slice(0, k));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('packs wide integer criteria into several columns without changing the order', () => {
    const wide = fc.integer({ min: 0, max: 2 ** 31 - 1 });
    const spec = fc.record({
      typos: fc.integer({ min: 0, max: 60 }),
      words: wide,
      proximity: wide,
      first: wide,
      exact: fc.integer({ min: 0, max: 30 }),
    });
    fc.assert(
      fc.property(fc.array(spec, { maxLength: 40 }), fc.nat({ max: 45 }), (specs, k) => {
        const options = { ranking: RANKINGS[0], customRanking: [], typoTolerance: true } as unknown as QueryOptions;
        const candidates = candidatesOf(
          specs.map((s) => ({ ...s, filters: 0, bucket: 0, rerank: undefined, likes: undefined, name: undefined })),
        );
        const expected = [...candidates].sort(comparator(options));
        expect(new Ranking(options, candidates).top(k)).toEqual(expected.slice(0, k));
      }),
      { numRuns: 300 },
    );
  });

  it('narrows hundreds of tied entries to the same first page as a full sort', () => {
    // Values from 0..2 tie most entries on every column: the narrowing must keep every entry tied with the page's last.
    const tiny = fc.integer({ min: 0, max: 2 });
    const spec = fc.record({
      typos: tiny,
      words: tiny,
      proximity: tiny,
      first: tiny,
      exact: tiny,
      filters: tiny,
      bucket: tiny,
      rerank: fc.option(tiny, { nil: undefined }),
      likes: fc.oneof(tiny, fc.constantFrom(null, undefined)),
      name: fc.oneof(tiny, fc.constantFrom('a', undefined)),
    });
    fc.assert(
      fc.property(
        fc.array(spec, { minLength: 50, maxLength: 400 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom(0, 1, 2),
        (specs, k, r) => {
          const options = {
            ranking: RANKINGS[r],
            customRanking: ['desc(likes)', 'asc(name)'],
            typoTolerance: true,
          } as unknown as QueryOptions;
          const candidates = candidatesOf(specs);
          const expected = [...candidates].sort(comparator(options));
          expect(new Ranking(options, candidates).top(k)).toEqual(expected.slice(0, k));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('packs criteria whose values start above 0 without changing the order', () => {
    // Every value from 5 to 8: the packed digits must be offset by each column's minimum.
    const high = fc.integer({ min: 5, max: 8 });
    const spec = fc.record({ typos: high, words: high, proximity: high, first: high, exact: high });
    fc.assert(
      fc.property(fc.array(spec, { minLength: 2, maxLength: 60 }), fc.nat({ max: 65 }), (specs, k) => {
        const options = { ranking: RANKINGS[0], customRanking: [], typoTolerance: true } as unknown as QueryOptions;
        const candidates = candidatesOf(
          specs.map((s) => ({ ...s, filters: 0, bucket: 0, rerank: undefined, likes: undefined, name: undefined })),
        );
        const expected = [...candidates].sort(comparator(options));
        expect(new Ranking(options, candidates).top(k)).toEqual(expected.slice(0, k));
      }),
      { numRuns: 300 },
    );
  });
});
