// The safety net under msw 3, with the network cut off (support/no-network.ts, copied from the
// repository's test/support by the consumer runner): whatever `onUnhandledFrame` says, no
// request to an Algolia host leaves the process, even for an application no emulator serves.
import { algoliasearch } from 'algoliasearch';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHandlers } from 'search-emulator/msw';
import { tripNetwork, type Tripwire } from '../support/no-network';
import { emulator, server } from './setup';

let wire: Tripwire;
beforeAll(() => {
  server.close(); // the setup's server: each strategy below gets its own
  wire = tripNetwork();
});
afterAll(() => {
  wire.restore();
  server.listen({ onUnhandledFrame: 'error' });
});

describe.each(['error', 'warn', 'bypass'] as const)('onUnhandledFrame: %s', (strategy) => {
  it('refuses an application no emulator serves in-process, on every Algolia host', async () => {
    const sealed = setupServer(...createHandlers(emulator));
    sealed.listen({ onUnhandledFrame: strategy });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const client = algoliasearch('PRODAPP', 'production-key');
      await expect(client.searchSingleIndex({ indexName: 'products' })).rejects.toThrow(/Unreachable hosts/);
      for (const host of ['prodapp.algolia.net', 'prodapp-dsn.algolia.net', 'prodapp-2.algolianet.com']) {
        await expect(fetch(`https://${host}/1/indexes`)).rejects.toThrow();
      }
      const insights = await fetch('https://insights.algolia.io/1/events', {
        method: 'POST',
        headers: { 'x-algolia-application-id': 'PRODAPP', 'x-algolia-api-key': 'production-key' },
        body: '{"events":[]}',
      });
      expect(insights.status).toBe(401);
      expect(String(errors.mock.calls[0]?.[0])).toMatch(/no emulator serves application PRODAPP: .* TESTAPP/);
      expect(wire.attempts).toEqual([]);
    } finally {
      errors.mockRestore();
      sealed.close();
    }
  });
});

it('the tripwire counts what msw lets through, so the zero above means something', async () => {
  const open = setupServer();
  open.listen({ onUnhandledFrame: 'bypass' });
  try {
    await expect(fetch('https://elsewhere.example/')).rejects.toThrow();
    expect(wire.attempts).toEqual([expect.stringContaining('elsewhere.example')]);
  } finally {
    open.close();
  }
});
