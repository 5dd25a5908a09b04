import { badRequest } from '../../errors';
import { valuesAt } from './values';

/** A record's `_geoloc` points (an object or a list of them). */
function pointsOf(record: Readonly<Record<string, unknown>>): { lat: number; lng: number }[] {
  return valuesAt(record, '_geoloc').flatMap((p) => {
    if (!p || typeof p !== 'object') return [];
    const { lat, lng } = p as { lat?: unknown; lng?: unknown };
    const la = Number(lat);
    const ln = Number(lng);
    return Number.isFinite(la) && Number.isFinite(ln) ? [{ lat: la, lng: ln }] : [];
  });
}

const EARTH_RADIUS_M = 6_371_000;

function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`Invalid value for \`${name}\`: ${text}`);
  }
}

function numbers(value: unknown, name: string): number[] {
  const list =
    typeof value === 'string' ? (value.trim().startsWith('[') ? parseJson(value, name) : value.split(',')) : value;
  const flat = Array.isArray(list) ? list.flat(2).map(Number) : [];
  if (flat.length === 0 || flat.some((n) => !Number.isFinite(n)))
    throw badRequest(`Invalid value for \`${name}\`: ${JSON.stringify(value)}`);
  return flat;
}

function boxes(value: unknown, name: string): number[][] {
  const flat = numbers(value, name);
  if (flat.length % 4 !== 0) throw badRequest(`\`${name}\` needs groups of 4 coordinates (lat1, lng1, lat2, lng2)`);
  return Array.from({ length: flat.length / 4 }, (_, i) => flat.slice(i * 4, i * 4 + 4));
}

function inside(point: { lat: number; lng: number }, polygon: readonly number[]): boolean {
  let hit = false;
  for (let i = 0, j = polygon.length - 2; i < polygon.length; j = i, i += 2) {
    const [yi, xi, yj, xj] = [polygon[i], polygon[i + 1], polygon[j], polygon[j + 1]];
    if (yi > point.lat !== yj > point.lat && point.lng < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/**
 * The geo restriction of a query (`insideBoundingBox` wins over `insidePolygon`, which
 * wins over `aroundLatLng` + `aroundRadius`), or undefined when there is none.
 */
export function compileGeo(
  params: Readonly<Record<string, unknown>>,
): ((record: Readonly<Record<string, unknown>>) => boolean) | undefined {
  if (params.insideBoundingBox !== undefined && params.insideBoundingBox !== null) {
    const list = boxes(params.insideBoundingBox, 'insideBoundingBox');
    return (record) =>
      pointsOf(record).some((p) =>
        list.some(
          ([lat1, lng1, lat2, lng2]) =>
            p.lat <= Math.max(lat1, lat2) &&
            p.lat >= Math.min(lat1, lat2) &&
            p.lng <= Math.max(lng1, lng2) &&
            p.lng >= Math.min(lng1, lng2),
        ),
      );
  }
  if (params.insidePolygon !== undefined) {
    const text = params.insidePolygon;
    const raw =
      typeof text === 'string' ? parseJson(text.trim().startsWith('[') ? text : `[${text}]`, 'insidePolygon') : text;
    const polygons: number[][] =
      Array.isArray(raw) && Array.isArray(raw[0])
        ? raw.map((p: unknown) => numbers(p, 'insidePolygon'))
        : [numbers(raw, 'insidePolygon')];
    if (polygons.some((p) => p.length < 6 || p.length % 2 !== 0))
      throw badRequest('`insidePolygon` needs at least 3 points (lat, lng pairs)');
    return (record) => pointsOf(record).some((p) => polygons.some((polygon) => inside(p, polygon)));
  }
  if (params.aroundLatLng !== undefined) {
    const [lat, lng] = numbers(params.aroundLatLng, 'aroundLatLng');
    const radius = params.aroundRadius;
    if (radius === undefined || radius === 'all') return undefined;
    const meters = Number(radius);
    if (!Number.isFinite(meters) || meters < 1)
      throw badRequest(`Invalid value for \`aroundRadius\`: ${JSON.stringify(radius)}`);
    return (record) => pointsOf(record).some((p) => distanceMeters({ lat, lng }, p) <= meters);
  }
  return undefined;
}
