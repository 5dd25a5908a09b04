import { algoliasearch } from 'algoliasearch';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmulator, type Emulator } from '../../src';
import { setupMsw } from '../support/server';
import { createHandlers } from '../../src/msw';

const CREATED = Date.UTC(2024, 5, 1, 12);

/** What a test sees of the emulator it starts with: the clock, and the IDs the generator hands out. */
async function firstLook(emulator: Emulator) {
  const now = emulator.clock.now();
  const saved = await emulator.saveObject({ indexName: 'products', body: { name: 'phone' } });
  const key = await emulator.addApiKey({ acl: ['search'] });
  return { now, objectID: saved.objectID, taskID: saved.taskID, key: key.key };
}

describe("the README's recipe: one emulator, afterEach(() => emulator.reset())", () => {
  const server = setupMsw();
  const emulator = createEmulator({ now: CREATED, indexingDelay: '1m', seed: 'reset' });
  afterEach(() => emulator.reset());
  const seen: Awaited<ReturnType<typeof firstLook>>[] = [];
  let fresh: Awaited<ReturnType<typeof firstLook>>;
  beforeAll(async () => {
    fresh = await firstLook(createEmulator({ now: CREATED, indexingDelay: '1m', seed: 'reset' }));
  });

  it('a test that moves the clock a day, writes, and leaves a task pending', async () => {
    seen.push(await firstLook(emulator));
    await emulator.advance('1d');
    const client = algoliasearch(emulator.appId, emulator.adminApiKey);
    server.use(...createHandlers(emulator));
    await client.saveObject({ indexName: 'products', body: { objectID: 'late', name: 'case' } });
    emulator.faults.error(503, { operation: 'searchSingleIndex', rate: 0.5 });
    expect(emulator.core.state.tasks.pending.length).toBeGreaterThan(0);
  });

  it('the next test starts where a new emulator starts: the creation instant, the same IDs, nothing pending', async () => {
    seen.push(await firstLook(emulator));
    expect(seen[1]).toEqual(fresh);
    expect(seen[0]).toEqual(fresh);
    expect(new Date(seen[1].now).toISOString()).toBe('2024-06-01T12:00:00.000Z');
    expect(emulator.core.state.tasks.pending).toHaveLength(1); // the write of this test only
    expect(emulator.faults.list).toEqual([]);
    expect(emulator.journal.entries.map((entry) => entry.operation)).toEqual(['saveObject', 'addApiKey']);
  });

  it('a pending write published by the clock before the reset does not come back after it', async () => {
    await emulator.saveObject({ indexName: 'products', body: { objectID: 'x' } });
    emulator.clock.advance('2m');
    expect((await emulator.searchSingleIndex({ indexName: 'products' })).nbHits).toBe(1);
    emulator.reset();
    expect(emulator.clock.now()).toBe(CREATED);
    await expect(emulator.searchSingleIndex({ indexName: 'products' })).rejects.toMatchObject({ status: 404 });
    emulator.clock.advance('2m');
    expect((await emulator.listIndices()).items).toEqual([]);
  });
});

describe('reset options', () => {
  it('{ keepClock: true } keeps the time and empties the rest', async () => {
    const emulator = createEmulator({ now: CREATED });
    const first = await emulator.saveObject({ indexName: 'i', body: {} });
    emulator.clock.advance('3h');
    emulator.reset({ keepClock: true });
    expect(emulator.clock.now()).toBe(CREATED + 3 * 3_600_000);
    expect((await emulator.listIndices()).items).toEqual([]);
    // The generator restarts all the same.
    expect((await emulator.saveObject({ indexName: 'i', body: {} })).objectID).toBe(first.objectID);
  });

  it('a system clock loses the offset advance() gave it', () => {
    vi.useFakeTimers({ now: CREATED, toFake: ['Date'] });
    try {
      const emulator = createEmulator({ now: 'system' });
      emulator.clock.advance('1d');
      expect(emulator.clock.now()).toBe(CREATED + 86_400_000);
      emulator.reset();
      expect(emulator.clock.now()).toBe(CREATED);
      vi.setSystemTime(CREATED + 5_000);
      expect(emulator.clock.now()).toBe(CREATED + 5_000); // it follows the host again
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes no declared parameter (Jest would wait for a done callback) and ignores a hook context', () => {
    const emulator = createEmulator({ now: CREATED });
    expect(emulator.reset.length).toBe(0);
    const reset = emulator.reset; // afterEach(emulator.reset): Vitest passes its context
    emulator.clock.advance('1h');
    reset({ task: {}, signal: new AbortController().signal } as never);
    expect(emulator.clock.now()).toBe(CREATED);
  });
});

afterAll(() => vi.useRealTimers());
