import { describe, expect, it } from 'vitest';
import { parseFilters } from '../../src/emulator/search/filters';
import { ApiError } from '../../src/emulator/errors';

/** The 400 message a filter expression earns, or undefined when it parses. */
function rejection(text: string): string | undefined {
  try {
    parseFilters(text);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).message;
  }
}

describe('parseFilters: accepted forms', () => {
  it('reads facet, numeric, range, tag and boolean filters', () => {
    expect(
      parseFilters(
        'category:Book AND price > 12.99 AND price:5.99 TO 100 AND _tags:published AND isEnabled:true AND public',
      ),
    ).toEqual({
      and: [
        [{ kind: 'facet', attribute: 'category', value: 'Book', negated: false, score: 1 }],
        [{ kind: 'numeric', attribute: 'price', operator: '>', value: 12.99, negated: false }],
        [{ kind: 'range', attribute: 'price', lower: 5.99, upper: 100, negated: false }],
        [{ kind: 'tag', value: 'published', negated: false, score: 1 }],
        [{ kind: 'facet', attribute: 'isEnabled', value: 'true', negated: false, score: 1 }],
        [{ kind: 'tag', value: 'public', negated: false, score: 1 }],
      ],
    });
  });

  it('reads every numeric operator, negative and decimal numbers', () => {
    for (const op of ['<', '<=', '=', '!=', '>=', '>'] as const) {
      expect(parseFilters(`n ${op} -1.5`).and[0][0]).toMatchObject({ kind: 'numeric', operator: op, value: -1.5 });
    }
    expect(parseFilters('n>=3').and[0][0]).toMatchObject({ operator: '>=', value: 3 });
  });

  it('binds OR tighter than AND, and keeps NOT on single filters', () => {
    const ast = parseFilters('a AND b OR NOT c');
    expect(ast.and).toHaveLength(2);
    expect(ast.and[1].map((l) => l.negated)).toEqual([false, true]);
  });

  it('reads quoted names and values with escapes, in both quote styles', () => {
    expect(parseFilters(`"my attr":"value with: colon \\" and \\\\" AND 'single':'it\\'s'`).and).toEqual([
      [{ kind: 'facet', attribute: 'my attr', value: 'value with: colon " and \\', negated: false, score: 1 }],
      [{ kind: 'facet', attribute: 'single', value: "it's", negated: false, score: 1 }],
    ]);
  });

  it('takes a leading dash literally and reads quoted keywords as values', () => {
    expect(parseFilters('label:-Movie').and[0][0]).toMatchObject({ value: '-Movie', negated: false });
    expect(parseFilters('label:"-Movie"').and[0][0]).toMatchObject({ value: '-Movie', negated: false });
    expect(parseFilters('label:\\-Movie').and[0][0]).toMatchObject({ value: '-Movie', negated: false });
    expect(parseFilters('word:"AND"').and[0][0]).toMatchObject({ value: 'AND' });
  });

  it('reads scores on facet and tag filters', () => {
    expect(parseFilters('a<score=789>').and[0][0]).toEqual({ kind: 'tag', value: 'a', negated: false, score: 789 });
    expect(parseFilters(' name : value < score = 3 > ').and[0][0]).toMatchObject({ kind: 'facet', score: 3 });
  });

  it('accepts parenthesized OR groups and a parenthesized top-level AND', () => {
    expect(parseFilters('(a:1 OR a:2) AND (b:1 OR (b:2)) AND c:3').and.map((g) => g.length)).toEqual([2, 2, 1]);
    expect(parseFilters('(color:red AND category:shirt)').and).toHaveLength(2);
    expect(parseFilters('a OR b AND (tags:movie AND price:10 TO 20)').and).toHaveLength(3);
    expect(parseFilters('(NOT color:red OR NOT category:shirt)').and[0]).toHaveLength(2);
    expect(parseFilters('((a))').and).toEqual([[{ kind: 'tag', value: 'a', negated: false, score: 1 }]]);
  });

  it('reads an empty expression as no filter', () => {
    expect(parseFilters('   ')).toEqual({ and: [] });
  });
});

describe('parseFilters: the service refuses', () => {
  it.each([
    [':value1 AND name2:value2', "filters: Unexpected token ':' expected filter at col 0"],
    ['name1: AND name2:value2', "filters: Unexpected token 'AND' expected string at col 7"],
    ['"":value1 AND name2:value2', 'filters: Unexpected token empty string expected filter at col 1'],
    ['name1:"" AND name2:value2', 'filters: Unexpected token empty string expected string at col 7'],
    ['"unclosed', 'filters: Unexpected token incomplete string expected filter at col 0'],
    ['a"b"c', 'filters: Unexpected token string(b) expected end of filter at col 1'],
    ['not a', 'filters: Unexpected token string(a) expected end of filter at col 4'],
    ['a and b', 'filters: Unexpected token string(and) expected end of filter at col 2'],
    ['num:123 to 456', 'filters: Unexpected token string(to) expected end of filter at col 8'],
    ['NOT(a OR b)', "filters: Unexpected token '(' expected filter at col 3"],
    ['NOT (color:red OR color:blue)', "filters: Unexpected token '(' expected filter at col 4"],
    ['num < 123 <score=789>', 'filters: Unexpected token < expected end of filter at col 10'],
    ['num:123 TO 456<score=789>', 'filters: Unexpected token < expected end of filter at col 14'],
    ['a<unknown=666>', 'filters: Unexpected token string(unknown) expected numeric at col 2'],
    ['price > abc', 'filters: Unexpected token string(abc) expected numeric at col 8'],
    ['color:Books(Kids)', "filters: Unexpected token '(' expected end of filter at col 11"],
    ['color:a:b', "filters: Unexpected token ':' expected end of filter at col 7"],
    ['color:a>b', 'filters: Unexpected token > expected end of filter at col 7'],
    ['color:a=b', 'filters: Unexpected token numeric operator expected end of filter at col 7'],
    ['color:a!b', 'filters: Not allowed ! at col 7'],
    ['(a:1 OR a:2', "filters: Unexpected token end of filter expected ')' at col 11"],
    ['category.lvl2:Womens>Tailoring', 'filters: Unexpected token > expected end of filter at col 20'],
  ])('%s', (text, message) => {
    expect(rejection(text)).toBe(message);
  });

  it.each([
    '(a AND b) OR c',
    '(a AND b OR c) OR d',
    'a OR (b OR c AND d)',
    '(a) OR (((b) OR (c)) AND (d))',
    '((a AND b)) OR c',
    '((color:red AND category:shirt) AND (count:0 TO 9 OR count = 10))',
  ])('an AND inside an OR: %s', (text) => {
    expect(rejection(text)).toBe('filters: filter (X AND Y) OR Z is not allowed, only (X OR Y) AND Z is allowed');
  });

  it.each([
    ['a OR name:value', 'tag filter which needs to have this form:\n - _tags:tag_value\n - tag_value'],
    ['color:red OR _tags:x', 'facet filter which needs to have this form:\n - facet_name:facet_value'],
    ['name:value OR num = 666', 'facet filter'],
    ['a=10 OR B', 'numeric filter which needs to have one of the following form:\n - numeric_attr_name=10'],
    ['(((tag1) OR tag2) OR name:value)', 'tag filter'],
  ])('filters of different types in one OR: %s', (text, expected) => {
    const message = rejection(text);
    expect(message).toContain('filters: Different types are not allowed in the same OR.\nExpected a ');
    expect(message).toContain(expected);
  });
});
