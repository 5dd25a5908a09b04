import { castDraft } from 'immer';
import { notImplemented } from '../errors';
import type { OperationContext } from '../route';
import { readAuthenticationCreate, requireAuthentications } from './authentications';
import { invalidPayload, ingestionMessages } from './errors';
import {
  anyObject,
  arrayOf,
  defined,
  nonEmpty,
  oneOf,
  readShape,
  requireObject,
  rfc3339,
  shape,
  string,
} from './fields';
import { paginate, searchedIDs } from './listing';
import type { Json, TransformationRecord } from './state';
import { ingestionOf, requireResource, uuid } from './store';
import { compileCode, secretsOf, TransformationFailure } from './transform';

const TYPES = ['code', 'noCode'] as const;

const CREATE = shape(
  {
    code: string,
    name: nonEmpty,
    type: oneOf(...TYPES),
    input: anyObject,
    description: string,
    authenticationIDs: arrayOf(string),
  },
  ['name'],
);

/** `type`, `input` and `code` read together: `input.code` for code, `input.steps` for no-code, or the deprecated `code`. */
function readKind(body: Record<string, unknown>): { type: 'code' | 'noCode'; code: string; input: Json } {
  const input = body.input as Record<string, unknown> | undefined;
  const type = (body.type as 'code' | 'noCode' | undefined) ?? (input && 'steps' in input ? 'noCode' : 'code');
  if (type === 'noCode') {
    const read = readShape(input ?? {}, 'input', shape({ steps: arrayOf(anyObject) }, ['steps']));
    return { type, code: '', input: read };
  }
  const read = input === undefined ? undefined : readShape(input, 'input', shape({ code: string }, ['code']));
  const code = (read?.code as string | undefined) ?? (body.code as string | undefined);
  if (code === undefined) throw invalidPayload('`input.code` is required for a transformation of type code');
  return { type, code, input: { code } };
}

/** Reads a `TransformationCreate` and compiles its code (400 with the syntax error). */
async function readCreate(ctx: OperationContext) {
  const body = readShape(ctx.req.body, 'body', CREATE);
  const kind = readKind(body);
  if (body.authenticationIDs !== undefined) requireAuthentications(ctx, body.authenticationIDs as string[]);
  if (kind.type === 'code') {
    try {
      await compileCode(ctx.core, kind.code, {});
    } catch (error) {
      if (error instanceof TransformationFailure) throw invalidPayload(error.message);
      throw error;
    }
  }
  return {
    name: body.name as string,
    ...kind,
    description: body.description as string | undefined,
    authenticationIDs: body.authenticationIDs as string[] | undefined,
  };
}

/** POST /1/transformations */
export async function createTransformation(ctx: OperationContext) {
  const { core } = ctx;
  const body = await readCreate(ctx);
  const transformationID = uuid(core);
  const now = rfc3339(core.now());
  const record: TransformationRecord = defined({ transformationID, ...body, createdAt: now, updatedAt: now });
  core.commit((draft) => {
    ingestionOf(draft).transformations.set(transformationID, castDraft(record));
  });
  return { transformationID, createdAt: now };
}

/** GET /1/transformations/{transformationID} */
export function getTransformation(ctx: OperationContext) {
  return requireResource(ctx.core, 'transformation', ctx.params.transformationID);
}

/** PUT /1/transformations/{transformationID} — replaces the transformation (a `TransformationCreate`). */
export async function updateTransformation(ctx: OperationContext) {
  const { core, params } = ctx;
  const current = requireResource(core, 'transformation', params.transformationID);
  const body = await readCreate(ctx);
  const updatedAt = rfc3339(core.now());
  const next: TransformationRecord = defined({
    transformationID: current.transformationID,
    ...body,
    createdAt: current.createdAt,
    updatedAt,
  });
  core.commit((draft) => {
    ingestionOf(draft).transformations.set(current.transformationID, castDraft(next));
  });
  return { transformationID: current.transformationID, updatedAt };
}

/** DELETE /1/transformations/{transformationID} — refused while a destination applies it. */
export function deleteTransformation(ctx: OperationContext) {
  const { core, params } = ctx;
  const { transformationID } = requireResource(core, 'transformation', params.transformationID);
  const users = [...core.state.ingestion.destinations.values()]
    .filter((destination) => destination.transformationIDs?.includes(transformationID))
    .map((destination) => `destination ${destination.destinationID}`);
  if (users.length > 0) throw invalidPayload(ingestionMessages.inUse('transformation', transformationID, users));
  core.commit((draft) => {
    ingestionOf(draft).transformations.delete(transformationID);
  });
  return { deletedAt: rfc3339(core.now()) };
}

/** GET /1/transformations — filtered by `type`. */
export function listTransformations(ctx: OperationContext) {
  const { query } = ctx.req;
  if (query.type !== undefined) oneOf(...TYPES)(query.type, 'type');
  const all = [...ctx.core.state.ingestion.transformations.values()].filter(
    (transformation) => query.type === undefined || transformation.type === query.type,
  );
  const { items, pagination } = paginate(all, query, ['name', 'updatedAt', 'createdAt']);
  return { transformations: items, pagination };
}

/** POST /1/transformations/search */
export function searchTransformations(ctx: OperationContext) {
  const { transformations } = ctx.core.state.ingestion;
  return searchedIDs(ctx.req.body, 'transformationIDs')
    .map((id) => transformations.get(id))
    .filter((transformation) => transformation !== undefined);
}

const TRY = shape(
  { code: string, type: oneOf(...TYPES), input: anyObject, sampleRecord: anyObject, authentications: (v) => v },
  ['sampleRecord'],
);

/**
 * Runs code on a sample record: `payloads` holds each resulting record as JSON text; a failure
 * is `error` (`code` 400 and the message), not an HTTP error. Secrets come from the
 * `authentications` sent, then (before an update) from the transformation's own.
 */
async function tryCode(ctx: OperationContext, stored?: TransformationRecord) {
  const body = readShape(ctx.req.body, 'body', TRY);
  const kind = readKind({ ...body, name: 'try' });
  if (kind.type === 'noCode')
    throw notImplemented(
      ctx.route.operation,
      'no-code transformations are stored, but their steps are not run by the emulator',
    );
  const secrets = stored ? secretsOf(ctx.core, stored) : {};
  if (body.authentications !== undefined) {
    const list = arrayOf((value, path) => readAuthenticationCreate(value, path))(
      body.authentications,
      'authentications',
    ) as ReturnType<typeof readAuthenticationCreate>[];
    for (const auth of list) if (auth.type === 'secrets') Object.assign(secrets, auth.input);
  }
  const sample = requireObject(body.sampleRecord, 'sampleRecord');
  try {
    const compiled = await compileCode(ctx.core, kind.code, secrets);
    const records = await compiled.run(sample);
    return { payloads: records.map((record) => JSON.stringify(record)) };
  } catch (error) {
    if (error instanceof TransformationFailure) return { payloads: [], error: { code: 400, message: error.message } };
    throw error;
  }
}

/** POST /1/transformations/try */
export function tryTransformation(ctx: OperationContext) {
  return tryCode(ctx);
}

/** POST /1/transformations/{transformationID}/try */
export function tryTransformationBeforeUpdate(ctx: OperationContext) {
  return tryCode(ctx, requireResource(ctx.core, 'transformation', ctx.params.transformationID));
}
