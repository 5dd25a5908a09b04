import { describe, expect, it } from 'vitest';
import { expectUnchanged, refusal, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

describe.each(SURFACES)('deleteBy parameters through %s calls', (surface) => {
  it.each([
    ['aroundRadius as an object with toString', { aroundLatLng: '48.85,2.35', aroundRadius: { toString: 1 } }],
    ['aroundRadius as an object with valueOf', { aroundLatLng: '48.85,2.35', aroundRadius: { valueOf: 3 } }],
    ['insideBoundingBox of strings', { insideBoundingBox: [['a', 'b', 'c', 'd']] }],
    ['aroundLatLng as an object', { aroundLatLng: { toString: 1 }, aroundRadius: 10 }],
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
    await api.deleteBy({ indexName: 'places', deleteByParams: { aroundLatLng: '48.85,2.35', aroundRadius: 1000 } });
    const { hits } = await api.searchSingleIndex({ indexName: 'places', searchParams: {} });
    expect(hits.map((h: { objectID: string }) => h.objectID)).toEqual(['rome']);
  });
});
