import type { EmulatorRequest, HostFamily } from '../emulator/request';
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
export async function toEmulatorRequest(request: Request, host: HostFamily): Promise<EmulatorRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => (headers[key] = value));
  const encoding = headers['content-encoding'];
  const text =
    request.method === 'GET' || request.method === 'HEAD' ? '' : encoding === 'gzip' ? await requestText(await request.arrayBuffer(), encoding) : await request.text();
  return { ...fromWire({ method: request.method, url: request.url, headers, text }, host), signal: request.signal };
}
