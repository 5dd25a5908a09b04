// test/setup.ts: the Vitest setup with a recorder between the emulator and its handlers.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';
import { createRecorder } from 'search-emulator/record';

export const emulator = createEmulator({ appId: 'TESTAPP', adminApiKey: 'admin-key' });
// Verifies every answer against test/__recordings__/ (SEARCH_EMULATOR_MODE=record makes them).
export const recorder = createRecorder(emulator, { runner: { expect, afterEach, afterAll } });
export const server = setupServer(...createHandlers(emulator, { recorder }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  emulator.reset();
});
afterAll(() => server.close());
