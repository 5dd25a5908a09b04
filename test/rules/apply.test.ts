import { beforeAll, describe, expect, it } from 'vitest';
import { damerauLevenshtein } from '../../src/emulator/search/engine/typo';
import { applyRules } from '../../src/emulator/search/rules/apply';
import { loadAllTables } from '../../src/emulator/search/dictionaries/languages';
import { initialDictionariesState } from '../../src/emulator/search/dictionaries/state';

// applyRules is called outside a request, where language tables do not load on demand.
beforeAll(() => loadAllTables());

const NOW = Date.parse('2024-01-01T00:00:00Z');
const records = new Map(
  [
    { objectID: '1', brand: 'Apple', title: 'iPhone' },
    { objectID: '2', brand: 'Samsung', title: 'Galaxy' },
    { objectID: '3', brand: ['New Balance'], title: 'Shoe' },
  ].map((r) => [r.objectID, r]),
);
const indexOf = (...rules: Record<string, unknown>[]) => ({
  rules: new Map(rules.map((r) => [r.objectID as string, r as never])),
  synonyms: new Map(),
  records,
});
const rule = (
  objectID: string,
  conditions: unknown[] | undefined,
  consequence: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  objectID,
  ...(conditions ? { conditions } : {}),
  consequence,
  ...extra,
});

describe('applyRules: conditions', () => {
  const anchored = (anchoring: string) =>
    indexOf(rule('r', [{ pattern: 'red shoes', anchoring }], { userData: { hit: anchoring } }));
  const applied = (anchoring: string, query: string) =>
    applyRules(anchored(anchoring), query, {}, NOW).appliedRules.length === 1;

  it('honours each anchoring on the normalized query', () => {
    expect(applied('is', 'Red  SHOES')).toBe(true);
    expect(applied('is', 'red shoes sale')).toBe(false);
    expect(applied('startsWith', 'red shoes sale')).toBe(true);
    expect(applied('startsWith', 'cheap red shoes')).toBe(false);
    expect(applied('endsWith', 'cheap red shoes')).toBe(true);
    expect(applied('endsWith', 'red shoes sale')).toBe(false);
    expect(applied('contains', 'cheap red shoes sale')).toBe(true);
    expect(applied('contains', 'red cheap shoes')).toBe(false);
  });

  it('matches the empty pattern only on an empty query', () => {
    const index = indexOf(rule('empty', [{ pattern: '', anchoring: 'is' }], { userData: {} }));
    expect(applyRules(index, '', {}, NOW).appliedRules).toEqual([{ objectID: 'empty' }]);
    expect(applyRules(index, 'x', {}, NOW).appliedRules).toEqual([]);
  });

  it('matches {facet:attr} against the values of the records and yields automatic filters', () => {
    const index = indexOf(
      rule('brand', [{ pattern: '{facet:brand}', anchoring: 'contains' }], {
        params: {
          automaticFacetFilters: [{ facet: 'brand', disjunctive: true }],
          automaticOptionalFacetFilters: [{ facet: 'brand', score: 3 }],
        },
      }),
    );
    const outcome = applyRules(index, 'new balance running', {}, NOW);
    expect(outcome.automaticFacetFilters).toMatchObject([{ facet: 'brand', value: 'New Balance', disjunctive: true }]);
    expect(outcome.facetFilters).toEqual([['brand:New Balance']]);
    expect(outcome.optionalFilters).toEqual(['brand:New Balance<score=3>']);
    expect(applyRules(index, 'nokia', {}, NOW).appliedRules).toEqual([]);
  });

  it('needs the rule context among ruleContexts', () => {
    const index = indexOf(rule('m', [{ context: 'mobile' }], { userData: { m: 1 } }));
    expect(applyRules(index, 'any', {}, NOW).appliedRules).toEqual([]);
    expect(applyRules(index, 'any', {}, NOW, ['mobile']).userData).toEqual([{ m: 1 }]);
  });

  it('needs the condition filters among the query filters', () => {
    const index = indexOf(rule('f', [{ filters: 'genre:comedy AND type:DVD' }], { userData: { f: 1 } }));
    expect(applyRules(index, '', { filters: 'genre:comedy' }, NOW).appliedRules).toEqual([]);
    expect(applyRules(index, '', { filters: 'genre:Comedy AND type:"DVD"' }, NOW).appliedRules).toEqual([
      { objectID: 'f' },
    ]);
    expect(applyRules(index, '', { facetFilters: [['genre:comedy'], 'type:DVD'] }, NOW).appliedRules).toEqual([
      { objectID: 'f' },
    ]);
  });

  it('skips disabled rules, rules outside their validity, and everything with enableRules: false', () => {
    const seconds = NOW / 1000;
    const index = indexOf(
      rule('off', undefined, { userData: { a: 1 } }, { enabled: false }),
      rule('past', undefined, { userData: { b: 1 } }, { validity: [{ from: seconds - 100, until: seconds - 1 }] }),
      rule('now', undefined, { userData: { c: 1 } }, { validity: [{ from: seconds - 100, until: seconds + 100 }] }),
    );
    expect(applyRules(index, 'x', {}, NOW).appliedRules).toEqual([{ objectID: 'now' }]);
    expect(applyRules(index, 'x', {}, NOW + 200_000).appliedRules).toEqual([]);
    expect(applyRules(index, 'x', { enableRules: false }, NOW).appliedRules).toEqual([]);
  });

  it('matches plurals, synonyms and typos only with alternatives', () => {
    const dictionaries = initialDictionariesState();
    const index = {
      ...indexOf(
        rule('alt', [{ pattern: 'shoe', anchoring: 'contains', alternatives: true }], { userData: {} }),
        rule('strict', [{ pattern: 'shoe', anchoring: 'contains' }], { userData: {} }),
      ),
      synonyms: new Map([['s', { objectID: 's', type: 'synonym', synonyms: ['shoe', 'sneaker'] }]]),
    };
    const ids = (query: string) =>
      applyRules(index, query, { dictionaries, queryLanguages: ['en'] }, NOW).appliedRules.map((r) => r.objectID);
    // Both match the same word with equal precedence: the smaller objectID wins, the other overlaps.
    expect(ids('shoe')).toEqual(['alt']);
    expect(ids('shoes')).toEqual(['alt']);
    expect(ids('sneaker')).toEqual(['alt']);
    expect(ids('shoo')).toEqual(['alt']);
  });
});

