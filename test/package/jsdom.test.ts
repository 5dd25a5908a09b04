// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';

describe('under jsdom (Jest/Vitest browser-like setups)', () => {
  it('creates an emulator and answers direct calls', async () => {
    expect(typeof window).toBe('object');
    const emulator = createEmulator();
    await emulator.addOrUpdateObject({ indexName: 'i', objectID: 'a', body: { title: 'x' } });
    await expect(emulator.getObject({ indexName: 'i', objectID: 'a' })).resolves.toEqual({ title: 'x', objectID: 'a' });
  });
});
