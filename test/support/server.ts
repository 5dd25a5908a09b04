import { algoliasearch } from 'algoliasearch';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createEmulator, type EmulatorOptions } from '../../src';
import { createHandlers } from '../../src/msw';

/**
 * An msw server for this test file: listening before the first test (a request no handler
 * answers fails the test, it never reaches the network), handlers reset after each test.
 */
export function setupMsw() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/**
 * An emulator behind msw with the real v5 client pointed at it, for end-to-end tests.
 * One server per test file; `fresh()` gives each test a clean emulator.
 */
export function setupEmulatorServer(options: EmulatorOptions = {}) {
  const server = setupMsw();
  const state = { emulator: createEmulator(options) };

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
