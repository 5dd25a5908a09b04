import type { OperationContext } from '../route';
import { requireAuthentications } from './authentications';
import { invalidPayload, ingestionMessages } from './errors';
import {
  anyObject,
  arrayOf,
  boolean,
  defined,
  integer,
  matching,
  nonEmpty,
  nullable,
  object,
  oneOf,
  readShape,
  rfc3339,
  shape,
  string,
  type Shape,
} from './fields';
import { listFilter, paginate, searchedIDs } from './listing';
import type { Json, SourceRecord } from './state';
import { ingestionOf, requireResource, uuid } from './store';

export const SOURCE_TYPES = [
  'algoliaIndex',
  'bigcommerce',
  'bigquery',
  'commercetools',
  'csv',
  'docker',
  'ga4BigqueryExport',
  'json',
  'shopify',
  'push',
] as const;

const strings = arrayOf(string);
const locale = matching(/^[a-z]{2}(-[A-Z]{2})?$/, 'a locale such as fr or fr-FR');
const method = oneOf('GET', 'POST');
const delimiter = (value: unknown, path: string) => {
  if (typeof value !== 'string' || [...value].length !== 1 || /[\r\n\uFFFD ]/.test(value))
    throw invalidPayload(`\`${path}\` must be one character other than \\r, \\n, U+FFFD and space`);
  return value;
};
const customFields = object(
  shape({ inventory: nullable(strings), price: nullable(strings), category: nullable(strings) }),
);
const metafield = object(shape({ namespace: string, key: string }, ['namespace', 'key']));

/** Each source type's `input` (`SourceInput`): its fields and the required ones; `push` takes none. */
const INPUTS: Record<string, Shape> = {
  commercetools: shape(
    {
      storeKeys: strings,
      locales: arrayOf(locale),
      url: string,
      projectKey: string,
      fallbackIsInStockValue: boolean,
      productQueryPredicate: string,
      useImagesObjects: boolean,
      customFields,
    },
    ['url', 'projectKey'],
  ),
  bigcommerce: shape(
    {
      storeHash: string,
      channel: object(shape({ id: integer(0, Number.MAX_SAFE_INTEGER), currencies: strings }, ['id'])),
      customFields: strings,
      productMetafields: arrayOf(metafield),
      variantMetafields: arrayOf(metafield),
    },
    ['storeHash'],
  ),
  json: shape({ url: nonEmpty, uniqueIDColumn: string, method }, ['url']),
  csv: shape(
    {
      url: nonEmpty,
      uniqueIDColumn: string,
      mapping: (value, path) => {
        const mapping = anyObject(value, path) as Record<string, unknown>;
        for (const [column, type] of Object.entries(mapping))
          oneOf('string', 'integer', 'float', 'boolean', 'json')(type, `${path}.${column}`);
        return mapping;
      },
      method,
      delimiter,
    },
    ['url'],
  ),
  bigquery: shape(
    {
      projectID: string,
      datasetID: string,
      dataType: oneOf('ga4', 'ga360'),
      table: string,
      tablePrefix: string,
      customSQLRequest: string,
      uniqueIDColumn: string,
    },
    ['projectID', 'datasetID'],
  ),
  ga4BigqueryExport: shape({ projectID: string, datasetID: string, tablePrefix: string }, [
    'projectID',
    'datasetID',
    'tablePrefix',
  ]),
  docker: shape({ image: string, configuration: anyObject }, ['image', 'configuration']),
  shopify: shape({ shopURL: string, featureFlags: anyObject }, ['shopURL']),
  algoliaIndex: shape({ indexName: nonEmpty, filters: string }, ['indexName']),
};

/** What an update may change of each type's input (`SourceUpdateInput`): the docker image and shop URL stay. */
const UPDATES: Record<string, Shape> = {
  ...INPUTS,
  docker: shape({ configuration: anyObject }),
  shopify: shape({ featureFlags: anyObject }),
};

/** Reads a source's `input` for its type (`push` sources have none). */
function readInput(type: string, value: unknown, partial: boolean): Json | undefined {
  if (type === 'push') {
    if (value !== undefined) throw invalidPayload('`input` is not accepted for a source of type push');
    return undefined;
  }
  if (value === undefined) {
    if (partial) return undefined;
    throw invalidPayload(`\`input\` is required for a source of type ${type}`);
  }
  return readShape(value, 'input', (partial ? UPDATES : INPUTS)[type], partial);
}

