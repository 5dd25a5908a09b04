// test/setup.ts (vitest.config.ts: test.setupFiles)
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';

export const emulator = createEmulator({ appId: 'TESTAPP', adminApiKey: 'admin-key' });
export const server = setupServer(...createHandlers(emulator));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  emulator.reset();
});
afterAll(() => server.close());
