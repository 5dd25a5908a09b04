import type { OperationContext } from '../route';
import { invalidPayload, ingestionMessages } from './errors';
import {
  defined,
  nonEmpty,
  nullable,
  oneOf,
  readShape,
  requireObject,
  rfc3339,
  shape,
  string,
  type Shape,
} from './fields';
import { listFilter, paginate, searchedIDs } from './listing';
import type { AuthenticationRecord, Json } from './state';
import { ingestionOf, requireResource, uuid } from './store';

export const AUTHENTICATION_TYPES = [
  'googleServiceAccount',
  'basic',
  'apiKey',
  'oauth',
  'algolia',
  'algoliaInsights',
  'secrets',
] as const;
const PLATFORMS = ['bigcommerce', 'commercetools', 'shopify'] as const;

/** Each type's credentials (`AuthInput`): the fields, the required ones, and those answers leave out. */
const INPUTS: Record<string, { fields: Shape; secret: readonly string[] }> = {
  googleServiceAccount: {
    fields: shape({ clientEmail: string, privateKey: string }, ['clientEmail', 'privateKey']),
    secret: ['privateKey'],
  },
  basic: { fields: shape({ username: string, password: string }, ['username', 'password']), secret: ['password'] },
  apiKey: { fields: shape({ key: string }, ['key']), secret: ['key'] },
  oauth: {
    fields: shape({ url: string, client_id: string, client_secret: string, code: string, scope: string }, ['url']),
    secret: ['client_secret', 'code'],
  },
  algolia: { fields: shape({ appID: string, apiKey: string }, ['appID', 'apiKey']), secret: ['apiKey'] },
  algoliaInsights: { fields: shape({ appID: string, apiKey: string }, ['appID', 'apiKey']), secret: ['apiKey'] },
};

/** Reads an authentication's `input` for its type; `partial` for an update (every field optional). */
function readInput(type: string, value: unknown, path: string, partial: boolean): Json {
  if (type === 'secrets') {
    const secrets = requireObject(value, path);
    for (const [name, secret] of Object.entries(secrets)) string(secret, `${path}.${name}`);
    return secrets;
  }
  return readShape(value, path, INPUTS[type].fields, partial);
}

const CREATE = shape(
  {
    type: oneOf(...AUTHENTICATION_TYPES),
    name: nonEmpty,
    platform: nullable(oneOf(...PLATFORMS)),
    input: (value) => value,
  },
  ['type', 'name', 'input'],
);

/** Reads an `AuthenticationCreate` (also what `tryTransformation` sends in `authentications`). */
export function readAuthenticationCreate(value: unknown, path = 'body') {
  const body = readShape(value, path, CREATE);
  const type = body.type as string;
  return {
    type,
    name: body.name as string,
    platform: body.platform as string | null | undefined,
    input: readInput(type, body.input, path === 'body' ? 'input' : `${path}.input`, false),
  };
}

/** An authentication as answers show it: secrets left out (the API documents them as `null` in responses). */
export function authenticationView(auth: AuthenticationRecord) {
  const hidden = auth.type === 'secrets' ? Object.keys(auth.input) : (INPUTS[auth.type]?.secret ?? []);
  const input = Object.fromEntries(Object.entries(auth.input).filter(([key]) => !hidden.includes(key)));
  return defined({ ...auth, input });
}

/** POST /1/authentications */
export function createAuthentication(ctx: OperationContext) {
  const { core } = ctx;
  const body = readAuthenticationCreate(ctx.req.body);
  const authenticationID = uuid(core);
  const now = rfc3339(core.now());
  const record: AuthenticationRecord = defined({ authenticationID, ...body, createdAt: now, updatedAt: now });
  core.commit((draft) => {
    ingestionOf(draft).authentications.set(authenticationID, record);
  });
  return { authenticationID, name: body.name, createdAt: now };
}

/** GET /1/authentications/{authenticationID} */
export function getAuthentication(ctx: OperationContext) {
  return authenticationView(requireResource(ctx.core, 'authentication', ctx.params.authenticationID));
}

/** PATCH /1/authentications/{authenticationID} — a new name, some credentials (merged with the stored ones). */
export function updateAuthentication(ctx: OperationContext) {
  const { core, params } = ctx;
  const current = requireResource(core, 'authentication', params.authenticationID);
  const body = readShape(ctx.req.body, 'body', shape({ name: nonEmpty, input: (value) => value }));
  const input =
    body.input === undefined
      ? current.input
      : { ...current.input, ...readInput(current.type, body.input, 'input', true) };
  const updatedAt = rfc3339(core.now());
  const next: AuthenticationRecord = { ...current, name: (body.name as string) ?? current.name, input, updatedAt };
  core.commit((draft) => {
    ingestionOf(draft).authentications.set(current.authenticationID, next);
  });
  return { authenticationID: current.authenticationID, name: next.name, updatedAt };
}

/** DELETE /1/authentications/{authenticationID} — refused while a source, destination or transformation uses it. */
export function deleteAuthentication(ctx: OperationContext) {
  const { core, params } = ctx;
  const { authenticationID } = requireResource(core, 'authentication', params.authenticationID);
  const { sources, destinations, transformations } = core.state.ingestion;
  const users = [
    ...[...sources.values()].filter((s) => s.authenticationID === authenticationID).map((s) => `source ${s.sourceID}`),
    ...[...destinations.values()]
      .filter((d) => d.authenticationID === authenticationID)
      .map((d) => `destination ${d.destinationID}`),
    ...[...transformations.values()]
      .filter((t) => t.authenticationIDs?.includes(authenticationID))
      .map((t) => `transformation ${t.transformationID}`),
  ];
  if (users.length > 0) throw invalidPayload(ingestionMessages.inUse('authentication', authenticationID, users));
  core.commit((draft) => {
    ingestionOf(draft).authentications.delete(authenticationID);
  });
  return { deletedAt: rfc3339(core.now()) };
}

/** GET /1/authentications — filtered by `type` and `platform` (`none`: without one). */
export function listAuthentications(ctx: OperationContext) {
  const { query } = ctx.req;
  const types = listFilter(query, 'type', AUTHENTICATION_TYPES);
  const platforms = listFilter(query, 'platform', [...PLATFORMS, 'none']);
  const all = [...ctx.core.state.ingestion.authentications.values()].filter(
    (auth) => (!types || types.has(auth.type)) && (!platforms || platforms.has(auth.platform ? auth.platform : 'none')),
  );
  const { items, pagination } = paginate(all, query, ['name', 'type', 'platform', 'updatedAt', 'createdAt']);
  return { authentications: items.map(authenticationView), pagination };
}

/** POST /1/authentications/search — the authentications among the IDs given (unknown IDs are left out). */
export function searchAuthentications(ctx: OperationContext) {
  const { authentications } = ctx.core.state.ingestion;
  return searchedIDs(ctx.req.body, 'authenticationIDs')
    .map((id) => authentications.get(id))
    .filter((auth) => auth !== undefined)
    .map(authenticationView);
}

/** Each authentication ID a resource names must exist (404 otherwise). */
export function requireAuthentications(ctx: OperationContext, ids: readonly unknown[]): void {
  for (const id of ids) if (typeof id === 'string') requireResource(ctx.core, 'authentication', id);
}
