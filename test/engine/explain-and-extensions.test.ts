import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES } from '../support/surfaces';
import { v4Client } from '../support/v4';

const open = setupSurfaces();

/** The records and settings of the v4 client's "decompounding at query time" integration test. */
async function kennels(emulator: ReturnType<typeof open>['emulator']) {
  await emulator.setSettings({
    indexName: 'kennels',
    indexSettings: {
      decompoundedAttributes: { de: ['category', 'type', 'desc'] },
      queryLanguages: ['de'],
      ignorePlurals: true,
    },
  });
  await emulator.saveObjects({
    indexName: 'kennels',
    objects: [
      { objectID: 'A...B', category: 'hunde', type: 'Hütte' },
      { objectID: 'AB', desc: 'Ich will ein schöne Hundehütte' },
      { objectID: 'BA', desc: 'Hüttehunde, Es ist eine lustige Verbindung!' },
      { objectID: 'B...A', category: 'Eine Hütte für Hunden' },
      { objectID: 'A', category: 'Hunde' },
      { objectID: 'B', category: 'Hunde' },
    ],
  });
}

type Alternative = { types: string[]; words: string[]; typos: number; offset: number; length: number };

/**
 * The alternatives the service answered for "Hundehütte" (the v4 client's integration test
 * "decompounding at query time", run against it): the query split into "hunde" and "hutte",
 * the compound over both, and plurals from its dictionaries.
 */
const SERVICE_ALTERNATIVES: Alternative[] = [
  { types: ['original'], words: ['hunde'], typos: 0, offset: 0, length: 1 },
  { types: ['original'], words: ['hutte'], typos: 0, offset: 1, length: 1 },
  { types: ['compound'], words: ['hundehutte'], typos: 0, offset: 0, length: 2 },
  { types: ['split'], words: ['hunde', 'hutte'], typos: 0, offset: 0, length: 2 },
  ...['hund', 'hundchen', 'hundchens'].map((word) => plural(word, 0, 1)),
  plural('hundehutten', 0, 2),
  ...['hunden', 'hundes', 'hundlein', 'hunds'].map((word) => plural(word, 0, 1)),
  plural('hutten', 1, 1),
];

function plural(word: string, offset: number, length: number): Alternative {
  return { types: ['plural'], words: [word], typos: 0, offset, length };
}

