import { ApiError } from '../errors';

/**
 * The Ingestion API's failures: `message` and `status`, with a code under `error`, as the live
 * service answers (`{"error":{"code":"resource_not_found"},"message":"cannot find task
 * products","status":404}`, reproduced against a live application and quoted in
 * algolia/algoliasearch-sfcc-b2c#293).
 */
export function ingestionError(status: number, code: string, message: string): ApiError {
  return new ApiError(status, message, { error: { code } });
}

export const invalidPayload = (message: string) => ingestionError(400, 'invalid_payload', message);
export const resourceNotFound = (message: string) => ingestionError(404, 'resource_not_found', message);

/** The resources the API names in its messages. */
export type ResourceKind = 'authentication' | 'destination' | 'source' | 'task' | 'transformation' | 'run' | 'event';

/** Messages of the Ingestion API, kept in one place so operations and tests agree. */
export const ingestionMessages = {
  /** The live wording for a push to an index no push task writes to. */
  noPushTask: (indexName: string) => `cannot find task ${indexName}`,
  /** The live wording when several push tasks write to the index. */
  manyPushTasks: (ids: readonly string[], indexName: string) =>
    `multiple tasks (${ids.join(', ')}) found for the Push connector with indexName ${indexName}, please use /2/tasks/:id/push instead`,
  notFound: (kind: ResourceKind, id: string) => `cannot find ${kind} ${id}`,
  inUse: (kind: ResourceKind, id: string, users: readonly string[]) =>
    `${kind} ${id} is used by ${users.join(', ')}: delete or update them first`,
  bodyNotObject: 'The request body must be a JSON object',
} as const;

/** 404 naming the resource, as the live service words it for tasks. */
export const missing = (kind: ResourceKind, id: string) => resourceNotFound(ingestionMessages.notFound(kind, id));
