import { algoliasearch } from 'algoliasearch';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createEmulator, type EmulatorOptions } from '../../src';
import { createHandlers } from '../../src/msw';

/**
 * An emulator behind msw with the real v5 client pointed at it, for end-to-end tests.
 * One server per test file; `fresh()` gives each test a clean emulator.
 */
export function setupEmulatorServer(options: EmulatorOptions = {}) {
  const server = setupServer();
  const state = { emulator: createEmulator(options) };
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  return {
    server,
    /** A new emulator (and client) wired into msw for the current test. */
    fresh(overrides: EmulatorOptions = {}) {
      state.emulator = createEmulator({ ...options, ...overrides });
      server.use(...createHandlers(state.emulator));
      const client = algoliasearch(state.emulator.appId, state.emulator.adminApiKey);
      return { emulator: state.emulator, client };
    },
  };
}
