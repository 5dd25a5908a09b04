/**
 * The host families the emulator answers; recommendations, composition and agent studio share
 * the search hosts, A/B testing the analytics hosts. Advanced personalization
 * only answer 501.
 */
export type HostFamily =
  | 'search'
  | 'insights'
  | 'analytics'
  | 'personalization'
  | 'suggestions'
  | 'crawler'
  | 'ingestion'
  | 'monitoring'
  | 'advanced-personalization';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Where a request came from: `direct` (a direct call, a helper, `emulator.request()`: the test's
 * own calls), `msw` (handlers intercepting fetch/XHR), `requester` (`createRequester`),
 * `server` (the standalone HTTP server). The matchers count all but `direct` by default.
 */
export type Surface = (typeof SURFACES)[number];

export const SURFACES = ['direct', 'msw', 'requester', 'server'] as const;

/** A request as the router sees it, whether it came over msw or from a direct call. */
export interface EmulatorRequest {
  method: Method;
  host: HostFamily;
  /** Raw (still URL-encoded) path, without query string. */
  path: string;
  /** Decoded query-string parameters; the last value wins for repeated names. */
  query: Record<string, string>;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Parsed JSON body, `undefined` when there is none. */
  body: unknown;
  /** Set when the body was not valid JSON; the router answers 400 after matching the route. */
  bodyError?: string;
  /** Size of the body in bytes as sent. */
  bodySize: number;
  /** The body as `JSON.stringify(body)` would write it, when already at hand (direct calls): the API log reuses it. */
  bodyText?: string;
  /** Full URL for logs, when known. */
  url?: string;
  /** The surface it came through; undefined reads as `direct`. */
  surface?: Surface;
  /** Aborted when the client gives up waiting (msw, a server): a held answer is let go. */
  signal?: AbortSignal;
  /**
   * The surface sends the answer as text (msw, the server, the requester): the dispatcher writes
   * it once ({@link EmulatorResponse.text}), for the surface and the API log.
   */
  sendsText?: boolean;
  /**
   * Not a client's request: the inspector's own read (docs/inspector.md). It runs the operation
   * as any request does, but no fault, firewall or observer (journal, API log, analytics) sees it.
   */
  internal?: boolean;
}

export interface EmulatorResponse {
  /** 0: the connection fails (a host down, the firewall), no HTTP answer at all. */
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /**
   * An answer the transport never completes (a timeout fault): `'no-answer'`, not a byte comes;
   * `'no-body'`, the status line and headers come, the body never ends. Each surface renders it
   * as its client would meet it (docs/testing.md); direct calls reject with status 0.
   */
  transport?: 'no-answer' | 'no-body';
  /** The body as sent ({@link bodyText}), written once when the request {@link EmulatorRequest.sendsText}. */
  text?: string;
}

/** The content type of every JSON answer, as the real service sends it. */
export const JSON_TYPE = 'application/json; charset=UTF-8';

/** Bytes of `text` in UTF-8: its length when it is all ASCII (the usual body), without encoding a copy. */
export function utf8Length(text: string): number {
  return /[^\x00-\x7f]/.test(text) ? new TextEncoder().encode(text).length : text.length;
}

/** A response's body as sent: JSON, except a text body with another content type (the query suggestions log is JSON Lines). */
export function bodyText(res: EmulatorResponse): string {
  if (res.text !== undefined) return res.text;
  const json = res.headers['content-type']?.startsWith('application/json') ?? true;
  return !json && typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
}

/** Reads a header in any of its spellings (`X-Service-*`, `X-Algolia-*`), case-insensitively. */
export function readHeader(req: Pick<EmulatorRequest, 'headers'>, name: string): string | undefined {
  const spellings = spellingsOf(name);
  const direct = req.headers[spellings[0]];
  return direct !== undefined || spellings.length === 1 ? direct : req.headers[spellings[1]];
}

/** Reads a credential from headers, then from the query string (any case, either spelling). */
export function readCredential(
  req: Pick<EmulatorRequest, 'headers' | 'query'>,
  name: 'application-id' | 'api-key',
): string | undefined {
  return readHeaderOrQuery(req, name === 'api-key' ? 'x-algolia-api-key' : 'x-algolia-application-id');
}

/**
 * The user of a multi-cluster request: the `X-Algolia-User-ID` header, else the same name in
 * the query string (the v4 client's assignUserID and removeUserID send it there).
 */
export function readUserID(req: Pick<EmulatorRequest, 'headers' | 'query'>): string | undefined {
  return readHeaderOrQuery(req, 'x-algolia-user-id');
}

/** Reads a header, then the same name in the query string (any case, either spelling). */
function readHeaderOrQuery(req: Pick<EmulatorRequest, 'headers' | 'query'>, name: string): string | undefined {
  const spellings = spellingsOf(name);
  const fromHeader = readHeader(req, spellings[0]);
  if (fromHeader !== undefined) return fromHeader;
  for (const [key, value] of Object.entries(req.query)) {
    const lower = key.toLowerCase();
    if (lower === spellings[0] || lower === spellings[1]) return value;
  }
  return undefined;
}

/** Header name -> its lower-case name, then the other family's spelling when it has one. */
const spellingCache = new Map<string, readonly string[]>();

/** The names a header is read under; the code reads a fixed set of names, so this stays small. */
function spellingsOf(name: string): readonly string[] {
  let known = spellingCache.get(name);
  if (known === undefined) {
    const lower = name.toLowerCase();
    const other = lower.startsWith('x-algolia-')
      ? `x-service-${lower.slice(10)}`
      : lower.startsWith('x-service-')
        ? `x-algolia-${lower.slice(10)}`
        : undefined;
    spellingCache.set(name, (known = other === undefined ? [lower] : [lower, other]));
  }
  return known;
}
