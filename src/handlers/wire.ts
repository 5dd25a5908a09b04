import { messages } from '../emulator/errors';
import { textDeeperThan, TOO_DEEP } from '../emulator/json-depth';
import { utf8Length, type EmulatorRequest, type HostFamily, type Method, type Surface } from '../emulator/request';

/**
 * An HTTP request as it left the client: what msw's `Request` and the official clients'
 * requesters both carry. Both surfaces turn it into an {@link EmulatorRequest} here, so they
 * read credentials, query strings and bodies the same way.
 */
export interface WireRequest {
  readonly method: string;
  readonly url: string;
  /** Header names in any case. */
  readonly headers: Record<string, string>;
  /** The body as sent; empty when there is none. */
  readonly text: string;
  /** Why the body could not be read as text (a gzip body that does not gunzip): a 400. */
  readonly bodyError?: string;
}

/** The request the dispatcher takes for `wire`, sent to a host of `host` through `surface`. */
export function fromWire(wire: WireRequest, host: HostFamily, surface: Surface): EmulatorRequest {
  const queryStart = wire.url.indexOf('?');
  const pathStart = wire.url.indexOf('/', wire.url.indexOf('//') + 2);
  const end = queryStart < 0 ? wire.url.length : queryStart;
  const query: Record<string, string> = {};
  // The usual request has no query string: only then is URLSearchParams needed.
  if (queryStart >= 0)
    new URLSearchParams(wire.url.slice(queryStart + 1)).forEach((value, key) => (query[key] = value));
  const headers: Record<string, string> = {};
  for (const name in wire.headers) headers[name.toLowerCase()] = wire.headers[name];
  const method = wire.method.toUpperCase() as Method;
  const bodiless = method === 'GET' || (method as string) === 'HEAD';
  const text = bodiless ? '' : wire.text;
  let body: unknown;
  // A body that never became text (bad gzip) has nothing to parse.
  let bodyError = bodiless ? undefined : wire.bodyError;
  if (bodyError === undefined && textDeeperThan(text)) {
    bodyError = TOO_DEEP;
  } else if (bodyError === undefined && text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch (error) {
      bodyError = `${messages.invalidJson}: ${(error as Error).message}`;
    }
  }
  return {
    method,
    host,
    path: pathStart < 0 || pathStart >= end ? '/' : wire.url.slice(pathStart, end),
    query,
    headers,
    body,
    bodyError,
    bodySize: utf8Length(text),
    url: wire.url,
    sendsText: true,
    surface,
  };
}

/** A request body read as text, or why it could not be. */
export type BodyText = Pick<WireRequest, 'text' | 'bodyError'>;

/**
 * A request body as text: bytes are decoded as UTF-8, after gunzipping them when the client
 * compressed them (`content-encoding: gzip`, as the v5 clients' `compression: 'gzip'` sends).
 * Bytes that do not gunzip are the client's mistake: a `bodyError`, answered 400, not a throw.
 */
export async function requestText(
  data: string | Uint8Array | ArrayBuffer | undefined,
  encoding: string | undefined,
): Promise<BodyText> {
  if (data === undefined) return { text: '' };
  if (typeof data === 'string' && encoding !== 'gzip') return { text: data };
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  if (encoding !== 'gzip') return { text: new TextDecoder().decode(bytes) };
  try {
    const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
    return { text: await new Response(stream).text() };
  } catch (error) {
    return { text: '', bodyError: `${messages.invalidGzip}: ${(error as Error).message}` };
  }
}
