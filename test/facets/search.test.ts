import { describe, expect, it } from 'vitest';
import { setupEmulatorServer } from '../support/server';
import { players, talks } from './fixtures';

const env = setupEmulatorServer();
const talkSettings = {
  attributesForFaceting: [
    'date',
    'duration_range',
    'searchable(tags)',
    'searchable(speakers)',
    'searchable(event_name)',
    'searchable(languages)',
  ],
};

async function seeded() {
  const { emulator, client } = env.fresh();
  await emulator.batch({
    indexName: 'players',
    batchWriteParams: { requests: players.map((body) => ({ action: 'addObject', body })) },
  });
  await emulator.setSettings({ indexName: 'players', indexSettings: { attributesForFaceting: ['team', 'points'] } });
  return { emulator, client };
}

describe('search with filters and facets (engine stages)', () => {
  it('filters hits and counts facets over every match, through the real client', async () => {
    const { client } = await seeded();
    const result = await client.searchSingleIndex({
      indexName: 'players',
      searchParams: { filters: 'team:Lakers AND points >= 100', facets: ['team', 'points'], hitsPerPage: 2 },
    });
    const expected = players.filter((p) => p.team === 'Lakers' && (p.points as number) >= 100);
    expect(result.nbHits).toBe(expected.length);
    expect(result.hits).toHaveLength(2);
    expect(result.facets!.team).toEqual({ Lakers: expected.length });
    const points = expected.map((p) => p.points as number);
    expect(result.facets_stats!.points).toMatchObject({ min: Math.min(...points), max: Math.max(...points) });
    expect(result.exhaustiveFacetsCount).toBe(true);
  });

  it('answers the filter syntax error as a 400 with its position', async () => {
    const { client } = await seeded();
    await expect(
      client.searchSingleIndex({ indexName: 'players', searchParams: { filters: 'team:Lakers OR points > 3' } }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('filters: Different types are not allowed in the same OR.'),
    });
    await expect(
      client.searchSingleIndex({ indexName: 'players', searchParams: { filters: 'points > x' } }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'filters: Unexpected token string(x) expected numeric at col 9',
    });
  });

  it('ranks optional filters first, as the filters criterion', async () => {
    const { client } = await seeded();
    const result = await client.searchSingleIndex({
      indexName: 'players',
      searchParams: { optionalFilters: ['team:Celtics'], hitsPerPage: 5, getRankingInfo: true },
    });
    expect(result.nbHits).toBe(players.length);
    expect(result.hits.every((h) => (h as Record<string, unknown>).team === 'Celtics')).toBe(true);
  });

  it('gives InstantSearch-style disjunctive queries the right counts per query', async () => {
    const { client } = await seeded();
    const { results } = await client.search({
      requests: [
        {
          indexName: 'players',
          facetFilters: [['team:Lakers', 'team:Celtics']],
          numericFilters: ['points>=500'],
          facets: ['team', 'points'],
        },
        { indexName: 'players', numericFilters: ['points>=500'], facets: ['team'], hitsPerPage: 0 },
      ],
    });
    const big = players.filter((p) => (p.points as number) >= 500);
    const [main, disjunctive] = results as { nbHits: number; facets: Record<string, Record<string, number>> }[];
    expect(main.nbHits).toBe(big.filter((p) => p.team === 'Lakers' || p.team === 'Celtics').length);
    const brute: Record<string, number> = {};
    for (const p of big) brute[p.team as string] = (brute[p.team as string] ?? 0) + 1;
    expect(disjunctive.facets.team).toEqual(brute);
  });

  it('answers type "facet" entries of a multi-index query with facet hits', async () => {
    const { emulator, client } = env.fresh();
    await emulator.batch({
      indexName: 'talks',
      batchWriteParams: { requests: talks.slice(0, 400).map((body) => ({ action: 'addObject', body })) },
    });
    await emulator.setSettings({ indexName: 'talks', indexSettings: talkSettings });
    const { results } = await client.search({
      requests: [
        {
          indexName: 'talks',
          type: 'facet',
          facet: 'tags',
          facetQuery: 'scien',
          maxFacetHits: 2,
          params: 'filters=duration_range%3D2',
        },
        { indexName: 'talks', query: '', hitsPerPage: 1 },
      ],
    });
    const facet = results[0] as { facetHits: { value: string; count: number; highlighted: string }[] };
    const count = talks
      .slice(0, 400)
      .filter((t) => t.duration_range === 2 && (t.tags as string[]).includes('science')).length;
    expect(facet.facetHits[0]).toEqual({ value: 'science', highlighted: '<em>scien</em>ce', count });
    expect(facet.facetHits.length).toBeLessThanOrEqual(2);
    expect(results[1]).toMatchObject({ nbHits: 400 });
  });

  it('restricts facet value search by a text query through the engine', async () => {
    const { emulator } = env.fresh();
    await emulator.batch({
      indexName: 'talks',
      batchWriteParams: { requests: talks.slice(0, 400).map((body) => ({ action: 'addObject', body })) },
    });
    await emulator.setSettings({ indexName: 'talks', indexSettings: talkSettings });
    const all = await emulator.searchForFacetValues({
      indexName: 'talks',
      facetName: 'tags',
      searchForFacetValuesRequest: { facetQuery: 'tech' },
    });
    const narrowed = await emulator.searchForFacetValues({
      indexName: 'talks',
      facetName: 'tags',
      searchForFacetValuesRequest: { facetQuery: 'tech', params: 'query=robot' },
    });
    expect(narrowed.facetHits[0].count).toBeGreaterThan(0);
    expect(narrowed.facetHits[0].count).toBeLessThan(all.facetHits[0].count);
  });
});
