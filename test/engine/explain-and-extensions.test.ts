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

describe.each(SURFACES)('explain and extensions through %s calls', (surface) => {
  it('`explain: ["match.alternatives"]` is accepted and lists the readings the query ran with', async () => {
    const { api, emulator } = open(surface);
    await kennels(emulator);
    const result = await api.searchSingleIndex({
      indexName: 'kennels',
      searchParams: { query: 'hunde hütte', explain: ['match.alternatives'] },
    });
    const alternatives = result.explain.match.alternatives as Alternative[];
    expect(alternatives.slice(0, 3)).toEqual([
      { types: ['original'], words: ['hunde'], typos: 0, offset: 0, length: 1 },
      { types: ['original'], words: ['hutte'], typos: 0, offset: 1, length: 1 },
      { types: ['compound'], words: ['hundehutte'], typos: 0, offset: 0, length: 2 },
    ]);
    expect(alternatives.slice(3).every((a) => a.types[0] === 'plural' && a.offset === 0 && a.length === 1)).toBe(true);
    expect(alternatives.map((a) => a.words[0])).toContain('hund');
  });

  it('a compound of the query is explained as its split', async () => {
    const { api, emulator } = open(surface);
    await kennels(emulator);
    const result = await api.searchSingleIndex({
      indexName: 'kennels',
      searchParams: { query: 'Hundehütte', explain: ['match.alternatives'] },
    });
    expect(result.explain.match.alternatives).toContainEqual({
      types: ['split'],
      words: ['hunde', 'hutte'],
      typos: 0,
      offset: 0,
      length: 1,
    });
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
