import { badRequest } from '../../errors';
import type { SearchRecord } from '../../state';
import type { InvertedIndex } from './inverted-index';
import type { QueryOptions } from './options';

export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

/** The geo part of a query: a centre with radius, and/or areas. */
export interface GeoQuery {
  readonly around?: LatLng;
  readonly radius?: number | 'all';
  readonly precision: QueryOptions['aroundPrecision'];
  readonly minimumRadius?: number;
  readonly boxes: readonly (readonly number[])[];
  readonly polygons: readonly (readonly number[])[];
}

/** How one record relates to the geo query. */
export interface GeoMatch {
  /** Meters to the nearest location (0 without a centre). */
  readonly distance: number;
  /** Distance bucket the geo criterion compares. */
  readonly bucket: number;
  readonly precision: number;
  readonly location?: LatLng & { readonly distance: number };
}

const EARTH_RADIUS = 6_371_000;

/** Great-circle distance in meters (haversine). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  return haversine(a, b.lat, b.lng);
}

function haversine(a: LatLng, lat: number, lng: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat - a.lat) * rad;
  const dLng = (lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `"lat, lng"` as the service accepts it. */
function parseLatLng(text: string, name = 'aroundLatLng'): LatLng {
  const parts = text.split(',').map((part) => Number(part.trim()));
  if (
    parts.length !== 2 ||
    parts.some((n) => !Number.isFinite(n)) ||
    Math.abs(parts[0]) > 90 ||
    Math.abs(parts[1]) > 180
  ) {
    throw badRequest(`Invalid value for parameter \`${name}\`: expected "latitude,longitude", got "${text}"`);
  }
  return { lat: parts[0], lng: parts[1] };
}

/** The record's `_geoloc` locations (an object or an array of them). */
function locationsOf(record: SearchRecord): LatLng[] {
  const raw = record._geoloc;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const out: LatLng[] = [];
  for (const item of list) {
    if (item === null || typeof item !== 'object') continue;
    const lat = Number((item as Record<string, unknown>).lat);
    const lng = Number((item as Record<string, unknown>).lng);
    if (Number.isFinite(lat) && Number.isFinite(lng)) out.push({ lat, lng });
  }
  return out;
}

/**
 * The geo query of a search, or undefined when it has none. `aroundLatLngViaIP` uses
 * `ipLocation` (configurable; the emulator cannot geolocate real IPs).
 */
export function geoQueryOf(options: QueryOptions, ipLocation?: LatLng): GeoQuery | undefined {
  const boxes = options.insideBoundingBox ?? [];
  const polygons = options.insidePolygon ?? [];
  let around =
    options.aroundLatLng !== undefined && options.aroundLatLng !== '' ? parseLatLng(options.aroundLatLng) : undefined;
  if (!around && options.aroundLatLngViaIP) around = ipLocation;
  if (!around && boxes.length === 0 && polygons.length === 0) return undefined;
  return {
    // Areas take over from the circle: the centre then only ranks.
    around,
    radius: boxes.length > 0 || polygons.length > 0 ? 'all' : options.aroundRadius,
    precision: options.aroundPrecision,
    minimumRadius: options.minimumAroundRadius,
    boxes,
    polygons,
  };
}

/**
 * Each doc's location, read from its record once (doc ids are never reused, so an entry never
 * goes stale): a geo query then reads numbers by doc id instead of every candidate's record.
 */
interface LocationColumn {
  lat: Float64Array;
  lng: Float64Array;
  /** Per doc: 0 no location, 1 one (in `lat`/`lng`), 2 several (read from the record). */
  kind: Uint8Array;
  /** Docs read so far: ids below this one. */
  read: number;
}

const columns = new WeakMap<InvertedIndex, LocationColumn>();

function locationColumn(index: InvertedIndex): LocationColumn {
  let column = columns.get(index);
  if (!column) {
    column = { lat: new Float64Array(0), lng: new Float64Array(0), kind: new Uint8Array(0), read: 0 };
    columns.set(index, column);
  }
  const count = index.docCount;
  if (column.read < count) {
    if (column.kind.length < count) {
      const size = Math.max(count, column.kind.length * 2);
      const grow = <T extends Float64Array | Uint8Array>(list: T, next: T) => (next.set(list), next);
      column.lat = grow(column.lat, new Float64Array(size));
      column.lng = grow(column.lng, new Float64Array(size));
      column.kind = grow(column.kind, new Uint8Array(size));
    }
    for (let id = column.read; id < count; id++) {
      const record = index.recordAt(id);
      const locations = record ? locationsOf(record) : [];
      column.kind[id] = Math.min(locations.length, 2);
      if (locations.length === 1) {
        column.lat[id] = locations[0].lat;
        column.lng[id] = locations[0].lng;
      }
    }
    column.read = count;
  }
  return column;
}

