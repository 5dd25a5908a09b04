import { badRequest, notFound, messages } from '../../errors';
import { assertIndexAllowed } from '../../gate';
import { Reply, type OperationContext } from '../../route';
import { enqueue } from '../../tasks';
import { assertIndexName, deleteRecords, recordOf, recordsOf, requireIndex, writeRecords } from '../store';
import { assertNotReplica, generateObjectIDs, requireObject, requireObjectID } from '../validate';
import { retrieveAttributes, parseAttributeList } from '../retrieve';

/** Message of the real service for record writes on a replica. */
const REPLICA_ADD = 'cannot apply a add object request on a replica index';

/**
 * POST /1/indexes/{indexName} — adds a record; an objectID in the body is kept (the record
 * is then replaced), otherwise one is generated from the seeded generator. 201 Created, the
 * one write route the OpenAPI documents so (api-clients-automation #2374).
 */
export function saveObject(ctx: OperationContext) {
  const { core, params } = ctx;
  assertIndexName(params.indexName);
  assertNotReplica(core.state, params.indexName, REPLICA_ADD);
  const body = requireObject(ctx.req.body, 'body');
  const objectID = body.objectID === undefined ? generateObjectIDs(core, 1)[0] : requireObjectID(body.objectID);
  const record = recordOf(body, objectID);
  const taskID = enqueue(core, params.indexName, (draft) =>
    writeRecords(draft, params.indexName, core.now(), (records) => records.set(objectID, record)),
  );
  return new Reply(201, { createdAt: core.isoNow(), taskID, objectID });
}

/** PUT /1/indexes/{indexName}/{objectID} — creates or replaces a record. */
export function addOrUpdateObject(ctx: OperationContext) {
  const { core, params } = ctx;
  assertIndexName(params.indexName);
  assertNotReplica(core.state, params.indexName, REPLICA_ADD);
  const body = requireObject(ctx.req.body, 'body');
  const objectID = params.objectID;
  const record = recordOf(body, objectID);
  const taskID = enqueue(core, params.indexName, (draft) =>
    writeRecords(draft, params.indexName, core.now(), (records) => records.set(objectID, record)),
  );
  return { updatedAt: core.isoNow(), taskID, objectID };
}

/** DELETE /1/indexes/{indexName}/{objectID} */
export function deleteObject(ctx: OperationContext) {
  const { core, params } = ctx;
  assertIndexName(params.indexName);
  assertNotReplica(core.state, params.indexName, 'cannot apply a delete object request on a replica index');
  const taskID = enqueue(core, params.indexName, (draft) =>
    deleteRecords(draft, params.indexName, core.now(), [params.objectID]),
  );
  return { deletedAt: core.isoNow(), taskID };
}

/** GET /1/indexes/{indexName}/{objectID} */
export function getObject(ctx: OperationContext) {
  const { core, params, req } = ctx;
  const index = requireIndex(core.state, params.indexName);
  const record = recordsOf(core.state, index).get(params.objectID);
  if (!record) throw notFound(messages.objectNotFound);
  const wanted = parseAttributeList(req.query.attributesToRetrieve ?? req.query.attributes, 'attributesToRetrieve');
  return retrieveAttributes(record, wanted, index.settings, ctx.auth);
}

/** POST /1/indexes/*\/objects — several records from several indices, `null` for missing ones. */
export function getObjects(ctx: OperationContext) {
  const { core } = ctx;
  const body = requireObject(ctx.req.body, 'body');
  const requests = body.requests;
  if (!Array.isArray(requests)) throw badRequest('`requests` is required and must be an array');
  const plan = requests.map((entry, i) => {
    const request = requireObject(entry, `requests[${i}]`);
    const indexName = request.indexName ?? request.index_name;
    if (typeof indexName !== 'string') throw badRequest(`requests[${i}].indexName is required and must be a string`);
    assertIndexAllowed(ctx.auth, indexName);
    const objectID = requireObjectID(request.objectID, `requests[${i}].objectID`);
    const wanted = parseAttributeList(request.attributesToRetrieve, `requests[${i}].attributesToRetrieve`);
    return { index: requireIndex(core.state, indexName), objectID, wanted };
  });
  return {
    results: plan.map(({ index, objectID, wanted }) => {
      const record = recordsOf(core.state, index).get(objectID);
      return record ? retrieveAttributes(record, wanted, index.settings, ctx.auth) : null;
    }),
  };
}
