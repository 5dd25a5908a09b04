import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFacets } from '../../src/emulator/search/facets';
import { compileFilter } from '../../src/emulator/search/filters';
import { players, talks, talksSettings } from './fixtures';

const basketball = { attributesForFaceting: ['team', 'points', 'filterOnly(name)'] };

describe('computeFacets on basketball', () => {
  it('counts every matching record, most frequent first, with stats for numbers', () => {
    const result = computeFacets(players, { facets: ['team', 'points'] }, basketball);
    const teams = result.facets!.team;
    expect(Object.keys(teams)).toHaveLength(29);
    expect(Object.entries(teams).slice(0, 3)).toEqual([
      ['Rockets', 34],
      ['Wizards', 24],
      ['Kings', 20],
    ]);
    expect(Object.values(teams).reduce((a, b) => a + b, 0)).toBe(513);
    expect(result.facets_stats).toEqual({ points: { min: 0, max: 2472, avg: 247106 / 513, sum: 247106 } });
    expect(result.exhaustiveFacetsCount).toBe(true);
    expect(result.exhaustive).toEqual({ facetsCount: true });
  });

  it('counts only the records the filters keep', () => {
    const filter = compileFilter({ filters: 'team:lakers' }, basketball);
    const hits = players.filter((p) => filter(p).match);
    const result = computeFacets(hits, { facets: '["team","points"]' }, basketball);
    expect(result.facets!.team).toEqual({ Lakers: 14 });
    expect(result.facets_stats!.points).toEqual({ min: 6, max: 1970, avg: 8345 / 14, sum: 8345 });
  });

  it('applies maxValuesPerFacet and sortFacetValuesBy, from the query or the settings', () => {
    expect(
      Object.keys(computeFacets(players, { facets: 'team', maxValuesPerFacet: 2 }, basketball).facets!.team),
    ).toEqual(['Rockets', 'Wizards']);
    const alpha = computeFacets(
      players,
      { facets: 'team', sortFacetValuesBy: 'alpha', maxValuesPerFacet: '3' },
      basketball,
    );
    expect(Object.keys(alpha.facets!.team)).toEqual(['76ers', 'Bobcats', 'Bucks']);
    const fromSettings = computeFacets(
      players,
      { facets: ['team'] },
      { ...basketball, sortFacetValuesBy: 'alpha', maxValuesPerFacet: 1 },
    );
    expect(fromSettings.facets!.team).toEqual({ '76ers': 16 });
  });

  it('answers * with every declared facet but filterOnly ones, and skips undeclared ones', () => {
    expect(Object.keys(computeFacets(players, { facets: '*' }, basketball).facets!)).toEqual(['team', 'points']);
    expect(Object.keys(computeFacets(players, { facets: ['name', 'nope', 'team'] }, basketball).facets!)).toEqual([
      'team',
    ]);
    expect(computeFacets(players, {}, basketball).facets).toBeUndefined();
    expect(computeFacets(players, { facets: [] }, basketball).facets).toEqual({});
  });

  it('counts after distinct for afterDistinct() attributes and facetingAfterDistinct', () => {
    const distinct = players.slice(0, 10);
    const settings = { attributesForFaceting: ['afterDistinct(team)', 'points'] };
    const result = computeFacets(players, { facets: ['team', 'points'] }, settings, distinct);
    expect(Object.values(result.facets!.team).reduce((a, b) => a + b, 0)).toBe(10);
    expect(Object.values(result.facets!.points).reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
    const all = computeFacets(players, { facets: ['points'], facetingAfterDistinct: 'true' }, settings, distinct);
    expect(Object.values(all.facets!.points).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10);
  });

  it('returns renderingContent as set', () => {
    const renderingContent = {
      facetOrdering: { facets: { order: ['team'] }, values: { team: { sortRemainingBy: 'alpha' } } },
    };
    expect(computeFacets(players, { facets: ['team'] }, { ...basketball, renderingContent }).renderingContent).toEqual(
      renderingContent,
    );
    expect(computeFacets(players, {}, { ...basketball, renderingContent: {} }).renderingContent).toBeUndefined();
  });

  it('facet counts equal a brute-force count over the filtered records', () => {
    const team = fc.constantFrom('Lakers', 'Rockets', 'celtics', 'Heat');
    const filters = fc.oneof(
      fc.tuple(team, team).map(([a, b]) => `team:${a} OR team:${b}`),
      fc.integer({ min: 0, max: 2500 }).map((n) => `points > ${n}`),
      fc
        .tuple(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: 1500 }))
        .map(([a, b]) => `points:${a} TO ${b} AND NOT team:Rockets`),
    );
    fc.assert(
      fc.property(filters, (text) => {
        const filter = compileFilter({ filters: text }, basketball);
        const hits = players.filter((p) => filter(p).match);
        const result = computeFacets(hits, { facets: ['team'], maxValuesPerFacet: 1000 }, basketball);
        const brute: Record<string, number> = {};
        for (const p of hits) brute[p.team as string] = (brute[p.team as string] ?? 0) + 1;
        // A facet without values among the hits is left out.
        expect(result.facets!.team).toEqual(hits.length > 0 ? brute : undefined);
      }),
      { numRuns: 60 },
    );
  });
});

describe('computeFacets on tedtalks', () => {
  it('counts each element of array attributes once per record', () => {
    const result = computeFacets(talks, { facets: ['tags', 'duration_range'] }, talksSettings);
    expect(result.facets!.tags.technology).toBe(679);
    expect(Object.entries(result.facets!.tags).slice(0, 3)).toEqual([
      ['technology', 679],
      ['science', 520],
      ['culture', 482],
    ]);
    expect(Object.keys(result.facets!.tags)).toHaveLength(100);
    expect(result.facets!.duration_range).toEqual({ 2: 952, 1: 594, 3: 459, 0: 299, 4: 52 });
    expect(result.facets_stats!.duration_range).toMatchObject({ min: 0, max: 4 });
  });
});
