import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { matchFacetQuery, searchFacetValues } from '../../src/emulator/search/facets';
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

async function seed(
  emulator: ReturnType<typeof createEmulator>,
  indexName: string,
  records: readonly object[],
  indexSettings: object,
) {
  await emulator.batch({
    indexName,
    batchWriteParams: {
      requests: records.map((body) => ({ action: 'addObject', body: body as Record<string, unknown> })),
    },
  });
  await emulator.setSettings({ indexName, indexSettings });
}

describe('matchFacetQuery', () => {
  const options = {
    preTag: '<em>',
    postTag: '</em>',
    typoTolerance: true,
    minWordSizefor1Typo: 4,
    minWordSizefor2Typos: 8,
  };
  it('matches the last word as a prefix and highlights what matched', () => {
    expect(matchFacetQuery('TEDWomen 2010', 'tedwo', options)).toBe('<em>TEDWo</em>men 2010');
    expect(matchFacetQuery('Behavioral economics', 'econ', options)).toBe('Behavioral <em>econ</em>omics');
    expect(matchFacetQuery('Behavioral economics', 'behavioral econ', options)).toBe(
      '<em>Behavioral</em> <em>econ</em>omics',
    );
    expect(matchFacetQuery('Élan vital', 'ela', options)).toBe('<em>Éla</em>n vital');
    expect(matchFacetQuery('technology', 'biology', options)).toBeUndefined();
  });

  it('allows typos by word length unless typoTolerance is off', () => {
    expect(matchFacetQuery('technology', 'tehcnology', options)).toBe('<em>technology</em>');
    expect(matchFacetQuery('art', 'arx', options)).toBeUndefined();
    expect(matchFacetQuery('technology', 'tehcnology', { ...options, typoTolerance: false })).toBeUndefined();
  });

  it('returns the value unchanged for an empty query', () => {
    expect(matchFacetQuery('Any <value>', '', options)).toBe('Any <value>');
  });
});

describe('searchForFacetValues (pure)', () => {
  it('sorts by count, caps at maxFacetHits, restricts by filters', () => {
    const result = searchFacetValues(talks, talkSettings, 'event_name', { facetQuery: 'tedwomen' });
    expect(result.facetHits.map((h) => [h.value, h.count])).toEqual([
      ['TEDWomen 2010', 34],
      ['TEDWomen 2015', 28],
      ['TEDWomen 2016', 11],
      ['TEDWomen 2013', 9],
      ['TEDxWomen 2011', 7],
      ['TEDxWomen 2012', 6],
    ]);
    expect(result.facetHits[0].highlighted).toBe('<em>TEDWomen</em> 2010');
    expect(result.exhaustiveFacetsCount).toBe(true);
    expect(searchFacetValues(talks, talkSettings, 'tags', {}).facetHits).toHaveLength(10);
    expect(searchFacetValues(talks, talkSettings, 'tags', { maxFacetHits: 500 }).facetHits).toHaveLength(100);
    const narrowed = searchFacetValues(talks, talkSettings, 'event_name', {
      facetQuery: 'tedwomen',
      filters: 'duration_range = 4',
    });
    const brute = talks.filter((t) => t.duration_range === 4 && /^TEDx?Women/.test(t.event_name as string)).length;
    expect(narrowed.facetHits.reduce((n, h) => n + h.count, 0)).toBe(brute);
  });

  it('refuses a facet that is not searchable with the service message', () => {
    expect(() => searchFacetValues(talks, talkSettings, 'date', {})).toThrow(
      'Cannot search in `date` attribute, you need to add `searchable(date)` to attributesForFaceting.',
    );
    expect(() => searchFacetValues(talks, talkSettings, 'unknown', {})).toThrow(/searchable\(unknown\)/);
  });

  it("needs a text matcher for a text query (the search route passes the engine's)", () => {
    expect(() => searchFacetValues(talks, talkSettings, 'tags', { query: 'brain' })).toThrow(/not implemented/);
    const only = searchFacetValues(talks, talkSettings, 'tags', { query: 'brain' }, (records) => records.slice(0, 1));
    expect(only.facetHits.every((h) => h.count === 1)).toBe(true);
  });
});

