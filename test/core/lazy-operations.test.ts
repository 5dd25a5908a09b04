import { describe, expect, it, vi } from 'vitest';
import { lazyOperations } from '../../src/emulator/lazy';

/**
 * The operations a service loads on first use (src/emulator/lazy.ts, docs/packaging.md): the
 * first call loads before the operation starts; a loaded module's operations run synchronously,
 * as an eager import's; a failed load is tried again on the next call.
 */
describe('lazyOperations', () => {
  it('loads once, before the first call starts, then calls synchronously', async () => {
    const started: string[] = [];
    const module = { double: (n: number) => (started.push(`double ${n}`), n * 2) };
    const load = vi.fn(async () => {
      started.push('load');
      return module;
    });
    const double = lazyOperations(load)('double');
    const first = double(1);
    expect(started).toEqual(['load']);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(2);
    expect(double(3)).toBe(6);
    expect(started).toEqual(['load', 'double 1', 'double 3']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the operation's errors and retries a load that failed", async () => {
    const module = {
      refuse: (): never => {
        throw new RangeError('refused');
      },
    };
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(module);
    const refuse = lazyOperations<typeof module>(load)('refuse');
    await expect(refuse()).rejects.toThrow('offline');
    await expect(refuse()).rejects.toThrow(RangeError);
    expect(() => refuse()).toThrow('refused');
  });
});

/** `createEmulator` from a fresh module graph: the services' operation chunks are not loaded yet. */
async function freshGraph() {
  vi.resetModules();
  const { createEmulator } = await import('../../src');
  return () => createEmulator({ appId: 'APP', adminApiKey: 'admin', seed: 7 });
}

/** Calls that draw IDs in a service whose operations load on first use. */
async function drawIDs(emulator: ReturnType<Awaited<ReturnType<typeof freshGraph>>>) {
  const auth = await emulator.createAuthentication({
    type: 'basic',
    name: 'a',
    input: { username: 'u', password: 'p' },
  });
  const source = await emulator.createSource({ type: 'json', name: 's', input: { url: 'https://example.com/a.json' } });
  return [auth.authenticationID, source.sourceID];
}

describe('a service loaded on first use', () => {
  it('draws the same IDs as when another emulator loaded them already', async () => {
    const cold = await freshGraph();
    const first = await drawIDs(cold()); // its first call loads the operations
    const warm = await freshGraph();
    await warm().listAuthentications({});
    expect(await drawIDs(warm())).toEqual(first);
  });
});
