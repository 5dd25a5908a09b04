import { describe, expect, it } from 'vitest';
import { compileFilter } from '../../src/emulator/search/filters';
import { indexWith } from '../engine/helpers';

/**
 * Filters on an empty query: the engine takes the docs from the facet and number columns
 * (doc-filter.ts), not record by record. Each answer is pinned, and is the record filter's.
 */
async function kept(
  records: Record<string, unknown>[],
  settings: Record<string, unknown>,
  params: Record<string, unknown>,
): Promise<{ hits: string[]; scores: Record<string, number> }> {
  const { search } = await indexWith(records, settings);
  const body = await search({ ...params, hitsPerPage: 100, getRankingInfo: true });
  const hits = body.hits.map((h) => h.objectID).sort();
  const filter = compileFilter(params, settings);
  const expected = records.filter((r) => filter(r).match);
  expect(hits).toEqual(expected.map((r) => String(r.objectID)).sort());
  const scores = Object.fromEntries(body.hits.map((h) => [h.objectID, h._rankingInfo!.filters]));
  expect(scores).toEqual(Object.fromEntries(expected.map((r) => [r.objectID, filter(r).score])));
  return { hits, scores };
}

const MIXED = [
  { objectID: 'num', v: 1 },
  { objectID: 'text', v: '1' },
  { objectID: 'both', v: [1, '1'] },
  { objectID: 'first', v: 5 },
  { objectID: 'zero', v: 0 },
  { objectID: 'empty', v: '' },
  { objectID: 'yes', v: true },
  { objectID: 'yes-text', v: 'TRUE' },
  { objectID: 'red', v: 'Red' },
];

describe('facet filters from the columns', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    [
      'a value held as a number and as text, attribute not declared: numbers only',
      {},
      { filters: 'v:1' },
      ['both', 'num'],
    ],
    ['the same, declared: both', { attributesForFaceting: ['v'] }, { filters: 'v:1' }, ['both', 'num', 'text']],
    ['negated, not declared', {}, { filters: 'NOT v:1' }, ['empty', 'first', 'red', 'text', 'yes', 'yes-text', 'zero']],
    ['the first value of the column, as a number', {}, { facetFilters: ['v:5'] }, ['first']],
    ['a number written otherwise', {}, { facetFilters: ['v:5.0'] }, ['first']],
    ['an empty value is not the number 0', { attributesForFaceting: ['v'] }, { facetFilters: ['v:'] }, ['empty']],
    ['a blank value is not the number 0', {}, { facetFilters: ['v: '] }, []],
    ['the number 0', {}, { filters: 'v:0' }, ['zero']],
    ['text without case, declared', { attributesForFaceting: ['v'] }, { filters: 'v:RED' }, ['red']],
    ['text, not declared: nothing', {}, { filters: 'v:red' }, []],
    ['a boolean and its text, declared', { attributesForFaceting: ['v'] }, { filters: 'v:true' }, ['yes', 'yes-text']],
    ['a boolean, not declared: nothing', {}, { filters: 'v:true' }, []],
  ])('%s', async (_name, settings, params, hits) => {
    expect((await kept(MIXED, settings, params)).hits).toEqual(hits);
  });

  it('objectID filters: one, none, negated', async () => {
    expect((await kept(MIXED, {}, { filters: 'objectID:num' })).hits).toEqual(['num']);
    expect((await kept(MIXED, {}, { filters: 'objectID:nope' })).hits).toEqual([]);
    expect((await kept(MIXED, {}, { filters: 'NOT objectID:num AND NOT objectID:text' })).hits).toHaveLength(7);
  });

  it('tag filters: the first tag, a missing one, negated', async () => {
    const records = [{ objectID: 'a', _tags: ['first', 'x'] }, { objectID: 'b', _tags: ['x'] }, { objectID: 'c' }];
    expect((await kept(records, {}, { tagFilters: ['first'] })).hits).toEqual(['a']);
    expect((await kept(records, {}, { tagFilters: ['nope'] })).hits).toEqual([]);
    expect((await kept(records, {}, { tagFilters: ['-x'] })).hits).toEqual(['c']);
  });
});

const NUMBERS = [
  { objectID: 'one', n: 1, m: 1 },
  { objectID: 'two', n: 2, m: 2 },
  { objectID: 'three', n: 3, m: 3 },
  { objectID: 'list', n: [1, 3], m: [1, 3] },
  { objectID: 'none' },
];

