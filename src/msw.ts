/**
 * `search-emulator/msw`: the emulator's msw request handlers. A module of its own so that
 * `search-emulator` itself never loads msw (direct calls and the requester need none).
 */
import type { RequestHandler } from 'msw';
import type { Emulator } from './emulator/create';
import { createHandlers as handlersOf, type HandlerOptions } from './handlers/msw';

export type { HandlerOptions };

/**
 * msw request handlers answering the real hosts of the emulator's application (search,
 * insights, analytics, personalization, query suggestions, ...). Pass them to msw's
 * `setupServer(...)` in Node or `setupWorker(...)` in a browser; they work with msw 2 and 3.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createEmulator } from 'search-emulator';
 * import { createHandlers } from 'search-emulator/msw';
 *
 * const emulator = createEmulator({ appId: 'TESTAPP', adminApiKey: 'admin-key' });
 * const server = setupServer(...createHandlers(emulator));
 *
 * With a recorder (`search-emulator/record`), the emulator's requests are verified against a
 * recording, recorded from the real service or replayed: `createHandlers(emulator, { recorder })`.
 */
export function createHandlers(emulator: Pick<Emulator, 'core'>, options: HandlerOptions = {}): RequestHandler[] {
  return handlersOf(emulator.core, options);
}
