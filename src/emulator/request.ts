/** The host families the emulator answers; recommendations share the search hosts. */
export type HostFamily = 'search' | 'insights' | 'analytics' | 'personalization' | 'suggestions' | 'crawler';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

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
}

export interface EmulatorResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Reads a header in any of its spellings (`X-Service-*`, `X-Algolia-*`), case-insensitively. */
export function readHeader(req: Pick<EmulatorRequest, 'headers'>, name: string): string | undefined {
  const lower = name.toLowerCase();
  const direct = req.headers[lower];
  if (direct !== undefined) return direct;
  if (lower.startsWith('x-algolia-')) return req.headers[`x-service-${lower.slice(10)}`];
  if (lower.startsWith('x-service-')) return req.headers[`x-algolia-${lower.slice(10)}`];
  return undefined;
}

/** Reads a credential from headers, then from the query string (any case, either spelling). */
export function readCredential(req: Pick<EmulatorRequest, 'headers' | 'query'>, name: 'application-id' | 'api-key'): string | undefined {
  const fromHeader = readHeader(req, `x-algolia-${name}`);
  if (fromHeader !== undefined) return fromHeader;
  const wanted = new Set([`x-algolia-${name}`, `x-service-${name}`]);
  for (const [key, value] of Object.entries(req.query)) {
    if (wanted.has(key.toLowerCase())) return value;
  }
  return undefined;
}