describe('searchForFacetValues over both surfaces', () => {
  it('answers the real client with facetHits, and 400/404 with the service messages', async () => {
    const { emulator, client } = env.fresh();
    await seed(emulator, 'talks', talks.slice(0, 300), talkSettings);
    const viaClient = await client.searchForFacetValues({
      indexName: 'talks',
      facetName: 'tags',
      searchForFacetValuesRequest: { facetQuery: 'tech', params: 'filters=duration_range%3E1', maxFacetHits: 3 },
    });
    const direct = await emulator.searchForFacetValues({
      indexName: 'talks',
      facetName: 'tags',
      searchForFacetValuesRequest: { facetQuery: 'tech', params: 'filters=duration_range%3E1', maxFacetHits: 3 },
    });
    expect(viaClient).toEqual(direct);
    expect(viaClient.facetHits[0]).toMatchObject({ value: 'technology', highlighted: '<em>tech</em>nology' });
    const brute = talks
      .slice(0, 300)
      .filter((t) => (t.duration_range as number) > 1 && (t.tags as string[]).includes('technology')).length;
    expect(viaClient.facetHits[0].count).toBe(brute);
    await expect(client.searchForFacetValues({ indexName: 'talks', facetName: 'date' })).rejects.toMatchObject({
      status: 400,
      message: 'Cannot search in `date` attribute, you need to add `searchable(date)` to attributesForFaceting.',
    });
    await expect(client.searchForFacetValues({ indexName: 'missing', facetName: 'tags' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      emulator.searchForFacetValues({
        indexName: 'talks',
        facetName: 'tags',
        searchForFacetValuesRequest: { params: 'filters=a%20OR' },
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'filters: Unexpected token end of filter expected filter at col 4',
    });
  });
});

describe('deleteBy over both surfaces', () => {
  it('deletes the records the filters keep, through the real client', async () => {
    const { emulator, client } = env.fresh();
    await seed(emulator, 'players', players, { attributesForFaceting: ['team'] });
    const response = await client.deleteBy({
      indexName: 'players',
      deleteByParams: { filters: 'team:Lakers OR team:Rockets', numericFilters: ['points > 100'] },
    });
    expect(response).toMatchObject({ taskID: expect.any(Number), updatedAt: expect.any(String) });
    await client.waitForTask({ indexName: 'players', taskID: response.taskID });
    const doomed = players.filter((p) => (p.team === 'Lakers' || p.team === 'Rockets') && (p.points as number) > 100);
    expect(doomed.length).toBeGreaterThan(10);
    for (const p of doomed.slice(0, 5))
      await expect(client.getObject({ indexName: 'players', objectID: p.objectID })).rejects.toMatchObject({
        status: 404,
      });
    const kept = players.find((p) => p.team === 'Lakers' && (p.points as number) <= 100)!;
    expect(await client.getObject({ indexName: 'players', objectID: kept.objectID })).toMatchObject({
      name: kept.name,
    });
  });

  it('accepts the legacy params string and geo restrictions as direct calls', async () => {
    const emulator = createEmulator();
    await seed(
      emulator,
      'places',
      [
        { objectID: 'paris', _geoloc: { lat: 48.8566, lng: 2.3522 } },
        { objectID: 'versailles', _geoloc: { lat: 48.8049, lng: 2.1204 } },
        { objectID: 'lyon', _geoloc: { lat: 45.764, lng: 4.8357 } },
      ],
      {},
    );
    await emulator.deleteBy({
      indexName: 'places',
      deleteByParams: { aroundLatLng: '48.8566, 2.3522', aroundRadius: 30000 },
    });
    await expect(emulator.getObject({ indexName: 'places', objectID: 'versailles' })).rejects.toMatchObject({
      status: 404,
    });
    expect(await emulator.getObject({ indexName: 'places', objectID: 'lyon' })).toMatchObject({ objectID: 'lyon' });
    await emulator.deleteBy({
      indexName: 'places',
      deleteByParams: { params: 'insideBoundingBox=%5B%5B46%2C4%2C45%2C5%5D%5D' } as never,
    });
    await expect(emulator.getObject({ indexName: 'places', objectID: 'lyon' })).rejects.toMatchObject({ status: 404 });
  });

  it('rejects empty filters, other parameters, bad syntax and missing indices', async () => {
    const emulator = createEmulator();
    await seed(emulator, 'players', players.slice(0, 5), {});
    await expect(emulator.deleteBy({ indexName: 'players', deleteByParams: {} })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/empty filters/),
    });
    await expect(emulator.deleteBy({ indexName: 'players', deleteByParams: { filters: '' } })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      emulator.deleteBy({
        indexName: 'players',
        deleteByParams: { query: 'x', hitsPerPage: 2, filters: 'a' } as never,
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('refused: query, hitsPerPage'),
    });
    await expect(
      emulator.deleteBy({ indexName: 'players', deleteByParams: { filters: 'a OR' } }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^filters: Unexpected token/) });
    await expect(emulator.deleteBy({ indexName: 'nope', deleteByParams: { filters: 'a' } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(emulator.getObject({ indexName: 'players', objectID: '1' })).resolves.toMatchObject({ objectID: '1' });
  });
});
