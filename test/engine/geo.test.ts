import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMeters, geoMatcher, matchGeo, type GeoQuery } from '../../src/emulator/search/engine/geo';
import { InvertedIndex } from '../../src/emulator/search/engine/inverted-index';
import { recordsFrom } from '../../src/emulator/search/record-store';
import type { SearchRecord } from '../../src/emulator/state';
import { indexWith } from './helpers';

interface Airport extends Record<string, unknown> {
  objectID: string;
  iata_code: string;
  _geoloc: { lat: number; lng: number };
}
const airports = JSON.parse(
  readFileSync(new URL('../../../shared/datasets/airports/airports.json', import.meta.url), 'utf8'),
) as Airport[];
const settings = {
  searchableAttributes: ['name', 'city', 'country', 'iata_code'],
  customRanking: ['desc(links_count)'],
};
const PARIS = { lat: 48.8566, lng: 2.3522 };

describe('geo search on the airports dataset', () => {
  it('aroundLatLng + aroundRadius keeps airports within the radius, nearest first', async () => {
    const { search } = await indexWith(airports, settings);
    const body = await search({
      aroundLatLng: '48.8566, 2.3522',
      aroundRadius: 50_000,
      getRankingInfo: true,
      aroundPrecision: 1,
    });
    const expected = airports
      .filter((a) => distanceMeters(PARIS, a._geoloc) <= 50_000)
      .sort((a, b) => distanceMeters(PARIS, a._geoloc) - distanceMeters(PARIS, b._geoloc));
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(body.hits.map((h) => h.iata_code)).toEqual(expected.map((a) => a.iata_code));
    const first = body.hits[0]._rankingInfo as Record<string, any>;
    expect(first.geoDistance).toBe(Math.round(distanceMeters(PARIS, expected[0]._geoloc)));
    expect(first.matchedGeoLocation).toEqual({ ...expected[0]._geoloc, distance: first.geoDistance });
  });

  it('aroundPrecision groups distances so custom ranking decides inside a bucket', async () => {
    const { search } = await indexWith(airports, settings);
    const body = await search({
      aroundLatLng: '48.8566,2.3522',
      aroundRadius: 50_000,
      aroundPrecision: 100_000,
      getRankingInfo: true,
    });
    const links = body.hits.map((h) => h.links_count as number);
    expect(links).toEqual([...links].sort((a, b) => b - a));
    expect(body.hits[0]._rankingInfo!.geoPrecision).toBe(100_000);
  });

  it('aroundRadius "all" keeps every geolocated record', async () => {
    const { search } = await indexWith(airports, settings);
    const body = await search({ aroundLatLng: '48.8566,2.3522', aroundRadius: 'all', hitsPerPage: 1 });
    expect(body.nbHits).toBe(airports.length);
  });

  it('insideBoundingBox and insidePolygon filter by area', async () => {
    const { search } = await indexWith(airports, settings);
    const box = [46.0, 1.0, 50.0, 4.0];
    const inBox = airports.filter(
      (a) => a._geoloc.lat >= 46 && a._geoloc.lat <= 50 && a._geoloc.lng >= 1 && a._geoloc.lng <= 4,
    );
    const byBox = await search({ insideBoundingBox: [box], hitsPerPage: 1000 });
    expect(byBox.hits.map((h) => h.objectID).sort()).toEqual(inBox.map((a) => a.objectID).sort());
    const asString = await search({ insideBoundingBox: box.join(','), hitsPerPage: 1000 });
    expect(asString.nbHits).toBe(inBox.length);
    const polygon = await search({ insidePolygon: [[46.0, 1.0, 50.0, 1.0, 50.0, 4.0, 46.0, 4.0]], hitsPerPage: 1000 });
    expect(polygon.nbHits).toBe(inBox.length);
  });

  it('combines text and geo: "intl" near New York', async () => {
    const { search } = await indexWith(airports, settings);
    const body = await search({ query: 'kennedy', aroundLatLng: '40.7128,-74.0060', aroundRadius: 100_000 });
    expect(body.hits.map((h) => h.iata_code)).toContain('JFK');
  });

  it('rejects a malformed aroundLatLng', async () => {
    const { search } = await indexWith(airports.slice(0, 5), settings);
    await expect(search({ aroundLatLng: 'paris' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('aroundLatLng'),
    });
  });
});

describe('geo matching by doc id', () => {
  it('answers as matching each record, for docs with no, one or several locations', () => {
    const point = fc.record({
      lat: fc.double({ min: -90, max: 90, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    const geoloc = fc.oneof(fc.constant(undefined), point, fc.array(point, { minLength: 0, maxLength: 3 }));
    fc.assert(
      fc.property(
        fc.array(geoloc, { minLength: 1, maxLength: 30 }),
        point,
        fc.oneof(fc.constant<number | 'all'>('all'), fc.integer({ min: 0, max: 20_000_000 })),
        fc.boolean(),
        (locations, around, radius, boxed) => {
          const index = new InvertedIndex({ keepDiacritics: '', custom: {}, separators: '' });
          index.sync(
            recordsFrom(
              locations.map((_geoloc, i) => [
                String(i),
                { objectID: String(i), name: 'x', ...(_geoloc === undefined ? {} : { _geoloc }) } as SearchRecord,
              ]),
            ),
          );
          const geo: GeoQuery = {
            around,
            radius,
            precision: 1,
            boxes: boxed ? [[around.lat - 10, around.lng - 10, around.lat + 10, around.lng + 10]] : [],
            polygons: [],
          };
          const byId = geoMatcher(index, geo);
          for (const doc of index.all()) expect(byId(doc.id)).toEqual(matchGeo(doc.record, geo));
        },
      ),
      // A distance too small for a double once ruled out by the latitude band what the distance kept.
      { numRuns: 300, examples: [[[[{ lat: 0, lng: 0 }]], { lat: 5e-324, lng: 0 }, 0, false]] },
    );
  });
});
