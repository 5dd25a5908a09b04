import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES, type Api } from '../support/surfaces';

const open = setupSurfaces();

const PLACES = [
  { objectID: 'paris', kind: 'city', _geoloc: { lat: 48.8566, lng: 2.3522 } },
  { objectID: 'rome', kind: 'city', _geoloc: { lat: 41.9028, lng: 12.4964 } },
  // Coordinates sent as strings are read as numbers, as /query reads them.
  { objectID: 'rome-text', kind: 'town', _geoloc: { lat: '41.9', lng: '12.5' } },
  { objectID: 'fiji', kind: 'island', _geoloc: { lat: -17.7134, lng: 178.065 } },
  { objectID: 'samoa', kind: 'island', _geoloc: { lat: -13.759, lng: -172.1046 } },
  // Two locations: inside an area when either is.
  {
    objectID: 'two',
    kind: 'town',
    _geoloc: [
      { lat: 0, lng: 0 },
      { lat: 48.85, lng: 2.35 },
    ],
  },
  // 156,053.43 m and 158,430.37 m from (60, 0).
  { objectID: 'north-east', kind: 'town', _geoloc: { lat: 61, lng: 2 } },
  { objectID: 'south-west', kind: 'town', _geoloc: { lat: 59, lng: -2 } },
  { objectID: 'nowhere', kind: 'town' },
  { objectID: 'bad-geoloc', kind: 'town', _geoloc: 'here' },
];
const ALL = PLACES.map((p) => p.objectID).sort();

async function ids(api: Api, searchParams: Record<string, unknown>): Promise<string[]> {
  const { hits } = await api.searchSingleIndex({
    indexName: 'places',
    searchParams: { ...searchParams, hitsPerPage: 100 },
  });
  return hits.map((h: { objectID: string }) => h.objectID).sort();
}

describe.each(SURFACES)('deleteBy with geo parameters through %s calls', (surface) => {
  /** deleteBy with `params` deletes exactly what /query with them finds, which is `expected`. */
  async function deletes(params: Record<string, unknown>, expected: string[]) {
    const { api, emulator } = open(surface);
    await emulator.saveObjects({ indexName: 'places', objects: PLACES });
    await emulator.setSettings({ indexName: 'places', indexSettings: { attributesForFaceting: ['kind'] } });
    expect(await ids(api, params)).toEqual([...expected].sort());
    await api.deleteBy({ indexName: 'places', deleteByParams: params });
    expect(await ids(api, {})).toEqual(ALL.filter((id) => !expected.includes(id)));
  }

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a box across the antimeridian', { insideBoundingBox: [[-10, 170, -20, -170]] }, ['fiji', 'samoa']],
    ['a box with its corners the other way round', { insideBoundingBox: [[48, 2, 49, 3]] }, ['paris', 'two']],
    [
      'two boxes',
      {
        insideBoundingBox: [
          [49, 2, 48, 3],
          [42, 12, 41, 13],
        ],
      },
      ['paris', 'two', 'rome', 'rome-text'],
    ],
    [
      'a box and a polygon together: either one',
      { insideBoundingBox: [[49, 2, 48, 3]], insidePolygon: [[41, 12, 43, 12, 42, 13.5]] },
      ['paris', 'two', 'rome', 'rome-text'],
    ],
    ['a polygon as a string', { insidePolygon: '41,12,43,12,42,13.5' }, ['rome', 'rome-text']],
    [
      'a box and a centre: the box decides',
      { insideBoundingBox: [[49, 2, 48, 3]], aroundLatLng: '0,0', aroundRadius: 1 },
      ['paris', 'two'],
    ],
    ['a radius just short of the nearest', { aroundLatLng: '60,0', aroundRadius: 156_053 }, []],
    ['a radius just past the nearest', { aroundLatLng: '60,0', aroundRadius: 156_054 }, ['north-east']],
    ['a radius just past both', { aroundLatLng: '60, 0', aroundRadius: 158_431 }, ['north-east', 'south-west']],
    [
      'a radius of "all": every located record',
      { aroundLatLng: '60,0', aroundRadius: 'all' },
      ALL.filter((id) => id !== 'nowhere' && id !== 'bad-geoloc'),
    ],
    ['a centre and a filter', { aroundLatLng: '41.9,12.5', aroundRadius: 1000, filters: 'kind:town' }, ['rome-text']],
    [
      'a box and facetFilters',
      { insideBoundingBox: [[49, 2, 48, 3]], facetFilters: [['kind:city', 'kind:island']] },
      ['paris'],
    ],
  ])('%s', async (_name, params, expected) => {
    await deletes(params, expected);
  });
});
