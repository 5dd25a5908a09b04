/**
 * The error every operation throws for a client mistake. The dispatcher turns it into
 * `{ message, status }` with that status; direct calls rethrow it, like the real client's
 * `ApiError` (same `status` and `message`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields some endpoints put beside `message` and `status`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** The response body the real service sends for this error. */
  toBody(): Record<string, unknown> {
    return { message: this.message, status: this.status, ...this.extra };
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const payloadTooLarge = (message: string) => new ApiError(413, message);
export const unprocessable = (message: string) => new ApiError(422, message);
export const tooManyRequests = (message: string) => new ApiError(429, message);
export const notImplemented = (operation: string, detail = '') =>
  new ApiError(501, `${operation} is not implemented by search-emulator${detail ? `: ${detail}` : ''}`);

/** Messages the real service uses, kept in one place so tests and operations agree. */
export const messages = {
  indexNotFound: 'Index does not exist',
  objectNotFound: 'ObjectID does not exist',
  taskNotFound: 'Task does not exist',
  invalidCredentials: 'Invalid Application-ID or API key',
  /** The key lacks the right the route needs. */
  methodNotAllowed: 'Method not allowed with this API key',
  /** The key's `indexes` / `restrictIndices` leave the index out. */
  indexNotAllowed: 'Index not allowed with this API key',
  /** The key's `maxQueriesPerIPPerHour` is spent. */
  rateLimited: 'Too many requests per IP per hour',
  /** Multi-cluster mapping: the `X-Algolia-User-ID` is assigned to no cluster. */
  userNotAssigned: 'User ID not found',
  invalidJson: 'Invalid JSON',
  /** A body sent with `content-encoding: gzip` that does not gunzip (the emulator's wording). */
  invalidGzip: 'Invalid gzip body',
  /** What the real client reports when no host answers (status 0: a network failure, not HTTP). */
  unreachable:
    'Unreachable hosts - your application id may be incorrect. If the error persists, please visit our help center https://alg.li/support-unreachable-hosts or reach out to the Algolia Support team: https://alg.li/support',
} as const;
