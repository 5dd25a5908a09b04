import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';

describe('snapshot, restore, reset', () => {
  it('restore brings back records, clock and generator, so the same calls give the same IDs', async () => {
    const emulator = createEmulator();
    await emulator.addOrUpdateObject({ indexName: 'i', objectID: 'kept', body: {} });
    const snap = emulator.snapshot();
    const first = await emulator.saveObject({ indexName: 'i', body: { a: 1 } });
    emulator.clock.advance('1h');

    emulator.restore(snap);
    await expect(emulator.getObject({ indexName: 'i', objectID: first.objectID! })).rejects.toMatchObject({
      status: 404,
    });
    const again = await emulator.saveObject({ indexName: 'i', body: { a: 1 } });
    expect(again).toEqual(first);
  });

  it('reset empties the application and restarts the generator', async () => {
    const emulator = createEmulator();
    const first = await emulator.saveObject({ indexName: 'i', body: {} });
    emulator.reset();
    await expect(emulator.getObject({ indexName: 'i', objectID: first.objectID! })).rejects.toMatchObject({
      status: 404,
    });
    expect((await emulator.saveObject({ indexName: 'i', body: {} })).objectID).toBe(first.objectID);
  });

  it('two emulators with the same seed give the same IDs; another seed differs', async () => {
    const ids = async (seed: string) => {
      const emulator = createEmulator({ seed });
      const a = await emulator.saveObject({ indexName: 'i', body: {} });
      const b = await emulator.saveObject({ indexName: 'i', body: {} });
      return [a.objectID, a.taskID, b.objectID, b.taskID];
    };
    expect(await ids('x')).toEqual(await ids('x'));
    expect(await ids('x')).not.toEqual(await ids('y'));
  });
});