const CREATE = shape(
  { type: oneOf(...SOURCE_TYPES), name: nonEmpty, input: (value) => value, authenticationID: string },
  ['type', 'name'],
);
const UPDATE = shape({ name: nonEmpty, input: (value) => value, authenticationID: string });

/** Reads a `SourceCreate` (creation and `validateSource`). */
export function readSourceCreate(ctx: OperationContext) {
  const body = readShape(ctx.req.body, 'body', CREATE);
  const type = body.type as string;
  const input = readInput(type, body.input, false);
  if (body.authenticationID !== undefined) requireAuthentications(ctx, [body.authenticationID]);
  return defined({ type, name: body.name as string, input, authenticationID: body.authenticationID as string });
}

/** A stored source with a `SourceUpdate` applied (update and `validateSourceBeforeUpdate`). */
export function readSourceUpdate(ctx: OperationContext, current: SourceRecord, updatedAt: string): SourceRecord {
  const body = readShape(ctx.req.body, 'body', UPDATE);
  const input = readInput(current.type, body.input, true);
  if (body.authenticationID !== undefined) requireAuthentications(ctx, [body.authenticationID]);
  return defined({
    ...current,
    name: (body.name as string | undefined) ?? current.name,
    input: input === undefined ? current.input : { ...current.input, ...input },
    authenticationID: (body.authenticationID as string | undefined) ?? current.authenticationID,
    updatedAt,
  });
}

/** POST /1/sources */
export function createSource(ctx: OperationContext) {
  const { core } = ctx;
  const body = readSourceCreate(ctx);
  const sourceID = uuid(core);
  const now = rfc3339(core.now());
  core.commit((draft) => {
    ingestionOf(draft).sources.set(sourceID, { sourceID, ...body, createdAt: now, updatedAt: now });
  });
  return { sourceID, name: body.name, createdAt: now };
}

/** GET /1/sources/{sourceID} */
export function getSource(ctx: OperationContext) {
  return requireResource(ctx.core, 'source', ctx.params.sourceID);
}

/** PATCH /1/sources/{sourceID} */
export function updateSource(ctx: OperationContext) {
  const { core, params } = ctx;
  const current = requireResource(core, 'source', params.sourceID);
  const updatedAt = rfc3339(core.now());
  const next = readSourceUpdate(ctx, current, updatedAt);
  core.commit((draft) => {
    ingestionOf(draft).sources.set(current.sourceID, next);
  });
  return { sourceID: current.sourceID, name: next.name, updatedAt };
}

/** DELETE /1/sources/{sourceID} — refused while a task reads from it. */
export function deleteSource(ctx: OperationContext) {
  const { core, params } = ctx;
  const { sourceID } = requireResource(core, 'source', params.sourceID);
  const users = [...core.state.ingestion.tasks.values()]
    .filter((task) => task.sourceID === sourceID)
    .map((task) => `task ${task.taskID}`);
  if (users.length > 0) throw invalidPayload(ingestionMessages.inUse('source', sourceID, users));
  core.commit((draft) => {
    ingestionOf(draft).sources.delete(sourceID);
  });
  return { deletedAt: rfc3339(core.now()) };
}

/** GET /1/sources — filtered by `type` and `authenticationID` (`none`: without one). */
export function listSources(ctx: OperationContext) {
  const { query } = ctx.req;
  const types = listFilter(query, 'type', SOURCE_TYPES);
  const auths = listFilter(query, 'authenticationID');
  const all = [...ctx.core.state.ingestion.sources.values()].filter(
    (source) => (!types || types.has(source.type)) && (!auths || auths.has(source.authenticationID ?? 'none')),
  );
  const { items, pagination } = paginate(all, query, ['name', 'type', 'updatedAt', 'createdAt']);
  return { sources: items, pagination };
}

/** POST /1/sources/search */
export function searchSources(ctx: OperationContext) {
  const { sources } = ctx.core.state.ingestion;
  return searchedIDs(ctx.req.body, 'sourceIDs')
    .map((id) => sources.get(id))
    .filter((source) => source !== undefined);
}
