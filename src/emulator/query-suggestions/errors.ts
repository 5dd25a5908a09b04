import { ApiError, messages } from '../errors';
import type { Acl, Route } from '../route';

/**
 * The Query Suggestions API's own messages (its public OpenAPI examples), kept in one place
 * so operations and tests agree. Bodies are `{ status, message }` like every error here.
 */
export const suggestionsMessages = {
  created: 'Configuration was created, and a new indexing job has been scheduled.',
  updated: 'Configuration was updated, and a new indexing job has been scheduled.',
  deleted: 'Configuration was deleted with success.',
  indexNameRequired: 'IndexName cannot be empty.',
  sourceIndicesRequired: 'sourceIndices needs to contain at least one index',
  sourceIndexNameRequired: 'every source index must have an `indexName`',
  minHitsPositive: 'every source index `minHits` must be positive',
  minLettersPositive: 'every source index `minLetters` must be positive',
  notFound: 'Not Found',
  invalidCredentials: 'Invalid credentials',
  /** The service's answer to updating or deleting a configuration that does not exist. */
  internal: 'Internal Server Error',
  /** The OpenAPI's answer (MissingACL example) to a key without the operation's right. */
  missingAcl: (acl: Acl) => `The provided API key is missing the "${acl}" ACL.`,
  /** The emulator's wording for the documented limit of 100 configurations. */
  tooMany: 'You have reached the limit of 100 Query Suggestions configurations for this application',
} as const;

/** `Invalid body "<reason>".`: how the service words a refused configuration (OpenAPI BadRequest examples). */
export const invalidBody = (reason: string) => new ApiError(400, `Invalid body "${reason}".`);

export const alreadyExists = (indexName: string) =>
  new ApiError(422, `Configuration already exists for index: ${indexName}`);

export const tooManyConfigs = () => new ApiError(403, suggestionsMessages.tooMany);

export const configNotFound = () => new ApiError(404, suggestionsMessages.notFound);

/** What the service answers when an update or delete names a configuration it does not have. */
export const internalError = () => new ApiError(500, suggestionsMessages.internal);

/**
 * The gate refuses with 403 for the search API; this API answers 401: `Invalid credentials`
 * for missing or wrong credentials, the OpenAPI's MissingACL message for a key without the
 * operation's right. Other refusals (an index the key may not touch) keep the gate's answer.
 */
export function suggestionsAuthError(route: Route | undefined, error: unknown): unknown {
  if (route?.host !== 'suggestions' || !(error instanceof ApiError) || error.status !== 403) return error;
  if (error.message === messages.invalidCredentials) return new ApiError(401, suggestionsMessages.invalidCredentials);
  if (error.message === messages.methodNotAllowed)
    return new ApiError(401, suggestionsMessages.missingAcl(route.acl as Acl));
  return error;
}

/** A 500 the real service documents (not an emulator bug): the route fuzz test allows these. */
export function isDocumentedServerError(route: Route, body: unknown): boolean {
  return (
    route.host === 'suggestions' &&
    (body as { message?: unknown } | undefined)?.message === suggestionsMessages.internal
  );
}
