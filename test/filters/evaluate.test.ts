import { describe, expect, it } from 'vitest';
import { compileFilter } from '../../src/emulator/search/filters';

/**
 * Five records built so the outcomes the live service gave for these exact filter bodies
 * hold (observations published with Algolia's Kotlin client contract suite).
 */
const records = [
  { objectID: '1', color: 'red', category: 'shirt', count: 10, label: '-Movie', _tags: ['featured'] },
  { objectID: '2', color: 'blue', category: 'shirt', count: -12, label: 'Movie', _tags: ['-x'] },
  { objectID: '3', color: 'Red', category: 'pants', count: 3 },
  { objectID: '4', color: 'green', category: 'hat', count: 5, _tags: ['x'] },
  { objectID: '5', color: 'navy blue', category: 'shirt', count: 0, provider: 'NBC: Universal "East"' },
];
const settings = { attributesForFaceting: ['color', 'searchable(category)', 'filterOnly(label)', 'provider', 'count'] };

function run(params: Record<string, unknown>) {
  const filter = compileFilter(params, settings);
  const outcomes = records.map((r) => [r.objectID, filter(r)] as const);
  return {
    hits: outcomes.filter(([, o]) => o.match).map(([id]) => id),
    scores: Object.fromEntries(outcomes.filter(([, o]) => o.match).map(([id, o]) => [id, o.score])),
  };
}

describe('filters: outcomes observed on the live service', () => {
  it.each([
    ['color:red AND category:shirt', ['1']],
    ['(color:red AND category:shirt)', ['1']],
    ['(NOT color:red OR NOT category:shirt)', ['2', '3', '4', '5']],
    ['(color:red OR NOT category:shirt)', ['1', '3', '4']],
    ['NOT color:red AND NOT color:blue', ['4', '5']],
    ['color:red AND category:shirt AND (count:0 TO 9 OR count = 10)', ['1']],
    ['color:red AND (category:shirt OR category:pants)', ['1', '3']],
    ['NOT count:0 TO 9', ['1', '2']],
    ['label:-Movie', ['1']],
    ['count:-12', ['2']],
    ['label:"-Movie"', ['1']],
    ['NOT label:"-Movie"', ['2', '3', '4', '5']],
    ['_tags:"-x"', ['2']],
    ['NOT _tags:"-x"', ['1', '3', '4', '5']],
    ['color:"navy blue"', ['5']],
    ['count < 3', ['2', '5']],
    ['count != 10', ['2', '3', '4', '5']],
    ['objectID:1 OR objectID:4', ['1', '4']],
    ['x OR featured', ['1', '4']],
  ])('%s', (filters, hits) => {
    expect(run({ filters }).hits).toEqual(hits);
  });

  it('scores facet filters: the best match of an OR group, or the sum with sumOrFiltersScores', () => {
    expect(run({ filters: '(color:red<score=3> OR color:blue<score=1>)', sumOrFiltersScores: true }).scores).toEqual({
      1: 3,
      2: 1,
      3: 3,
    });
    expect(run({ filters: '(color:red<score=0> OR color:blue<score=2>)' }).scores).toEqual({ 1: 0, 2: 2, 3: 0 });
    expect(run({ filters: 'color:red<score=3> AND category:shirt' }).scores).toEqual({ 1: 4 });
    expect(
      run({ filters: '(color:red<score=2> OR category:shirt<score=5>)', sumOrFiltersScores: 'true' }).scores,
    ).toEqual({ 1: 7, 2: 5, 3: 2, 5: 5 });
  });
});