/**
 * {@link matchGeo} for the docs of an index by id, per query: a doc with one location outside the
 * radius is ruled out from the location column (first by latitude alone, which the great-circle
 * distance is never below), without reading its record.
 */
export function geoMatcher(index: InvertedIndex, geo: GeoQuery): (doc: number) => GeoMatch | undefined {
  const column = locationColumn(index);
  const around = geo.around;
  const circle =
    around !== undefined && typeof geo.radius === 'number' && geo.boxes.length === 0 && geo.polygons.length === 0;
  const radius = circle ? Math.max(geo.radius as number, geo.minimumRadius ?? 0) : Infinity;
  // A hair wider than exact, relatively and absolutely: rounding (or a distance too small for a
  // double, as between latitudes 0 and 5e-324) never rules out what the distance would keep.
  const latitudes = (radius / EARTH_RADIUS) * (180 / Math.PI) * (1 + 1e-9) + 1e-9;
  return (doc) => {
    const kind = column.kind[doc];
    if (kind === 0) return undefined;
    if (kind === 1 && circle) {
      const lat = column.lat[doc];
      if (Math.abs(lat - around.lat) > latitudes) return undefined;
      if (haversine(around, lat, column.lng[doc]) > radius) return undefined;
    }
    return matchGeo(index.recordAt(doc)!, geo);
  };
}

/** Whether the record is inside the geo query, and how far; undefined when outside. */
export function matchGeo(record: SearchRecord, geo: GeoQuery): GeoMatch | undefined {
  const locations = locationsOf(record);
  if (locations.length === 0) return undefined;
  let inside = locations;
  if (geo.boxes.length > 0 || geo.polygons.length > 0) {
    inside = locations.filter(
      (p) => geo.boxes.some((box) => inBox(p, box)) || geo.polygons.some((poly) => inPolygon(p, poly)),
    );
    if (inside.length === 0) return undefined;
  }
  if (!geo.around) return { distance: 0, bucket: 0, precision: precisionAt(geo.precision, 0) };
  let nearest = inside[0];
  let distance = Infinity;
  for (const p of inside) {
    const d = distanceMeters(geo.around, p);
    if (d < distance) {
      distance = d;
      nearest = p;
    }
  }
  if (typeof geo.radius === 'number') {
    const radius = Math.max(geo.radius, geo.minimumRadius ?? 0);
    if (distance > radius) return undefined;
  }
  const rounded = Math.round(distance);
  const precision = precisionAt(geo.precision, rounded);
  return {
    distance: rounded,
    bucket: bucketOf(geo.precision, rounded),
    precision,
    location: { ...nearest, distance: rounded },
  };
}

/** Distances in one bucket tie on the geo criterion. */
function bucketOf(precision: GeoQuery['precision'], distance: number): number {
  if (typeof precision === 'number') return Math.floor(distance / Math.max(precision, 1));
  const index = precision.findIndex((range) => distance >= range.from && distance < range.value);
  return index < 0 ? precision.length : index;
}

function precisionAt(precision: GeoQuery['precision'], distance: number): number {
  if (typeof precision === 'number') return Math.max(precision, 1);
  for (const range of precision)
    if (distance >= range.from && distance < range.value) return Math.max(range.value - range.from, 1);
  return 1;
}

/** Boxes are `[lat1, lng1, lat2, lng2]` with any two opposite corners. */
function inBox(p: LatLng, box: readonly number[]): boolean {
  const [lat1, lng1, lat2, lng2] = box;
  const inLat = p.lat >= Math.min(lat1, lat2) && p.lat <= Math.max(lat1, lat2);
  // A box whose first longitude is east of the second crosses the antimeridian.
  const inLng = lng1 <= lng2 ? p.lng >= lng1 && p.lng <= lng2 : p.lng >= lng1 || p.lng <= lng2;
  return inLat && inLng;
}

/** Ray casting over `[lat1, lng1, lat2, lng2, ...]`. */
function inPolygon(p: LatLng, flat: readonly number[]): boolean {
  let inside = false;
  for (let i = 0, j = flat.length - 2; i < flat.length; j = i, i += 2) {
    const [yi, xi, yj, xj] = [flat[i], flat[i + 1], flat[j], flat[j + 1]];
    if (yi > p.lat !== yj > p.lat && p.lng < ((xj - xi) * (p.lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