describe('applyRules: precedence and consequences', () => {
  it('keeps the earliest, longest, best-anchored match and drops overlapping rules', () => {
    const index = indexOf(
      rule('b-contains', [{ pattern: 'red', anchoring: 'contains' }], { userData: { r: 'contains' } }),
      rule('a-is', [{ pattern: 'red', anchoring: 'is' }], { userData: { r: 'is' } }),
      rule('longer', [{ pattern: 'red shoes', anchoring: 'contains' }], { userData: { r: 'longer' } }),
      rule('elsewhere', [{ pattern: 'sale', anchoring: 'contains' }], { userData: { r: 'sale' } }),
    );
    expect(applyRules(index, 'red', {}, NOW).appliedRules).toEqual([{ objectID: 'a-is' }]);
    expect(applyRules(index, 'red shoes sale', {}, NOW).appliedRules).toEqual([
      { objectID: 'longer' },
      { objectID: 'elsewhere' },
    ]);
    expect(applyRules(index, 'red shoes sale', {}, NOW).userData).toEqual([{ r: 'longer' }, { r: 'sale' }]);
  });

  it('prefers context, then filters, then literals, then temporary rules, then the smaller objectID', () => {
    const ctx = indexOf(
      rule('a', [{ pattern: 'tv', anchoring: 'contains' }], { userData: {} }),
      rule('b', [{ pattern: 'tv', anchoring: 'contains', context: 'web' }], { userData: {} }),
    );
    expect(applyRules(ctx, 'tv', {}, NOW, ['web']).appliedRules).toEqual([{ objectID: 'b' }]);
    const temp = indexOf(
      rule('a', [{ pattern: 'tv', anchoring: 'contains' }], { userData: {} }),
      rule('b', [{ pattern: 'tv', anchoring: 'contains' }], { userData: {} }, { validity: [{ from: 0, until: 4e9 }] }),
    );
    expect(applyRules(temp, 'tv', {}, NOW).appliedRules).toEqual([{ objectID: 'b' }]);
    const literal = indexOf(
      rule('a', [{ pattern: '{facet:brand}', anchoring: 'is' }], { userData: {} }),
      rule('b', [{ pattern: 'apple', anchoring: 'is' }], { userData: {} }),
    );
    expect(applyRules(literal, 'apple', {}, NOW).appliedRules).toEqual([{ objectID: 'b' }]);
  });

  it('replaces or edits the query', () => {
    const replace = indexOf(rule('r', [{ pattern: 'tv', anchoring: 'is' }], { params: { query: 'television' } }));
    expect(applyRules(replace, 'tv', {}, NOW)).toMatchObject({ query: 'television', queryChanged: true });
    const edit = indexOf(
      rule('e', [{ pattern: 'cheap {facet:brand}', anchoring: 'startsWith' }], {
        params: {
          query: {
            remove: ['cheap'],
            edits: [
              { type: 'replace', delete: 'phone', insert: 'smartphone' },
              { type: 'remove', delete: '{facet:brand}' },
            ],
          },
        },
      }),
    );
    expect(applyRules(edit, 'Cheap Apple phone', {}, NOW)).toMatchObject({ query: 'smartphone', queryChanged: true });
  });

  it('merges params with the higher-precedence rule winning, and collects promotes and hides', () => {
    const index = indexOf(
      rule('a', [{ pattern: 'red', anchoring: 'contains' }], {
        params: {
          hitsPerPage: 5,
          filters: 'color:red',
          renderingContent: { facetOrdering: { facets: { order: ['a'] } } },
        },
        promote: [{ objectID: 'z', position: 0 }],
        hide: [{ objectID: 'h1' }],
      }),
      rule('b', [{ pattern: 'shoes', anchoring: 'contains' }], {
        params: { hitsPerPage: 9, getRankingInfo: true },
        promote: [{ objectIDs: ['m', 'n'], position: 0 }],
        filterPromotes: true,
        hide: [{ objectID: 'h2' }],
        redirect: { indexName: 'shoes_v' },
      }),
    );
    const outcome = applyRules(index, 'red shoes', {}, NOW);
    expect(outcome.params).toEqual({ hitsPerPage: 5, filters: 'color:red', getRankingInfo: true });
    expect(outcome.renderingContent).toEqual({ facetOrdering: { facets: { order: ['a'] } } });
    expect(outcome.promote.map((p) => [p.objectIDs, p.position, p.filterPromotes])).toEqual([
      [['m', 'n'], 0, true],
      [['z'], 0, false],
    ]);
    expect(outcome.hide).toEqual(['h1', 'h2']);
    expect(outcome.redirect).toEqual({ indexName: 'shoes_v' });
  });
});

describe('edit distance (shared with the engine)', () => {
  it('counts transpositions as one typo', () => {
    expect(damerauLevenshtein('shoe', 'hsoe')).toBe(1);
    expect(damerauLevenshtein('shoe', 'shoes')).toBe(1);
    expect(damerauLevenshtein('shoe', 'boots')).toBeGreaterThan(1);
  });
});
