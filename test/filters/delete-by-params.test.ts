import { describe, expect, it } from 'vitest';
import { expectUnchanged, refusal, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

describe.each(SURFACES)('deleteBy parameters through %s calls', (surface) => {
  it.each([
    ['aroundRadius as an object with toString', { aroundLatLng: '48.85,2.35', aroundRadius: { toString: 1 } }],
    ['aroundRadius as an object with valueOf', { aroundLatLng: '48.85,2.35', aroundRadius: { valueOf: 3 } }],
    ['insideBoundingBox of strings', { insideBoundingBox: [['a', 'b', 'c', 'd']] }],
    ['aroundLatLng as an object', { aroundLatLng: { toString: 1 }, aroundRadius: 10 }],
    ['a latitude past 90', { aroundLatLng: '91,0', aroundRadius: 10 }],
    ['a centre of one number', { aroundLatLng: '48.85', aroundRadius: 10 }],
    ['a box of three numbers', { insideBoundingBox: [[1, 2, 3]] }],
    ['a polygon of two points', { insidePolygon: [[1, 2, 3, 4]] }],
    ['a radius below 1', { aroundLatLng: '0,0', aroundRadius: 0 }],
  ])('%s: the same 400 as /query, nothing deleted', async (_name, params) => {
    const { api, emulator } = open(surface);
    await emulator.saveObjects({
      indexName: 'places',
      objects: [{ objectID: 'p', _geoloc: { lat: 48.85, lng: 2.35 } }],
    });
    const before = emulator.core.state;
    const viaQuery = await refusal(api.searchSingleIndex({ indexName: 'places', searchParams: params }));
    const viaDelete = await refusal(api.deleteBy({ indexName: 'places', deleteByParams: params }));
    expect(viaQuery?.status).toBe(400);
    expect(viaDelete).toEqual(viaQuery);
    expectUnchanged(emulator, before);
  });

  it('a valid geo restriction still deletes what it covers', async () => {
    const { api, emulator } = open(surface);
    await emulator.saveObjects({
      indexName: 'places',
      objects: [
        { objectID: 'paris', _geoloc: { lat: 48.85, lng: 2.35 } },
        { objectID: 'rome', _geoloc: { lat: 41.9, lng: 12.5 } },
      ],
    });
    const answer = await api.deleteBy({
      indexName: 'places',
      deleteByParams: { aroundLatLng: '48.85,2.35', aroundRadius: 1000 },
    });
    expect(answer).toEqual({ taskID: expect.any(Number), updatedAt: emulator.core.isoNow() });
    const { hits } = await api.searchSingleIndex({ indexName: 'places', searchParams: {} });
    expect(hits.map((h: { objectID: string }) => h.objectID)).toEqual(['rome']);
  });
});

const ACCEPTED =
  'filters, facetFilters, numericFilters, tagFilters, aroundLatLng, aroundRadius, insideBoundingBox, insidePolygon';
const EMPTY = 'deleteBy needs at least one filter or geo parameter: empty filters are rejected';

describe.each(SURFACES)('deleteBy refusals and filter parameters through %s calls', (surface) => {
  const ITEMS = [
    { objectID: 'a', kind: 'shoe', price: 10, _tags: ['sale'] },
    { objectID: 'b', kind: 'shoe', price: 100 },
    { objectID: 'c', kind: 'hat', price: 5, _tags: ['sale', 'new'] },
    { objectID: 'd', kind: 'hat', price: 50 },
  ];
  async function seeded() {
    const opened = open(surface);
    await opened.emulator.saveObjects({ indexName: 'items', objects: ITEMS });
    await opened.emulator.setSettings({ indexName: 'items', indexSettings: { attributesForFaceting: ['kind'] } });
    return opened;
  }

  it.each<[string, Record<string, unknown>, string]>([
    ['a search parameter', { query: 'x', filters: 'kind:shoe' }, `refused: query`],
    [
      'several, named in the order sent',
      { hitsPerPage: 2, query: 'x', filters: 'kind:shoe' },
      `refused: hitsPerPage, query`,
    ],
  ])('%s: 400 naming what is refused, nothing deleted', async (_name, params, refused) => {
    const { api, emulator } = await seeded();
    const before = emulator.core.state;
    expect(await refusal(api.deleteBy({ indexName: 'items', deleteByParams: params }))).toEqual({
      status: 400,
      message: `deleteBy accepts only filter and geo parameters (${ACCEPTED}); ${refused}`,
    });
    expectUnchanged(emulator, before);
  });

  it.each<[string, Record<string, unknown>]>([
    ['no parameter', {}],
    ['blank filters', { filters: '  ' }],
    ['an empty facetFilters list', { facetFilters: [] }],
    ['an empty numericFilters string', { numericFilters: '' }],
    ['a blank facetFilters string', { facetFilters: '  ' }],
    ['null tagFilters', { tagFilters: null }],
    ['empty filters and a null box', { filters: '', insideBoundingBox: null }],
  ])('%s: 400, nothing deleted', async (_name, params) => {
    const { api, emulator } = await seeded();
    const before = emulator.core.state;
    expect(await refusal(api.deleteBy({ indexName: 'items', deleteByParams: params }))).toEqual({
      status: 400,
      message: EMPTY,
    });
    expectUnchanged(emulator, before);
  });

  it('a missing index: 404, nothing created', async () => {
    const { api, emulator } = await seeded();
    const before = emulator.core.state;
    expect(await refusal(api.deleteBy({ indexName: 'nope', deleteByParams: { filters: 'kind:shoe' } }))).toEqual({
      status: 404,
      message: 'Index does not exist',
    });
    expectUnchanged(emulator, before);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['filters', { filters: 'kind:hat AND NOT _tags:new' }, ['d']],
    ['facetFilters, an OR group', { facetFilters: [['kind:hat', 'kind:shoe'], 'kind:-shoe'] }, ['c', 'd']],
    ['numericFilters, bounds inclusive', { numericFilters: ['price >= 10', 'price <= 50'] }, ['a', 'd']],
    ['numericFilters, a range', { numericFilters: 'price:5 TO 10' }, ['a', 'c']],
    ['tagFilters', { tagFilters: ['sale'] }, ['a', 'c']],
    ['one blank parameter beside a given one', { filters: ' ', tagFilters: [['new']] }, ['c']],
    ['all of them together', { filters: 'price < 60', facetFilters: 'kind:hat', tagFilters: 'sale' }, ['c']],
  ])('%s: deletes exactly the records /query finds', async (_name, params, doomed) => {
    const { api } = await seeded();
    const found = await api.searchSingleIndex({ indexName: 'items', searchParams: params });
    expect(found.hits.map((h: { objectID: string }) => h.objectID).sort()).toEqual(doomed);
    await api.deleteBy({ indexName: 'items', deleteByParams: params });
    const { hits } = await api.searchSingleIndex({ indexName: 'items', searchParams: {} });
    expect(hits.map((h: { objectID: string }) => h.objectID).sort()).toEqual(
      ITEMS.map((i) => i.objectID).filter((id) => !doomed.includes(id)),
    );
  });
});
