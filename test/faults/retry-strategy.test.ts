import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();
/** Timeouts short enough that waiting on the client's own timers stays fast. */
const QUICK = { timeouts: { connect: 5, read: 5, write: 5 } };

/** A fresh emulator and an official client with quick timeouts (its hosts cache is its own). */
function setup() {
  const { emulator } = env.fresh();
  const client = algoliasearch(emulator.appId, emulator.adminApiKey, QUICK);
  return { emulator, client };
}

describe("the official client's retry strategy through injected faults", () => {
  it('the DSN host down: reads go to the fallback hosts, writes still go to the write host', async () => {
    const { emulator, client } = setup();
    emulator.faults.down({ hostname: 'TESTAPP-dsn.algolia.net' });
    await client.saveObject({ indexName: 'p', body: { objectID: '1', name: 'phone' } });
    await expect(client.searchSingleIndex({ indexName: 'p', searchParams: { query: 'phone' } })).resolves.toMatchObject(
      { nbHits: 1 },
    );
    await expect(client.getObject({ indexName: 'p', objectID: '1' })).resolves.toMatchObject({ name: 'phone' });
    const [write, ...reads] = emulator.journal.entries;
    expect([write.operation, write.hostname, write.served]).toEqual(['saveObject', 'testapp.algolia.net', true]);
    // Each read tries the DSN host first, then a fallback host answers.
    expect(reads.map((e) => [e.operation, e.hostname?.replace(/-[123]\./, '-N.'), e.served])).toEqual([
      ['searchSingleIndex', 'testapp-dsn.algolia.net', false],
      ['searchSingleIndex', 'testapp-N.algolianet.com', true],
      ['getObject', 'testapp-dsn.algolia.net', false],
      ['getObject', 'testapp-N.algolianet.com', true],
    ]);
  });

  it('every search host down: "Unreachable hosts", after trying each host once', async () => {
    const { emulator, client } = setup();
    emulator.faults.down({ host: 'search' });
    const error = await client
      .searchSingleIndex({ indexName: 'p', searchParams: { query: 'x' } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'RetryError',
      message: expect.stringMatching(/^Unreachable hosts - your application id may be incorrect/),
    });
    const tried = (
      error as { stackTrace: { host: { url: string }; response: { status: number; isTimedOut: boolean } }[] }
    ).stackTrace;
    expect(tried.map((frame) => frame.host.url.toLowerCase()).sort()).toEqual([
      'testapp-1.algolianet.com',
      'testapp-2.algolianet.com',
      'testapp-3.algolianet.com',
      'testapp-dsn.algolia.net',
    ]);
    expect(tried.every((frame) => frame.response.status === 0 && !frame.response.isTimedOut)).toBe(true);
    expect(emulator.journal.filter({ fault: 'down' })).toHaveLength(4);
  });

  it("a host that never answers: the client's own connect timeout fires, and it moves on", async () => {
    const { emulator, client } = setup();
    await client.saveObject({ indexName: 'p', body: { objectID: '1' } });
    emulator.faults.timeout({ hostname: /-dsn\./ });
    await expect(client.getObject({ indexName: 'p', objectID: '1' })).resolves.toEqual({ objectID: '1' });
    expect(
      emulator.journal.entries.slice(1).map((e) => [e.hostname?.replace(/-[123]\./, '-N.'), e.fault?.phase, e.served]),
    ).toEqual([
      ['testapp-dsn.algolia.net', 'connect', false],
      ['testapp-N.algolianet.com', undefined, true],
    ]);
    emulator.faults.timeout({ host: 'search' });
    const error = await client.getObject({ indexName: 'p', objectID: '1' }).catch((caught: unknown) => caught);
    const tried = (error as { stackTrace: { response: { content: string; isTimedOut: boolean } }[] }).stackTrace;
    expect(tried.length).toBeGreaterThan(0);
    expect(tried.every((frame) => frame.response.isTimedOut && frame.response.content === 'Connection timeout')).toBe(
      true,
    );
  });

  it('a response timeout after the service applied a write: the retry applies it again', async () => {
    const { emulator, client } = setup();
    emulator.faults.timeout({ hostname: 'testapp.algolia.net', phase: 'response', operation: 'saveObject' });
    // No objectID: each attempt the service receives adds a record.
    await client.saveObject({ indexName: 'p', body: { name: 'phone' } });
    const saves = emulator.journal.of('saveObject');
    expect(saves.map((e) => e.served)).toEqual([true, true]);
    expect(saves[0].fault).toMatchObject({ kind: 'timeout', phase: 'response' });
    expect((await emulator.browse({ indexName: 'p' })).hits).toHaveLength(2);
  });

  it('5xx on the DSN host: the read is retried on a fallback host', async () => {
    const { emulator, client } = setup();
    emulator.faults.error(502, { hostname: /-dsn\./ });
    await expect(client.listIndices()).resolves.toMatchObject({ items: [] });
    expect(emulator.journal.entries.map((e) => e.status)).toEqual([502, 200]);
  });

  it('429 with Retry-After: the client waits that long (its own timer) and asks the same host again', async () => {
    const { emulator, client } = setup();
    emulator.faults.rateLimit({ operation: 'listIndices', retryAfter: 1, times: 1 });
    await expect(client.listIndices()).resolves.toMatchObject({ items: [] });
    const [limited, retried] = emulator.journal.entries;
    expect(limited.status).toBe(429);
    expect(retried.status).toBe(200);
    expect(retried.hostname).toBe(limited.hostname);
  });

  it('a slow answer waits for the fake clock, whatever real time passes', async () => {
    const { emulator } = setup();
    const patient = algoliasearch(emulator.appId, emulator.adminApiKey);
    emulator.faults.latency('30s', { operation: 'listIndices' });
    const pending = patient.listIndices();
    await emulator.faults.whenWaiting();
    emulator.clock.advance('30s');
    await expect(pending).resolves.toMatchObject({ items: [] });
    expect(emulator.journal.entries).toHaveLength(1);
  });
});
