import { http, HttpResponse, type RequestHandler } from 'msw';
import type { Core } from '../emulator/core';
import { dispatch, toErrorResponse } from '../emulator/dispatch';
import { bodyText, type EmulatorResponse, type HostFamily } from '../emulator/request';
import { CORS_HEADERS, toEmulatorRequest } from './fetch-request';
import { hostPatterns } from './hosts';
import { ownerOf, registerEmulator } from './owners';
import { stalledResponse } from './transport';

/**
 * Answers already given, per intercepted request. With two servers, msw 2.13 and later queue
 * each request twice to the last server's handlers: the second time gets the same answer
 * instead of reading a used body or running the operation again.
 */
const answered = new WeakMap<Request, Promise<EmulatorResponse>>();

/**
 * One msw handler per host family that has routes. Each finds the emulator the request
 * belongs to (from its URL and headers), turns the request into an `EmulatorRequest`
 * and hands it to that emulator's dispatcher. A request of an application no emulator
 * answers is left alone, body unread.
 */
export function createHandlers(core: Core): RequestHandler[] {
  registerEmulator(core);
  const patterns = hostPatterns();
  const families = new Set<HostFamily>(core.router.routes.map((r) => r.host));
  const handlers: RequestHandler[] = [];
  for (const family of families) {
    handlers.push(
      http.all(patterns[family], async ({ request }) => {
        if (request.method === 'OPTIONS') return new HttpResponse(null, { status: 204, headers: CORS_HEADERS });
        let answer = answered.get(request);
        let owner: Core | undefined = core;
        if (answer === undefined) {
          owner = ownerOf(core, request, family);
          if (owner === undefined) return undefined;
          answer = respond(owner, request, family);
          answered.set(request, answer);
        }
        const res = await answer;
        if (res.transport !== undefined) return stalledResponse(owner ?? core, res, request.signal, CORS_HEADERS);
        if (res.status === 0) return HttpResponse.error(); // a host down, the firewall: the source sees no server
        return new HttpResponse(bodyText(res), {
          status: res.status,
          headers: { ...CORS_HEADERS, ...res.headers },
        });
      }),
    );
  }
  return handlers;
}

/** The owner's response; never throws (msw would print a stack trace and the client see a network error). */
async function respond(owner: Core, request: Request, family: HostFamily): Promise<EmulatorResponse> {
  try {
    return await dispatch(owner, await toEmulatorRequest(request, family));
  } catch (error) {
    return toErrorResponse(error);
  }
}