describe('facetFilters, tagFilters, numericFilters: outcomes observed on the live service', () => {
  it.each([
    [[['"label":"-Movie"']], ['1', '3', '4', '5']],
    [[['"count":"-12"']], ['1', '2', '3', '4', '5']],
    [[['label:\\-Movie']], ['1']],
    [[['"label":"\\-Movie"']], ['1']],
    [[['"count":"\\-12"']], ['2']],
    [[['"color":-"red"']], ['1', '2', '3', '4', '5']],
    [[['-"color":"red"']], []],
    [[['color:-red']], ['2', '4', '5']],
    [[['"color":"-red"']], ['2', '4', '5']],
    [[['color:"-red"']], ['2', '4', '5']],
    [[['label:--Movie']], ['2', '3', '4', '5']],
    [[['"label":"--Movie"']], ['2', '3', '4', '5']],
    [[['"label":-"\\-Movie"']], ['1', '2', '3', '4', '5']],
    [[['"label":"-\\-Movie"']], ['1', '2', '3', '4', '5']],
    [[['label:-\\-Movie']], ['1', '2', '3', '4', '5']],
    [[['provider:NBC: Universal "East"']], ['5']],
    [[['color:navy blue']], ['5']],
    [[['color:-navy blue']], ['1', '2', '3', '4']],
    [[['count:10']], ['1']],
    [[['count:\\-12']], ['2']],
    [[['"provider":"NBC: Universal \\"East\\""']], []],
    [[['"provider":"NBC: Universal "East""']], ['5']],
    [[['"color":"red"']], ['1', '3']],
    [[['"color":red']], ['1', '3']],
    [['color:red', 'category:shirt'], ['1']],
    [
      [['color:red', 'color:blue'], 'category:shirt'],
      ['1', '2'],
    ],
    ['color:red', ['1', '3']],
    ['["color:red","category:pants"]', ['3']],
    ['(color:red,color:blue),category:shirt', ['1', '2']],
  ])('facetFilters %j', (facetFilters, hits) => {
    expect(run({ facetFilters }).hits).toEqual(hits);
  });

  it.each([
    [[['\\-x']], ['2']],
    [[['--x']], ['1', '3', '4', '5']],
    [[['-\\-x']], ['1', '2', '3', '4', '5']],
    [[['-"\\-x"']], ['1', '2', '3', '4', '5']],
    [[['-"-x"']], ['1', '2', '3', '4', '5']],
    [[['"-x"']], []],
    [[['-x']], ['1', '2', '3', '5']],
    [['featured'], ['1']],
    ['x,featured', []],
    ['(x,featured)', ['1', '4']],
  ])('tagFilters %j', (tagFilters, hits) => {
    expect(run({ tagFilters }).hits).toEqual(hits);
  });

  it.each([
    [[['count:0 TO 9', 'count = 10']], ['1', '3', '4', '5']],
    [
      ['count>0', 'count<10'],
      ['3', '4'],
    ],
    ['count>0,count<10', ['3', '4']],
    ['["count>=10"]', ['1']],
    [[['count:-12 TO -12']], ['2']],
  ])('numericFilters %j', (numericFilters, hits) => {
    expect(run({ numericFilters }).hits).toEqual(hits);
  });

  it('joins every filter parameter with AND', () => {
    expect(
      run({ filters: '(color:red OR color:blue)', numericFilters: [['count:0 TO 10']], tagFilters: [['featured']] })
        .hits,
    ).toEqual(['1']);
  });

  it('rejects malformed array forms with a 400 naming the parameter', () => {
    expect(() => compileFilter({ numericFilters: ['count'] }, settings)).toThrow(/numericFilters/);
    expect(() => compileFilter({ numericFilters: ['count > x'] }, settings)).toThrow(
      'numericFilters: Unexpected token string(x) expected numeric at col 8',
    );
    expect(() => compileFilter({ facetFilters: [[{ a: 'b' }]] }, settings)).toThrow(/facetFilters/);
    expect(() => compileFilter({ facetFilters: [[['a:b', [7]]]] }, settings)).toThrow(/facetFilters/);
    expect(() => compileFilter({ facetFilters: 'nocolon' }, settings)).toThrow(/facetFilters/);
    expect(() => compileFilter({ facetFilters: '[broken' }, settings)).toThrow(/facetFilters: invalid JSON/);
    expect(() => compileFilter({ filters: 42 }, settings)).toThrow(/filters/);
  });
});

describe('optionalFilters: scores without excluding', () => {
  it.each([
    [[['color:red']], { 1: 1, 2: 0, 3: 1, 4: 0, 5: 0 }],
    [[['color:red<score=3>']], { 1: 3, 2: 0, 3: 3, 4: 0, 5: 0 }],
    [[['color:red<score=0>']], { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }],
    [[['color:-red<score=2>']], { 1: 0, 2: 2, 3: 0, 4: 2, 5: 2 }],
    [[['label:\\-Movie']], { 1: 1, 2: 0, 3: 0, 4: 0, 5: 0 }],
    [[['color:red'], ['category:shirt']], { 1: 2, 2: 1, 3: 1, 4: 0, 5: 1 }],
    [[['color:red<score=2>', 'category:shirt<score=1>']], { 1: 2, 2: 1, 3: 2, 4: 0, 5: 1 }],
    [[['color:navy blue']], { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 }],
    [[['color:-navy blue<score=2>']], { 1: 2, 2: 2, 3: 2, 4: 2, 5: 0 }],
    [[['"color":"red"']], { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }],
    [[['color:"red"']], { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }],
    [[['"color":-"red"']], { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 }],
    [[['provider:NBC: Universal \\"East\\"']], { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }],
    ['color:red', { 1: 1, 2: 0, 3: 1, 4: 0, 5: 0 }],
  ])('%j', (optionalFilters, scores) => {
    expect(run({ optionalFilters }).scores).toEqual(scores);
  });

  it('adds optional scores to the required filters scores, and sums OR groups on request', () => {
    expect(run({ filters: 'category:shirt', optionalFilters: [['color:red<score=500>']] }).scores).toEqual({
      1: 501,
      2: 1,
      5: 1,
    });
    expect(
      run({ optionalFilters: [['color:red<score=500>', 'category:shirt<score=500>']], sumOrFiltersScores: true })
        .scores[1],
    ).toBe(1000);
  });
});

