import { describe, expect, it } from 'vitest';
import { compileFilters } from '../../src/emulator/search/filters';

/** The AND of OR groups a query's array-form parameters read as. */
const groups = (params: Record<string, unknown>) => compileFilters(params, {}).required.and;

/** The 400 a parameter gets, as `{status, message}`. */
function refused(params: Record<string, unknown>) {
  try {
    compileFilters(params, {});
  } catch (error) {
    const { status, message } = error as { status: number; message: string };
    return { status, message };
  }
  return undefined;
}

const facet = (attribute: string, value: string, negated = false, score = 1) => ({
  kind: 'facet',
  attribute,
  value,
  negated,
  score,
});
const tag = (value: string, negated = false, score = 1) => ({ kind: 'tag', value, negated, score });

describe('array-form parameters: the nesting', () => {
  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['a blank string', '   '],
    ['an empty JSON list', ' [] '],
    ['an empty list', []],
    ['a list of an empty OR group', [[]]],
  ])('%s: no filter', (_name, facetFilters) => {
    expect(groups({ facetFilters })).toEqual([]);
  });

  it('the legacy string: commas join with AND, parentheses hold an OR group, blanks trimmed', () => {
    expect(groups({ facetFilters: ' a:1 , ( b:2 , c:3 ) ,, d:4 ' })).toEqual([
      [facet('a', '1')],
      [facet('b', '2'), facet('c', '3')],
      [facet('d', '4')],
    ]);
  });

  it('the legacy string: a parenthesis inside an item, or a closing one outside a group, is text', () => {
    expect(groups({ facetFilters: 'x(y:1,a:b)' })).toEqual([[facet('x(y', '1')], [facet('a', 'b)')]]);
    expect(groups({ facetFilters: '(a:1),(b:2)' })).toEqual([[facet('a', '1')], [facet('b', '2')]]);
  });

  it('a JSON list in a string, and lists nested in an OR group, in order', () => {
    expect(groups({ facetFilters: ' ["a:1", ["b:2", ["c:3"]], "d:4"]' })).toEqual([
      [facet('a', '1')],
      [facet('b', '2'), facet('c', '3')],
      [facet('d', '4')],
    ]);
  });

  it.each<[string, unknown, string]>([
    ['unbalanced parentheses', '(a:1,b:2', 'Unbalanced parentheses in filter list: (a:1,b:2'],
    ['a number', 5, 'facetFilters must be a string or an array, got 5'],
    ['an object', { a: 1 }, 'facetFilters must be a string or an array, got {"a":1}'],
    ['a number in the list', ['a:1', 5], 'facetFilters: expected strings or arrays of strings, got 5'],
    [
      'a number in an OR group',
      [['a:1', [null]]],
      'facetFilters: an OR group holds strings or arrays of strings, got null',
    ],
    ['broken JSON', '["a:1"', 'facetFilters: invalid JSON array ["a:1"'],
    ['no colon', ['abc'], 'facetFilters: invalid filter "abc", expected the form attribute:value'],
  ])('%s: 400', (_name, facetFilters, message) => {
    expect(refused({ facetFilters })).toEqual({ status: 400, message });
  });
});

describe('facetFilters entries', () => {
  it.each<[string, object]>([
    ['a:b', facet('a', 'b')],
    ['a:-b', facet('a', 'b', true)],
    ['a:\\-b', facet('a', '-b')],
    ['a:"b c"', facet('a', 'b c')],
    ['a:"-b"', facet('a', 'b', true)],
    ['a:-"b"', facet('a', '"b"', true)],
    ['a:"', facet('a', '"')],
    ['a:""', facet('a', '')],
    ['a:"b', facet('a', '"b')],
    ['a:b"', facet('a', 'b"')],
    ['"a:b":c', facet('a:b', 'c')],
    ['"a:b', facet('"a', 'b')],
    ['a"b:c', facet('a"b', 'c')],
    [':b', facet('', 'b')],
    ['_tags:b', tag('b')],
    ['_tags:-b', tag('b', true)],
    ['a:b<score=3>', facet('a', 'b', false, 3)],
  ])('%s', (entry, leaf) => {
    expect(groups({ facetFilters: [entry] })).toEqual([[leaf]]);
  });
});

describe('optionalFilters, tagFilters and numericFilters entries', () => {
  it.each<[string, object]>([
    ['a:b', facet('a', 'b')],
    ['a:"b"', facet('a', '"b"')],
    ['a:-b', facet('a', 'b', true)],
    ['b', tag('b')],
    ['-b<score=2>', tag('b', true, 2)],
    [':b', facet('', 'b')],
    ['_tags:b', tag('b')],
  ])('optionalFilters %s', (entry, leaf) => {
    expect(compileFilters({ optionalFilters: [entry] }, {}).optional.and).toEqual([[leaf]]);
  });

  it.each<[string, object]>([
    ['b', tag('b')],
    ['-b', tag('b', true)],
    ['\\-b', tag('-b')],
    ['"b"', tag('"b"')],
  ])('tagFilters %s', (entry, leaf) => {
    expect(groups({ tagFilters: [entry] })).toEqual([[leaf]]);
  });

  it.each(['a > 1 AND b < 2', 'a > 1 OR b < 2', 'a:b', 'a'])('numericFilters %j: 400, one comparison only', (entry) => {
    expect(refused({ numericFilters: [entry] })).toEqual({
      status: 400,
      message: `numericFilters: invalid numeric filter "${entry}", expected attribute<op>number or attribute:lower TO upper`,
    });
  });

  it('numericFilters: a comparison and a range, `to` in any case', () => {
    expect(groups({ numericFilters: ['a >= 1', 'b:1 to 2'] })).toEqual([
      [{ kind: 'numeric', attribute: 'a', operator: '>=', value: 1, negated: false }],
      [{ kind: 'range', attribute: 'b', lower: 1, upper: 2, negated: false }],
    ]);
  });
});
