import { ApiError } from '../errors';

/**
 * The crawler API's failures. Spec 001 gives them a `message`; the live API nests a code and
 * the message under `error` (`{"error": {"code": "malformed_id"}}`): both are sent.
 */
export function crawlerError(status: number, code: string, message: string): ApiError {
  return new ApiError(status, message, { error: { code, message } });
}

export const invalidRequest = (message: string) => crawlerError(400, 'invalid_request', message);

/** Messages of the crawler API, kept in one place so operations and tests agree. */
export const crawlerMessages = {
  bodyNotObject: 'The request body must be a JSON object',
  missingAuth:
    'Authorization information is missing or invalid: send `Authorization: Basic base64(<user id>:<api key>)`',
  wrongAuth: 'Invalid crawler credentials',
  noSuchCrawler: 'User has no access rights to the specified crawler, or the crawler does not exist',
  notBlocking: 'Only the blocking task of a blocked crawler can be cancelled',
  noSuchTask: 'Task does not exist',
  noSuchVersion: 'Configuration version does not exist',
  /** The config version routes' answer for a crawler that does not exist (the live OpenAPI documents only 404 there). */
  noVersionedCrawler: 'Crawler does not exist',
  tooManyCrawlCalls: 'Too many crawl URLs calls: 200 are allowed per 24 hours',
} as const;
