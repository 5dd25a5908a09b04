import { http, HttpResponse, type RequestHandler } from 'msw';
import type { Core } from '../emulator/core';
import { dispatch } from '../emulator/dispatch';
import { messages } from '../emulator/errors';
import type { EmulatorRequest, HostFamily, Method } from '../emulator/request';
import { hostPatterns } from './hosts';

/** Browsers send these; the real service answers preflights for any origin. */
const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '86400',
};

/**
 * One msw handler per host family that has routes. Each turns the intercepted request
 * into an {@link EmulatorRequest} and hands it to the dispatcher.
 */
export function createHandlers(core: Core): RequestHandler[] {
  const patterns = hostPatterns(core.options.appId);
  const families = new Set<HostFamily>(core.router.routes.map((r) => r.host));
  const handlers: RequestHandler[] = [];
  for (const family of families) {
    const pattern = patterns[family];
    handlers.push(
      http.all(pattern, async ({ request }) => {
        if (request.method === 'OPTIONS') return new HttpResponse(null, { status: 204, headers: CORS_HEADERS });
        const req = await toEmulatorRequest(request, family);
        const res = await dispatch(core, req);
        if (res.status === 0) return HttpResponse.error(); // firewall: the source sees no server
        return new HttpResponse(JSON.stringify(res.body), {
          status: res.status,
          headers: { ...CORS_HEADERS, ...res.headers },
        });
      }),
    );
  }
  return handlers;
}

async function toEmulatorRequest(request: Request, host: HostFamily): Promise<EmulatorRequest> {
  const url = new URL(request.url);
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, key) => (query[key] = value));
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => (headers[key.toLowerCase()] = value));
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  let body: unknown;
  let bodyError: string | undefined;
  if (text.trim() !== '') {
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
  };
}
