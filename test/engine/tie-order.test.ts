import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES } from '../support/surfaces';
import { v4Client } from '../support/v4';

const open = setupSurfaces();

const ten = Array.from({ length: 10 }, (_, i) => String(i));
const ids = (items: { objectID: string }[]) => items.map((item) => item.objectID);

/** The v4 "search" integration test's people: two with objectIDs, eleven without. */
const PEOPLE = [
  { objectID: 'julien-lemoine', company: 'Algolia', name: 'Julien Lemoine' },
  { objectID: 'nicolas-dessaigne', company: 'Algolia', name: 'Nicolas Dessaigne' },
  { company: 'Amazon', name: 'Jeff Bezos' },
  { company: 'Apple', name: 'Steve Jobs' },
  { company: 'Apple', name: 'Steve Wozniak' },
  { company: 'Arista Networks', name: 'Jayshree Ullal' },
  { company: 'Google', name: 'Larry Page' },
  { company: 'Google', name: 'Rob Pike' },
  { company: 'Google', name: 'Serguey Brin' },
  { company: 'Microsoft', name: 'Bill Gates' },
  { company: 'SpaceX', name: 'Elon Musk' },
  { company: 'Tesla', name: 'Elon Musk' },
  { company: 'Yahoo', name: 'Marissa Mayer' },
];

describe.each(SURFACES)('the order of equally ranked items through %s calls', (surface) => {
  it('search and browse page through ten records saved as 0..9 as 9, 8 | 7, 6 ...', async () => {
    const { api, emulator } = open(surface);
    await emulator.saveObjects({ indexName: 'items', objects: ten.map((objectID) => ({ objectID, name: 'item' })) });
    const first = await api.searchSingleIndex({ indexName: 'items', searchParams: { hitsPerPage: 2 } });
    const second = await api.searchSingleIndex({ indexName: 'items', searchParams: { hitsPerPage: 2, page: 1 } });
    expect([ids(first.hits), ids(second.hits)]).toEqual([
      ['9', '8'],
      ['7', '6'],
    ]);
    const browsed = await api.browse({ indexName: 'items', browseParams: { hitsPerPage: 2 } });
    expect(ids(browsed.hits)).toEqual(['9', '8']);
    const next = await api.browse({ indexName: 'items', browseParams: { cursor: browsed.cursor } });
    expect(ids(next.hits)).toEqual(['7', '6']);
  });

  it('rules search and synonyms search list them the same way', async () => {
    const { api } = open(surface);
    await api.saveRules({
      indexName: 'items',
      rules: ten.map((objectID) => ({ objectID, consequence: { params: { filters: 'brand:OnePlus' } } })),
    });
    await api.saveSynonyms({
      indexName: 'items',
      synonymHit: ten.map((objectID) => ({ objectID, type: 'synonym', synonyms: ['gba', 'gameboy advance'] })),
    });
    const rules = await api.searchRules({
      indexName: 'items',
      searchRulesParams: { query: '', hitsPerPage: 2, page: 1 },
    });
    expect(ids(rules.hits)).toEqual(['7', '6']);
    const synonyms = await api.searchSynonyms({
      indexName: 'items',
      searchSynonymsParams: { query: '', hitsPerPage: 2, page: 1 },
    });
    expect(ids(synonyms.hits)).toEqual(['7', '6']);
  });

  it('equally relevant hits: objectID descending; records added without one come back newest first', async () => {
    const { api, emulator } = open(surface);
    await api.batch({
      indexName: 'people',
      batchWriteParams: { requests: PEOPLE.map((body) => ({ action: 'addObject', body })) },
    });
    await emulator.setSettings({
      indexName: 'people',
      indexSettings: { attributesForFaceting: ['searchable(company)'] },
    });
    expect(
      ids((await api.searchSingleIndex({ indexName: 'people', searchParams: { query: 'algolia' } })).hits),
    ).toEqual(['nicolas-dessaigne', 'julien-lemoine']);
    const all = await api.searchSingleIndex({ indexName: 'people', searchParams: { hitsPerPage: 13 } });
    expect(all.hits.map((h: { company: string }) => h.company)).toEqual([
      'Algolia',
      'Algolia',
      'Yahoo',
      'Tesla',
      'SpaceX',
      'Microsoft',
      'Google',
      'Google',
      'Google',
      'Arista Networks',
      'Apple',
      'Apple',
      'Amazon',
    ]);
  });
});

describe('the v4 client integration tests on ordering', () => {
  it('search: getObjectPosition and findObject find what the real service answered', async () => {
    const { emulator } = open('client');
    const index = v4Client(emulator).initIndex('people');
    await index.saveObjects(PEOPLE, { autoGenerateObjectIDIfNotExist: true }).wait();
    await index.setSettings({ attributesForFaceting: ['searchable(company)'] }).wait();
    const response = await index.search('algolia');
    expect(index.getObjectPosition(response, 'nicolas-dessaigne')).toBe(0);
    expect(index.getObjectPosition(response, 'julien-lemoine')).toBe(1);
    const isApple = (o: { company?: string }) => o.company === 'Apple';
    await expect(index.findObject(isApple, { query: '', paginate: false, hitsPerPage: 5 })).rejects.toMatchObject({
      name: 'ObjectNotFoundError',
    });
    expect(await index.findObject(isApple, { query: '', paginate: true, hitsPerPage: 5 })).toMatchObject({
      position: 0,
      page: 2,
    });
  });

  it.each([
    [
      'browseObjects',
      (index: ReturnType<ReturnType<typeof v4Client>['initIndex']>) =>
        index.saveObjects(ten.map((objectID) => ({ objectID, name: 'x' }))).wait(),
      'browseObjects',
    ],
    [
      'browseRules',
      (index: ReturnType<ReturnType<typeof v4Client>['initIndex']>) =>
        index
          .saveRules(ten.map((objectID) => ({ objectID, consequence: { params: { filters: 'brand:OnePlus' } } })))
          .wait(),
      'browseRules',
    ],
    [
      'browseSynonyms',
      (index: ReturnType<ReturnType<typeof v4Client>['initIndex']>) =>
        index
          .saveSynonyms(
            ten.map((objectID) => ({ objectID, type: 'synonym' as const, synonyms: ['gba', 'gameboy advance'] })),
          )
          .wait(),
      'browseSynonyms',
    ],
  ] as const)('%s stops on the second batch of two, whose first item is "7"', async (_name, seed, method) => {
    const { emulator } = open('client');
    const index = v4Client(emulator).initIndex('browsing');
    await seed(index);
    let hits = 0;
    let batches = 0;
    await (index[method] as (options: object) => Promise<void>)({
      hitsPerPage: 2,
      shouldStop: (res: { hits: { objectID: string }[] }) => res.hits[0].objectID === '7',
      batch: (batch: unknown[]) => {
        batches++;
        hits += batch.length;
      },
    });
    expect({ hits, batches }).toEqual({ hits: 4, batches: 2 });
  });
});
