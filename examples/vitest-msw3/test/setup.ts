// test/setup.ts with msw 3 (Node 22.12 or later): `onUnhandledRequest` is now `onUnhandledFrame`.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';

export const emulator = createEmulator({ appId: 'TESTAPP', adminApiKey: 'admin-key' });
export const server = setupServer(...createHandlers(emulator));

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  emulator.reset();
});
afterAll(() => server.close());
