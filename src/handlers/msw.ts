import { http, HttpResponse, type RequestHandler } from 'msw';
import type { Core } from '../emulator/core';
import { dispatch, toErrorResponse } from '../emulator/dispatch';
import type { EmulatorResponse, HostFamily } from '../emulator/request';
import { CORS_HEADERS, toEmulatorRequest } from './fetch-request';
import { hostPatterns } from './hosts';

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
        // A handler never throws: msw would print a stack trace and the client see a network error.
        let res: EmulatorResponse;
        try {
          res = await dispatch(core, await toEmulatorRequest(request, family));
        } catch (error) {
          res = toErrorResponse(error);
        }
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
