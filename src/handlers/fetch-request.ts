import type { EmulatorRequest, HostFamily, Surface } from '../emulator/request';
import { fromWire, requestText } from './wire';

/** Browsers send these; the real service answers preflights for any origin. */
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '86400',
};

/**
 * A Fetch API request (what msw and the standalone server receive) as the router sees it:
 * read the way the requester reads the clients' requests (see wire.ts), gzip bodies included.
 */
export async function toEmulatorRequest(
  request: Request,
  host: HostFamily,
  surface: Extract<Surface, 'msw' | 'server'>,
): Promise<EmulatorRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => (headers[key] = value));
  const encoding = headers['content-encoding'];
  const body =
    request.method === 'GET' || request.method === 'HEAD'
      ? { text: '' }
      : encoding === 'gzip'
        ? await requestText(await request.arrayBuffer(), encoding)
        : { text: await textOf(request) };
  const req = fromWire({ method: request.method, url: request.url, headers, ...body }, host, surface);
  req.signal = request.signal;
  return req;
}

/**
 * The body decoded as UTF-8, as `request.text()` decodes it (a leading BOM dropped, bad bytes
 * replaced), read chunk by chunk: inside msw, 0.018 ms against `text()`'s 0.025 for a small
 * search, which reads the same stream through more layers of promises.
 */
async function textOf(request: Request): Promise<string> {
  // No stream: no body, or a fetch polyfill without streams.
  if (!request.body) return request.text();
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}