describe('numeric filters from the columns', () => {
  it.each<[string, string, string[]]>([
    ['n < 2', 'numericFilters', ['list', 'one']],
    ['n <= 2', 'numericFilters', ['list', 'one', 'two']],
    ['n = 2', 'numericFilters', ['two']],
    ['n != 2', 'numericFilters', ['list', 'none', 'one', 'three']],
    ['n >= 2', 'numericFilters', ['list', 'three', 'two']],
    ['n > 2', 'numericFilters', ['list', 'three']],
    ['n:2 TO 3', 'numericFilters', ['list', 'three', 'two']],
    ['n:1.5 TO 2.5', 'numericFilters', ['two']],
  ])('%s', async (filter, param, hits) => {
    expect((await kept(NUMBERS, {}, { [param]: [filter] })).hits).toEqual(hits);
  });

  it.each<[string, string[]]>([
    ['n = 2', ['two']],
    ['n != 2', ['list', 'none', 'one', 'three']],
    ['n >= 2', []],
    ['n < 3', []],
    ['n:1 TO 3', []],
    ['m = 2', ['two']],
    ['m:1 TO 3', ['list', 'one', 'three', 'two']],
    ['m > 1', ['list', 'three', 'two']],
  ])('with numericAttributesForFiltering [equalOnly(n), m]: %s', async (filter, hits) => {
    const settings = { numericAttributesForFiltering: ['equalOnly(n)', 'm'] };
    expect((await kept(NUMBERS, settings, { numericFilters: [filter] })).hits).toEqual(hits);
  });

  it('an attribute left out of numericAttributesForFiltering keeps nothing', async () => {
    const settings = { numericAttributesForFiltering: ['m'] };
    expect((await kept(NUMBERS, settings, { numericFilters: ['n = 2'] })).hits).toEqual([]);
    expect((await kept(NUMBERS, settings, { numericFilters: ['n:1 TO 3'] })).hits).toEqual([]);
  });
});

describe('the filter score every kept doc gets', () => {
  const records = [
    { objectID: 'red-l', color: 'red', size: 'L' },
    { objectID: 'blue-l', color: 'blue', size: 'L' },
    { objectID: 'red-s', color: 'red', size: 'S' },
  ];
  const settings = { attributesForFaceting: ['color', 'size'] };

  it.each<[string, Record<string, unknown>, Record<string, number>]>([
    ['one scored filter', { filters: 'color:red<score=3>' }, { 'red-l': 3, 'red-s': 3 }],
    ['two groups add up', { filters: 'color:red<score=3> AND size:L<score=2>' }, { 'red-l': 5 }],
    [
      'an OR group of different scores: the best',
      { filters: '(color:red<score=3> OR size:L<score=2>)' },
      { 'red-l': 3, 'blue-l': 2, 'red-s': 3 },
    ],
    [
      'an OR group of equal scores: that score',
      { filters: '(color:red<score=2> OR size:L<score=2>)' },
      { 'red-l': 2, 'blue-l': 2, 'red-s': 2 },
    ],
    [
      'an OR group of equal scores, summed',
      { filters: '(color:red<score=2> OR size:L<score=2>)', sumOrFiltersScores: true },
      { 'red-l': 4, 'blue-l': 2, 'red-s': 2 },
    ],
    [
      'an OR group of unscored filters (1 each), summed',
      { filters: '(color:red OR size:L)', sumOrFiltersScores: true },
      { 'red-l': 2, 'blue-l': 1, 'red-s': 1 },
    ],
    [
      'an OR group scored 0, summed',
      { filters: '(color:red<score=0> OR size:L<score=0>)', sumOrFiltersScores: true },
      { 'red-l': 0, 'blue-l': 0, 'red-s': 0 },
    ],
    [
      'one scored filter, summed',
      { filters: 'color:red<score=2>', sumOrFiltersScores: true },
      { 'red-l': 2, 'red-s': 2 },
    ],
    [
      'optional filters beside them',
      { filters: 'size:L<score=1>', optionalFilters: ['color:red<score=4>'] },
      { 'red-l': 5, 'blue-l': 1 },
    ],
  ])('%s', async (_name, params, scores) => {
    expect((await kept(records, settings, params)).scores).toEqual(scores);
  });
});