describe('objectID OR groups, read by lookup instead of record by record (by hand)', () => {
  // The property test compares this path with the evaluator through one parser: these cases do not.
  it.each([
    ['objectID:1 OR objectID:4 OR objectID:9', ['1', '4']],
    ['(objectID:1 OR objectID:2) AND color:red', ['1']],
    ['(objectID:1 OR objectID:2) AND (objectID:2 OR objectID:3)', ['2']],
    ['(objectID:2 OR objectID:3) AND NOT objectID:3', ['2']],
    ['objectID:"1" OR objectID:"5"', ['1', '5']],
  ])('%s', (filters, hits) => {
    expect(run({ filters }).hits).toEqual(hits);
  });

  it('takes the facetFilters form, and scores the best leaf of a value, or their sum on request', () => {
    expect(run({ facetFilters: [['objectID:2', 'objectID:3', 'objectID:7']] }).hits).toEqual(['2', '3']);
    const filters = 'objectID:1<score=3> OR objectID:1<score=2> OR objectID:4';
    expect(run({ filters }).scores).toEqual({ 1: 3, 4: 1 });
    expect(run({ filters, sumOrFiltersScores: true }).scores).toEqual({ 1: 5, 4: 1 });
  });
});

describe('what filters read', () => {
  it('matches facet values case-insensitively, objectID and tags exactly', () => {
    expect(run({ filters: 'color:RED' }).hits).toEqual(['1', '3']);
    expect(run({ filters: 'FEATURED' }).hits).toEqual([]);
    const filter = compileFilter({ filters: 'objectID:abc' }, {});
    expect(filter({ objectID: 'abc' }).match).toBe(true);
    expect(filter({ objectID: 'ABC' }).match).toBe(false);
  });

  it('needs string and boolean facets declared, numbers not', () => {
    const filter = (filters: string) => compileFilter({ filters }, { attributesForFaceting: ['declared'] });
    expect(filter('free:x')({ objectID: '1', free: 'x' }).match).toBe(false);
    expect(filter('free:true')({ objectID: '1', free: true }).match).toBe(false);
    expect(filter('free:3')({ objectID: '1', free: 3 }).match).toBe(true);
    expect(filter('declared:true')({ objectID: '1', declared: true }).match).toBe(true);
    expect(filter('declared:TRUE')({ objectID: '1', declared: 'true' }).match).toBe(true);
  });

  it('reads nested attributes and matches any element of arrays', () => {
    const filter = compileFilter(
      { filters: 'authors.name:ann AND prices.eur > 10' },
      { attributesForFaceting: ['authors.name'] },
    );
    expect(filter({ objectID: '1', authors: [{ name: 'Bob' }, { name: 'Ann' }], prices: { eur: [5, 12] } }).match).toBe(
      true,
    );
    expect(filter({ objectID: '2', authors: { name: 'Ann' }, prices: { eur: 9 } }).match).toBe(false);
    expect(filter({ objectID: '3', authors: [{ name: 'Bob' }], prices: { eur: 20 } }).match).toBe(false);
  });

  it('applies numericAttributesForFiltering and equalOnly()', () => {
    const settings = { numericAttributesForFiltering: ['price', 'equalOnly(stock)'] };
    const record = { objectID: '1', price: 5, stock: 3, rating: 4 };
    const matches = (filters: string) => compileFilter({ filters }, settings)(record).match;
    expect(matches('price < 10')).toBe(true);
    expect(matches('stock = 3')).toBe(true);
    expect(matches('stock != 4')).toBe(true);
    expect(matches('stock > 1')).toBe(false);
    expect(matches('stock:1 TO 5')).toBe(false);
    expect(matches('rating = 4')).toBe(false);
    expect(compileFilter({ filters: 'rating = 4' }, { numericAttributesToIndex: [] })(record).match).toBe(true);
  });

  it('ignores numeric-looking strings in numeric filters', () => {
    expect(compileFilter({ filters: 'n > 1' }, {})({ objectID: '1', n: '5' }).match).toBe(false);
  });
});
