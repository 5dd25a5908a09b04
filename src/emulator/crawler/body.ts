import { crawlerMessages, invalidRequest } from './errors';

/** A JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request body as an object, or the 400 the API gives for any other body. */
export function requireBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw invalidRequest(crawlerMessages.bodyNotObject);
  return body;
}
