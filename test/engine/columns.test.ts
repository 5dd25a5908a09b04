import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvertedIndex } from '../../src/emulator/search/engine/inverted-index';
import { eachBit } from '../../src/emulator/search/engine/doc-bits';
import { computeFacets, facetsOf } from '../../src/emulator/search/facets/compute';
import { columnCounter } from '../../src/emulator/search/facets/count';
import { compileFilters, recordFilter } from '../../src/emulator/search/filters/compile';
import { filteredDocs } from '../../src/emulator/search/filters/doc-filter';
import { emptyRecords, type RecordStore } from '../../src/emulator/search/record-store';
import type { SearchRecord } from '../../src/emulator/state';

// Values that print alike but filter differently (1 and "1", true and "true", case), arrays, nesting.
const scalar = fc.constantFrom<unknown>(
  'Red',
  'red',
  'RED',
  'blue',
  '1',
  1,
  2,
  2.5,
  -0,
  true,
  'true',
  false,
  '',
  null,
  'x y',
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.constant(undefined));
const body = fc.record({
  color: value,
  size: value,
  meta: fc.oneof(fc.constant(undefined), fc.record({ tier: value })),
  _tags: fc.oneof(
    fc.constant(undefined),
    fc.array(fc.constantFrom('a', 'b', '1', 'A'), { maxLength: 2 }),
    fc.constant(1),
  ),
});
const id = fc.integer({ min: 0, max: 24 }).map(String);
const write = fc.record({
  sets: fc.array(fc.tuple(id, body), { maxLength: 8 }),
  deletes: fc.array(id, { maxLength: 3 }),
});

const ATTRIBUTES = ['color', 'size', 'meta.tier'];
const SETTINGS = [
  { attributesForFaceting: ['color', 'size', 'meta.tier'] },
  {
    attributesForFaceting: ['searchable(color)', 'afterDistinct(size)'],
    numericAttributesForFiltering: ['size', 'equalOnly(meta.tier)'],
  },
  { attributesForFaceting: ['filterOnly(color)'] },
];

const facetValue = fc.constantFrom(
  'red',
  'Red',
  'blue',
  '1',
  '1.0',
  '2.5',
  '0',
  'true',
  'TRUE',
  'false',
  'x y',
  '',
  'nope',
);
const facetFilter = fc
  .tuple(fc.constantFrom(...ATTRIBUTES, 'objectID', '_tags'), facetValue, fc.boolean(), fc.constantFrom(1, 2))
  .map(([attribute, v, negated, score]) => `${negated ? '-' : ''}${attribute}:${v}<score=${score}>`);
const numericFilter = fc
  .tuple(
    fc.constantFrom('size', 'meta.tier', 'color'),
    fc.constantFrom('<', '<=', '=', '!=', '>=', '>'),
    fc.constantFrom(0, 1, 2, 2.5, -1),
  )
  .map(([a, op, n]) => `${a} ${op} ${n}`);
const rangeFilter = fc
  .tuple(fc.constantFrom('size', 'meta.tier'), fc.constantFrom(0, 1, 2), fc.constantFrom(1, 2, 3))
  .map(([a, lo, hi]) => `${a}:${lo} TO ${hi}`);
// Outer AND of inner OR groups of one family.
const params = fc.record(
  {
    facetFilters: fc.array(fc.oneof(facetFilter, fc.array(facetFilter, { minLength: 1, maxLength: 3 })), {
      maxLength: 3,
    }),
    numericFilters: fc.array(
      fc.oneof(numericFilter, rangeFilter, fc.array(numericFilter, { minLength: 1, maxLength: 2 })),
      { maxLength: 2 },
    ),
    filters: fc.constantFrom(
      '',
      'size:1 TO 2',
      'NOT color:red',
      '_tags:a OR _tags:b',
      'meta.tier = 1 OR meta.tier > 2',
    ),
    tagFilters: fc.constantFrom<unknown>([], ['a'], [['a', 'A']], ['-b']),
    optionalFilters: fc.constantFrom<unknown>([], ['color:red']),
    sumOrFiltersScores: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** An index built through a history of writes (synced after each), and the final records. */
function history(writes: { sets: [string, Record<string, unknown>][]; deletes: string[] }[]): {
  index: InvertedIndex;
  store: RecordStore;
} {
  const index = new InvertedIndex({ keepDiacritics: '', custom: {}, separators: '' });
  let store = emptyRecords();
  for (const { sets, deletes } of writes) {
    store = store.edit((records) => {
      for (const [objectID, fields] of sets)
        records.set(objectID, Object.freeze({ ...fields, objectID }) as SearchRecord);
      for (const objectID of deletes) records.delete(objectID);
    });
    expect(index.sync(store)).toBe(true);
    // Columns read between writes follow the later ones.
    filteredDocs(compileFilters({ facetFilters: ['color:red'], numericFilters: ['size > 0'] }, SETTINGS[0]), index);
  }
  return { index, store };
}

describe('facet and number columns', () => {
  it('keep the docs the record filter keeps, with its score when it is the same for all', () => {
    let scored = 0;
    fc.assert(
      fc.property(
        fc.array(write, { minLength: 1, maxLength: 5 }),
        params,
        fc.nat({ max: SETTINGS.length - 1 }),
        (writes, query, s) => {
          const { index, store } = history(writes);
          let compiled;
          try {
            compiled = compileFilters(query, SETTINGS[s]);
          } catch {
            return; // A refused filter (400) is the parser's business.
          }
          const kept = filteredDocs(compiled, index)!;
          const test = recordFilter(compiled);
          const expected = [...store.values()].filter((record) => test(record).match);
          const got: string[] = [];
          eachBit(kept.bits, (doc) => got.push(index.doc(doc)!.record.objectID));
          expect(got.sort()).toEqual(expected.map((record) => record.objectID).sort());
          expect(kept.count).toBe(expected.length);
          if (kept.score !== undefined) {
            scored++;
            for (const record of expected) expect(test(record).score).toBe(kept.score);
          }
        },
      ),
      { numRuns: 400 },
    );
    // Filters whose docs all score the same were drawn, and the shared score checked.
    expect(scored).toBeGreaterThan(0);
  });

  it('count facets and facet stats as the records do, over some matches or all', () => {
    fc.assert(
      fc.property(
        fc.array(write, { minLength: 1, maxLength: 5 }),
        fc.array(fc.boolean(), { maxLength: 25 }),
        fc.boolean(),
        fc.nat({ max: SETTINGS.length - 1 }),
        fc.constantFrom('count', 'alpha'),
        (writes, picks, all, s, order) => {
          const { index, store } = history(writes);
          const records = [...store.values()];
          const matched = all ? records : records.filter((_, i) => picks[i]);
          // The "distinct heads": every other match.
          const heads = matched.filter((_, i) => i % 2 === 0);
          const query = {
            facets: ['*'],
            sortFacetValuesBy: order,
            maxValuesPerFacet: 3,
            facetingAfterDistinct: s === 0,
          };
          const ids = (list: SearchRecord[]) => Int32Array.from(list, (record) => index.byID(record.objectID)!.id);
          const docs = all
            ? { ids: 'all' as const, count: records.length }
            : { ids: ids(matched), count: matched.length };
          const got = facetsOf(
            query,
            SETTINGS[s],
            columnCounter(index, docs, () => ({ ids: ids(heads), count: heads.length })),
          );
          expect(got).toEqual(computeFacets(matched, query, SETTINGS[s], heads));
        },
      ),
      { numRuns: 400 },
    );
  });
});
