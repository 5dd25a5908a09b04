import { messages } from '../emulator/errors';
import { textDeeperThan, TOO_DEEP } from '../emulator/json-depth';
import type { EmulatorRequest, EmulatorResponse, HostFamily, Method } from '../emulator/request';

/** Browsers send these; the real service answers preflights for any origin. */
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '86400',
};

/** A Fetch API request (what msw and the standalone server receive) as the router sees it. */
export async function toEmulatorRequest(request: Request, host: HostFamily): Promise<EmulatorRequest> {
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, key) => (query[key] = value));
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => (headers[key.toLowerCase()] = value));
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
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
    method: request.method.toUpperCase() as Method,
    host,
    path: url.pathname,
    query,
    headers,
    body,
    bodyError,
    bodySize: new TextEncoder().encode(text).length,
    url: request.url,
    signal: request.signal,
  };
}

/** A response's body as sent: JSON, except a text body with another content type (the query suggestions log is JSON Lines). */
export function bodyText(res: EmulatorResponse): string {
  const json = res.headers['content-type']?.startsWith('application/json') ?? true;
  return !json && typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
}