describe.each(SURFACES)('explain and extensions through %s calls', (surface) => {
  it('`explain: ["match.alternatives"]` is accepted and lists the readings the query ran with', async () => {
    const { api, emulator } = open(surface);
    await kennels(emulator);
    const result = await api.searchSingleIndex({
      indexName: 'kennels',
      searchParams: { query: 'hunde hütte', explain: ['match.alternatives'] },
    });
    const alternatives = result.explain.match.alternatives as Alternative[];
    expect(alternatives.slice(0, 3)).toEqual(SERVICE_ALTERNATIVES.slice(0, 3));
    // Plurals of each word, folded as the engine's terms are ("hutte" declines as "hütte").
    expect(alternatives.slice(3).every((a) => a.types[0] === 'plural' && a.length === 1)).toBe(true);
    expect(alternatives).toContainEqual(plural('hund', 0, 1));
    expect(alternatives).toContainEqual(plural('hutten', 1, 1));
  });

  it('a German compound is split at query time into query words, explained as the service does', async () => {
    const { api, emulator } = open(surface);
    await kennels(emulator);
    const result = await api.searchSingleIndex({
      indexName: 'kennels',
      searchParams: { query: 'Hundehütte', explain: ['match.alternatives'], ignorePlurals: true },
    });
    const alternatives = result.explain.match.alternatives as Alternative[];
    // The same readings in the same order; the emulator's plural dictionary is smaller, so
    // some of the service's plurals (hundchen, hundes, ...) are missing: never one it lacks.
    expect(alternatives.slice(0, 4)).toEqual(SERVICE_ALTERNATIVES.slice(0, 4));
    expect(
      SERVICE_ALTERNATIVES.filter((a) => alternatives.some((b) => JSON.stringify(a) === JSON.stringify(b))),
    ).toEqual(alternatives);
    expect(alternatives).toContainEqual(plural('hundehutten', 0, 2));
    expect(alternatives).toContainEqual(plural('hutten', 1, 1));
    // The parts are words of their own: a record holding them apart matches, as one holding the compound.
    expect(result.hits.map((hit: { objectID: string }) => hit.objectID).sort()).toEqual(['A...B', 'AB', 'B...A', 'BA']);
    expect(result.parsedQuery).toBe('hunde hutte');
  });

  it('decompoundQuery: false keeps the compound whole', async () => {
    const { api, emulator } = open(surface);
    await kennels(emulator);
    const result = await api.searchSingleIndex({
      indexName: 'kennels',
      searchParams: { query: 'Hundehütte', explain: ['match.alternatives'], decompoundQuery: false },
    });
    expect(result.explain.match.alternatives[0]).toEqual({
      types: ['original'],
      words: ['hundehutte'],
      typos: 0,
      offset: 0,
      length: 1,
    });
    // One query word: no reading spans two (a split in two remains, the engine's typo-tolerant split).
    expect(result.explain.match.alternatives.every((a: Alternative) => a.offset === 0 && a.length === 1)).toBe(true);
  });

  it('without `explain` the response has no explain', async () => {
    const { api, emulator } = open(surface);
    await kennels(emulator);
    const result = await api.searchSingleIndex({ indexName: 'kennels', searchParams: { query: 'hunde' } });
    expect(result).not.toHaveProperty('explain');
  });

  it('`extensions.queryCategorization` with enableCategoriesRetrieval answers extensions: {queryCategorization: {}}', async () => {
    const { api, emulator } = open(surface);
    await emulator.saveObjects({ indexName: 'furniture', objects: [{ objectID: '1', name: 'sofa' }] });
    const { results } = await api.search({
      requests: [
        {
          indexName: 'furniture',
          query: 'sofa',
          extensions: { queryCategorization: { enableCategoriesRetrieval: true, enableAutoFiltering: false } },
        },
        {
          indexName: 'furniture',
          query: 'sofa',
          extensions: { queryCategorization: { enableCategoriesRetrieval: false } },
        },
        { indexName: 'furniture', query: 'sofa' },
      ],
    });
    expect(results[0]).toMatchObject({ index: 'furniture', query: 'sofa', extensions: { queryCategorization: {} } });
    expect(results[1]).not.toHaveProperty('extensions');
    expect(results[2]).not.toHaveProperty('extensions');
  });

  it('a malformed queryCategorization is a 400', async () => {
    const { api, emulator } = open(surface);
    await emulator.saveObjects({ indexName: 'furniture', objects: [{ objectID: '1', name: 'sofa' }] });
    await expect(
      api.search({
        requests: [
          { indexName: 'furniture', extensions: { queryCategorization: { enableCategoriesRetrieval: 'yes' } } },
        ],
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('enableCategoriesRetrieval') });
  });
});

describe('explain through the v4 client', () => {
  it('its integration test\'s query, "Hundehütte", is decompounded at query time', async () => {
    const { emulator } = open('client');
    await kennels(emulator);
    const results = await v4Client(emulator)
      .initIndex('kennels')
      .search('Hundehütte', {
        explain: ['match.alternatives'],
        ignorePlurals: true,
        queryParameters: { foo: 'bar' },
      } as never);
    expect(results.explain?.match.alternatives.slice(0, 4)).toEqual(SERVICE_ALTERNATIVES.slice(0, 4));
  });

  it('index.search with explain (and request-option query parameters) answers `explain`', async () => {
    const { emulator } = open('client');
    await kennels(emulator);
    const index = v4Client(emulator).initIndex('kennels');
    const results = await index.search('hunde hütte', {
      explain: ['match.alternatives'],
      ignorePlurals: true,
      queryParameters: { foo: 'bar' },
    } as never);
    expect(results.explain?.match.alternatives[0]).toEqual({
      types: ['original'],
      words: ['hunde'],
      typos: 0,
      offset: 0,
      length: 1,
    });
  });
});
