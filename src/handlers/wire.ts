import { messages } from '../emulator/errors';
import { textDeeperThan, TOO_DEEP } from '../emulator/json-depth';
import type { EmulatorRequest, HostFamily, Method } from '../emulator/request';

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
}

/** The request the dispatcher takes for `wire`, sent to a host of `host`. */
export function fromWire(wire: WireRequest, host: HostFamily): EmulatorRequest {
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
  const text = method === 'GET' || (method as string) === 'HEAD' ? '' : wire.text;
  let body: unknown;
  let bodyError: string | undefined;
  if (textDeeperThan(text)) {
    bodyError = TOO_DEEP;
  } else if (text.trim() !== '') {
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
  };
}

/**
 * A request body as text: bytes are decoded as UTF-8, after gunzipping them when the client
 * compressed them (`content-encoding: gzip`, as the v5 clients' `compression: 'gzip'` sends).
 */
export async function requestText(
  data: string | Uint8Array | ArrayBuffer | undefined,
  encoding: string | undefined,
): Promise<string> {
  if (data === undefined) return '';
  if (typeof data === 'string' && encoding !== 'gzip') return data;
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  if (encoding !== 'gzip') return new TextDecoder().decode(bytes);
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

/** Bytes of `text` in UTF-8: its length when it is all ASCII (the usual body), without encoding a copy. */
function utf8Length(text: string): number {
  return /[^\x00-\x7f]/.test(text) ? new TextEncoder().encode(text).length : text.length;
}
