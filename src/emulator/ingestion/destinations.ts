import { castDraft } from 'immer';
import { assertIndexName } from '../search/store';
import type { OperationContext } from '../route';
import { requireAuthentications } from './authentications';
import { invalidPayload, ingestionMessages } from './errors';
import { arrayOf, defined, nonEmpty, object, oneOf, readShape, rfc3339, shape, string } from './fields';
import { listFilter, paginate, searchedIDs } from './listing';
import type { DestinationRecord, Json } from './state';
import { ingestionOf, requireResource, uuid } from './store';

const DESTINATION_TYPES = ['search', 'insights'] as const;

const INPUT_FIELDS = {
  indexName: (value: unknown, path: string) => {
    nonEmpty(value, path);
    assertIndexName(value as string);
    return value;
  },
  recordType: oneOf('product', 'variant', 'collection'),
  attributesToExclude: arrayOf(string),
};

const CREATE = shape(
  {
    type: oneOf(...DESTINATION_TYPES),
    name: nonEmpty,
    input: object(shape(INPUT_FIELDS, ['indexName'])),
    authenticationID: string,
    transformationIDs: arrayOf(string),
  },
  ['type', 'name', 'input'],
);
const UPDATE = shape({
  name: nonEmpty,
  input: object(shape(INPUT_FIELDS)),
  authenticationID: string,
  transformationIDs: arrayOf(string),
});

/** The authentication and transformations a destination names must exist. */
function checkReferences(ctx: OperationContext, body: Record<string, unknown>): void {
  if (body.authenticationID !== undefined) requireAuthentications(ctx, [body.authenticationID]);
  for (const id of (body.transformationIDs as string[] | undefined) ?? [])
    requireResource(ctx.core, 'transformation', id);
}

/** POST /1/destinations */
export function createDestination(ctx: OperationContext) {
  const { core } = ctx;
  const body = readShape(ctx.req.body, 'body', CREATE);
  checkReferences(ctx, body);
  const destinationID = uuid(core);
  const now = rfc3339(core.now());
  const record = defined({
    destinationID,
    type: body.type as string,
    name: body.name as string,
    input: body.input as Json,
    authenticationID: body.authenticationID as string | undefined,
    transformationIDs: body.transformationIDs as string[] | undefined,
    createdAt: now,
    updatedAt: now,
  });
  core.commit((draft) => {
    ingestionOf(draft).destinations.set(destinationID, castDraft(record));
  });
  return { destinationID, name: record.name, createdAt: now };
}

/** GET /1/destinations/{destinationID} */
export function getDestination(ctx: OperationContext) {
  return requireResource(ctx.core, 'destination', ctx.params.destinationID);
}

/** PATCH /1/destinations/{destinationID} — `input` fields are merged, `transformationIDs` replaced. */
export function updateDestination(ctx: OperationContext) {
  const { core, params } = ctx;
  const current = requireResource(core, 'destination', params.destinationID);
  const body = readShape(ctx.req.body, 'body', UPDATE);
  checkReferences(ctx, body);
  const updatedAt = rfc3339(core.now());
  const next: DestinationRecord = defined({
    ...current,
    name: (body.name as string | undefined) ?? current.name,
    input: body.input === undefined ? current.input : { ...current.input, ...(body.input as Json) },
    authenticationID: (body.authenticationID as string | undefined) ?? current.authenticationID,
    transformationIDs: (body.transformationIDs as string[] | undefined) ?? current.transformationIDs,
    updatedAt,
  });
  core.commit((draft) => {
    ingestionOf(draft).destinations.set(current.destinationID, castDraft(next));
  });
  return { destinationID: current.destinationID, name: next.name, updatedAt };
}

/** DELETE /1/destinations/{destinationID} — refused while a task writes to it. */
export function deleteDestination(ctx: OperationContext) {
  const { core, params } = ctx;
  const { destinationID } = requireResource(core, 'destination', params.destinationID);
  const users = [...core.state.ingestion.tasks.values()]
    .filter((task) => task.destinationID === destinationID)
    .map((task) => `task ${task.taskID}`);
  if (users.length > 0) throw invalidPayload(ingestionMessages.inUse('destination', destinationID, users));
  core.commit((draft) => {
    ingestionOf(draft).destinations.delete(destinationID);
  });
  return { deletedAt: rfc3339(core.now()) };
}

/** GET /1/destinations — filtered by `type`, `authenticationID` and `transformationID`. */
export function listDestinations(ctx: OperationContext) {
  const { query } = ctx.req;
  const types = listFilter(query, 'type', DESTINATION_TYPES);
  const auths = listFilter(query, 'authenticationID');
  const transformationID = query.transformationID;
  const all = [...ctx.core.state.ingestion.destinations.values()].filter(
    (destination) =>
      (!types || types.has(destination.type)) &&
      (!auths || auths.has(destination.authenticationID ?? 'none')) &&
      (transformationID === undefined || (destination.transformationIDs ?? []).includes(transformationID)),
  );
  const { items, pagination } = paginate(all, query, ['name', 'type', 'updatedAt', 'createdAt']);
  return { destinations: items, pagination };
}

/** POST /1/destinations/search */
export function searchDestinations(ctx: OperationContext) {
  const { destinations } = ctx.core.state.ingestion;
  return searchedIDs(ctx.req.body, 'destinationIDs')
    .map((id) => destinations.get(id))
    .filter((destination) => destination !== undefined);
}
