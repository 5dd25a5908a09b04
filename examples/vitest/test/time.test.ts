import { createEmulator } from 'search-emulator';
import { expect, it } from 'vitest';

it('replays on a fake clock and restores snapshots', async () => {
  const emulator = createEmulator({ now: '2024-06-01T12:00:00Z', indexingDelay: '2s', seed: 42 });
  const { taskID } = await emulator.saveObject({ indexName: 'i', body: { name: 'Phone' } }); // accepted, not yet published
  expect(await emulator.getTask({ indexName: 'i', taskID })).toMatchObject({ status: 'notPublished' });
  emulator.clock.advance('2s'); // now it is
  expect(await emulator.getTask({ indexName: 'i', taskID })).toMatchObject({ status: 'published' });

  const snap = emulator.snapshot(); // O(1): the state tree is immutable
  await emulator.clearObjects({ indexName: 'i' });
  emulator.clock.advance('2s');
  expect((await emulator.searchSingleIndex({ indexName: 'i' })).nbHits).toBe(0);
  emulator.restore(snap); // the record is back, the clock too
  expect((await emulator.searchSingleIndex({ indexName: 'i' })).nbHits).toBe(1);
  emulator.reset(); // an empty application
  expect((await emulator.listIndices()).items).toEqual([]);
});
