import { describe, expect, it } from 'vitest';
import { compileFilter } from '../../src/emulator/search/filters';

const records = [
  { objectID: 'a', color: 'red', n: 1, meta: { tier: 2, tags: [{ x: 'deep' }] }, 'meta.tier': 5 },
  { objectID: 'b', color: 'blue', n: 2, meta: { tier: 3 } },
  { objectID: 'c', color: 'red', n: 3, meta: null },
  { objectID: 'd', color: ['blue', null, 'green'], n: [4, '5', null], meta: [{ tier: 7 }, { tier: 8 }] },
];

/** The records a query's filters keep, with their filter scores. */
function run(params: Record<string, unknown>, settings: Record<string, unknown> = {}) {
  const filter = compileFilter(params, { attributesForFaceting: ['color'], ...settings });
  return Object.fromEntries(
    records.map((r) => [r.objectID, filter(r)] as const).flatMap(([id, o]) => (o.match ? [[id, o.score]] : [])),
  );
}

describe('OR groups of objectIDs (looked up, not compared one by one)', () => {
  it.each<[string, Record<string, unknown>, Record<string, number>]>([
    ['two IDs', { filters: 'objectID:a OR objectID:c' }, { a: 1, c: 1 }],
    ['two IDs and another group', { filters: '(objectID:a OR objectID:b) AND color:blue' }, { b: 2 }],
    ['negated IDs are not a lookup', { filters: 'NOT objectID:a OR NOT objectID:b' }, { a: 1, b: 1, c: 1, d: 1 }],
    ['an ID with another attribute', { filters: 'objectID:a OR color:blue' }, { a: 1, b: 1, d: 1 }],
    ['one ID', { filters: 'objectID:b' }, { b: 1 }],
    ['an ID twice: the best score', { filters: 'objectID:a<score=2> OR objectID:a<score=3>' }, { a: 3 }],
    [
      'an ID twice, summed',
      { filters: 'objectID:a<score=2> OR objectID:a<score=3> OR objectID:b', sumOrFiltersScores: true },
      { a: 5, b: 1 },
    ],
    ['two lookups', { filters: '(objectID:a OR objectID:b) AND (objectID:b OR objectID:c)' }, { b: 2 }],
    [
      'with optional filters',
      { filters: 'objectID:a OR objectID:b', optionalFilters: ['color:red<score=4>'] },
      { a: 5, b: 1 },
    ],
    ['optional filters alone', { optionalFilters: ['color:red<score=4>'] }, { a: 4, b: 0, c: 4, d: 0 }],
    ['no filter', {}, { a: 0, b: 0, c: 0, d: 0 }],
  ])('%s', (_name, params, kept) => {
    expect(run(params)).toEqual(kept);
  });
});

describe('attribute settings and record values', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    ['a padded attributesForFaceting entry', { attributesForFaceting: [' flag '] }, { filters: 'flag:true' }, ['t']],
    [
      'modifiers, padded inside',
      { attributesForFaceting: ['searchable( filterOnly( flag ) )'] },
      { filters: 'flag:true' },
      ['t'],
    ],
    ['non-string entries skipped', { attributesForFaceting: [5, 'flag'] }, { filters: 'flag:true' }, ['t']],
    ['a string, not a list: nothing declared', { attributesForFaceting: 'flag' }, { filters: 'flag:true' }, []],
    ['a padded numeric entry', { numericAttributesForFiltering: [' n '] }, { filters: 'n > 1' }, ['t']],
    ['a padded equalOnly entry', { numericAttributesForFiltering: [' equalOnly( n ) ', 5] }, { filters: 'n > 1' }, []],
    ['the same, by equality', { numericAttributesForFiltering: [' equalOnly( n ) '] }, { filters: 'n = 2' }, ['t']],
    [
      'equalOnly must start the entry',
      { numericAttributesForFiltering: ['xequalOnly(n)', 'n'] },
      { filters: 'n > 1' },
      ['t'],
    ],
    ['equalOnly must end it', { numericAttributesForFiltering: ['equalOnly(n)x', 'n'] }, { filters: 'n > 1' }, ['t']],
    ['the legacy name', { numericAttributesToIndex: ['equalOnly(n)'] }, { filters: 'n > 1' }, []],
  ])('%s', (_name, settings, params, kept) => {
    const filter = compileFilter(params, settings);
    const rows = [
      { objectID: 't', flag: true, n: 2 },
      { objectID: 'f', flag: false, n: 0 },
    ];
    expect(rows.filter((r) => filter(r).match).map((r) => r.objectID)).toEqual(kept);
  });

  it.each<[string, string[]]>([
    ['meta.tier:5', ['a']],
    ['meta.tier:3', ['b']],
    ['meta.tier:8', ['d']],
    ['meta.tags.x:deep', ['a']],
    ['n:5', ['d']],
    ['n = 4', ['d']],
    ['color:green', ['d']],
    ['n = 5', []],
  ])('values at a path: %s', (filters, kept) => {
    expect(
      Object.keys(run({ filters }, { attributesForFaceting: ['color', 'meta.tier', 'meta.tags.x', 'n'] })),
    ).toEqual(kept);
  });
});
