import { bypass, http, HttpResponse, type RequestHandler } from 'msw';
import type { Core } from '../emulator/core';
import { dispatch, toErrorResponse } from '../emulator/dispatch';
import { bodyText, type EmulatorResponse, type HostFamily } from '../emulator/request';
import { connectRecorder, viaHook, type ExchangeHook, type Forward } from './exchange';
import { CORS_HEADERS, toEmulatorRequest } from './fetch-request';
import { hostPatterns } from './hosts';
import { ownerOf, registerEmulator, unservedMessage } from './owners';
import { stalledResponse } from './transport';

/**
 * Answers already given, per intercepted request. With two servers, msw 2.13 and later queue
 * each request twice to the last server's handlers: the second time gets the same answer
 * instead of reading a used body or running the operation again.
 */
const answered = new WeakMap<Request, Promise<EmulatorResponse>>();

/** The answer to a request no emulator serves: a network error (said once, however often msw hands it over). */
const UNSERVED: Promise<EmulatorResponse> = Promise.resolve({ status: 0, headers: {}, body: undefined });

export interface HandlerOptions {
  /**
   * A recorder (`search-emulator/record`'s `createRecorder(emulator)`): the emulator's own
   * requests go through it, to be verified against a recording, recorded from the real service
   * or replayed. Requests of other applications never do.
   */
  readonly recorder?: ExchangeHook;
}

/** Record mode reaches the real service past msw: `bypass()` marks the request for msw to let through. */
const pastMsw: Forward = (url, init) => fetch(bypass(url, init));

/**
 * One msw handler per host family. Each finds the emulator the request belongs to (from its
 * URL and headers), turns the request into an `EmulatorRequest` and hands it to that
 * emulator's dispatcher.
 *
 * Every request a handler matches is answered: msw sends a matched request that gets no
 * response to the network, whatever `onUnhandledRequest` says. A search host of an application
 * no emulator serves gets a network error (what the real client meets for an application ID
 * that does not exist: its hosts do not resolve) and a console error naming the application
 * and the emulators there are; its body stays unread.
 */
export function createHandlers(core: Core, options: HandlerOptions = {}): RequestHandler[] {
  const { recorder } = options;
  connectRecorder(recorder, core, pastMsw, true);
  registerEmulator(core);
  const patterns = hostPatterns();
  const handlers: RequestHandler[] = [];
  for (const family of Object.keys(patterns) as HostFamily[]) {
    handlers.push(
      http.all(patterns[family], async ({ request }) => {
        if (request.method === 'OPTIONS') return new HttpResponse(null, { status: 204, headers: CORS_HEADERS });
        let answer = answered.get(request);
        let owner: Core | undefined = core;
        if (answer === undefined) {
          owner = ownerOf(core, request, family);
          if (owner === undefined) {
            console.error(unservedMessage(request));
            answered.set(request, UNSERVED);
            return HttpResponse.error();
          }
          const served = owner;
          const emulate = () => respond(served, request, family);
          answer = recorder?.core === owner ? viaHook(recorder, request, family, emulate, pastMsw) : emulate();
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
    return await dispatch(owner, await toEmulatorRequest(request, family, 'msw'));
  } catch (error) {
    return toErrorResponse(error);
  }
}
