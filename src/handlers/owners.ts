import type { Core } from '../emulator/core';
import { readCredential } from '../emulator/request';
import type { HostFamily } from '../emulator/request';
import { appOfSearchHost } from './hosts';

/**
 * Which emulator a request belongs to, read from its URL and headers only: a handler must
 * never read the body of a request it does not own (msw hands the same request to the other
 * handlers, and to other servers' handlers, after it).
 *
 * Every emulator registers here when its handlers are created, the latest one per application
 * ID winning (a handler answers its own application's requests itself). msw 2.13 and
 * later route every request of the process through the last server started (the servers
 * share one interceptor), so with two emulators in two `setupServer`s, the second server's
 * handlers see the first application's requests: they hand them to the emulator of that
 * application instead of leaving them unhandled.
 */
const emulators = new Map<string, Core>();

export function registerEmulator(core: Core): void {
  emulators.set(core.options.appId.toLowerCase(), core);
}

/**
 * The emulator that answers `request` when `core`'s handler intercepted it: `core` itself, the
 * emulator of another application the request names, or `undefined` for a search host of an
 * application this process does not emulate (the handler refuses it: see {@link unservedMessage}).
 */
export function ownerOf(core: Core, request: Request, family: HostFamily): Core | undefined {
  if (family !== 'search') {
    // Shared hosts (insights, analytics, ...) exist whatever the application ID: an ID no
    // emulator claims is answered here, with the service's refusal of unknown credentials.
    // With `core` the only emulator, that is `core` whatever the ID: no need to read it.
    if (emulators.size === 1 && emulators.get(core.options.appId.toLowerCase()) === core) return core;
    // Its own application first: after a per-test emulator of the same ID, the map holds that
    // one, but the handlers still in use are this emulator's.
    const app = credentialApp(request);
    if (app === undefined || app === core.options.appId.toLowerCase()) return core;
    return emulators.get(app) ?? core;
  }
  // A search hostname names its application: another application's hosts do not resolve.
  const app = appOfSearchHost(request.url);
  if (app === undefined || app === core.options.appId.toLowerCase()) return core;
  return emulators.get(app);
}

/** The application ID a request carries: header, then query string (either spelling); lower-cased unless told. */
function credentialApp(request: Request, lowerCase = true): string | undefined {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  const query: Record<string, string> = {};
  new URL(request.url).searchParams.forEach((value, name) => (query[name] = value));
  const app = readCredential({ headers, query }, 'application-id');
  return lowerCase ? app?.toLowerCase() : app;
}

/** Application IDs a refusal names (a long test file may have registered many). */
const SHOWN = 10;

/**
 * What a refused request says: a search host of an application no emulator serves. Such a
 * request must not reach the real service (a production application ID in a test's
 * environment), so the handler answers it with a network error and says why here.
 */
export function unservedMessage(request: Request): string {
  // The hostname is lower-cased by then; the credentials keep the ID as the client spelled it.
  const host = appOfSearchHost(request.url) ?? '?';
  const spelled = credentialApp(request, false);
  const app = spelled?.toLowerCase() === host ? spelled : host;
  const known = [...new Set([...emulators.values()].map((core) => core.options.appId))];
  const shown =
    known.length > SHOWN ? `${known.slice(0, SHOWN).join(', ')} and ${known.length - SHOWN} more` : known.join(', ');
  return (
    `search-emulator: no emulator serves application ${app}: ${request.method} ${request.url} was answered ` +
    `with a network error and never left the process. Emulators in this process: ${shown || 'none'}. ` +
    `Give the client one of these application IDs, or create an emulator with appId '${app}' and add its ` +
    `handlers (createHandlers) to msw.`
  );
}
