import { ApiError, messages } from '../errors';
import type { Acl, Auth, Route } from '../route';

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
  /** The emulator's wording for a key that holds the right but is not the admin key spec 001 requires. */
  adminOnly: 'The Query Suggestions API requires the application admin API key',
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

/** The right the OpenAPI names for an operation (`x-acl`): `settings` to read, `editSettings` to write. */
export const suggestionsAcl = (route: Route): Acl => (route.method === 'GET' ? 'settings' : 'editSettings');

/**
 * How a recognised key that is not the admin key is refused: 401, as the OpenAPI documents
 * for every operation, except creating a configuration, for which spec 001 lists 403. The
 * message names the missing right, or says the admin key is needed when the key holds it.
 */
export function notAdminError(route: Route, auth: Pick<Auth, 'acl'>): ApiError {
  const acl = suggestionsAcl(route);
  const message = auth.acl.has(acl) ? suggestionsMessages.adminOnly : suggestionsMessages.missingAcl(acl);
  return new ApiError(route.method === 'POST' ? 403 : 401, message);
}

/**
 * The gate refuses with 403 for the search API; this API answers 401 `Invalid credentials`
 * for missing or wrong credentials, and {@link notAdminError} for a valid key that is not
 * the admin key (`auth` is set once the key was recognised).
 */
export function suggestionsAuthError(route: Route | undefined, auth: Auth | undefined, error: unknown): unknown {
  if (
    route?.host !== 'suggestions' ||
    !(error instanceof ApiError) ||
    error.status !== 403 ||
    error.message !== messages.invalidCredentials
  )
    return error;
  return auth === undefined ? new ApiError(401, suggestionsMessages.invalidCredentials) : notAdminError(route, auth);
}

/** A 500 the real service documents (not an emulator bug): the route fuzz test allows these. */
export function isDocumentedServerError(route: Route, body: unknown): boolean {
  return (
    route.host === 'suggestions' &&
    (body as { message?: unknown } | undefined)?.message === suggestionsMessages.internal
  );
}
