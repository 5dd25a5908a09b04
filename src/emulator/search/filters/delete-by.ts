import { badRequest } from '../../errors';
import type { OperationContext } from '../../route';
import type { SearchRecord } from '../../state';
import { enqueue } from '../../tasks';
import { effectiveSettings } from '../settings/effective';
import { deleteRecords, requireIndex } from '../store';
import { compileFilter } from './compile';
import { geoQueryOf, matchGeo } from '../engine/geo';
import { resolveOptions } from '../engine/options';
import { paramsBody, parseParams } from '../engine/params';

/** The only parameters deleteBy reads: filters and geo restrictions. */
export const DELETE_BY_PARAMETERS = [
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'aroundLatLng',
  'aroundRadius',
  'insideBoundingBox',
  'insidePolygon',
] as const;

const ACCEPTED = new Set<string>(DELETE_BY_PARAMETERS);

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** POST /1/indexes/{indexName}/deleteByQuery — deletes every record the filters keep. */
export function deleteBy(ctx: OperationContext) {
  const { core, params } = ctx;
  const index = requireIndex(core.state, params.indexName);
  // The parser of /query: the same parameters get the same 400s (never a 500 from an odd value).
  const search = parseParams([paramsBody(ctx.req.body)]);
  const refused = Object.keys(search).filter((name) => !ACCEPTED.has(name));
  if (refused.length > 0) {
    throw badRequest(
      `deleteBy accepts only filter and geo parameters (${DELETE_BY_PARAMETERS.join(', ')}); refused: ${refused.join(', ')}`,
    );
  }
  if (DELETE_BY_PARAMETERS.every((name) => isEmpty(search[name]))) {
    throw badRequest('deleteBy needs at least one filter or geo parameter: empty filters are rejected');
  }
  // Validated now (400 before any task), applied against the records of publication time.
  const settings = effectiveSettings(index);
  const filter = compileFilter(search, settings);
  // The geo restriction of /query itself: deleteBy removes the records a search with the same
  // parameters finds (boxes across the antimeridian, boxes and polygons together, the centre's range).
  const geo = geoQueryOf(resolveOptions(settings, search));
  const doomed = (record: SearchRecord) => filter(record).match && (!geo || matchGeo(record, geo) !== undefined);
  const taskID = enqueue(core, params.indexName, (draft) => {
    const target = draft.indices.get(params.indexName);
    if (!target) return;
    const ids: string[] = [];
    target.records.forEachUnordered((objectID, record) => doomed(record) && ids.push(objectID));
    deleteRecords(draft, params.indexName, core.now(), ids);
  });
  // `updatedAt` only: the OpenAPI's `deletedAt` was corrected after a live answer (api-clients-automation #4107).
  return { taskID, updatedAt: core.isoNow() };
}
