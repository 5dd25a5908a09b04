import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';

/** The same calls in the same order: every response and the resulting indices, as plain data. */
async function script(seed: string, indexingDelay = 0) {
  const emulator = createEmulator({ seed, indexingDelay });
  const out: unknown[] = [];
  out.push(await emulator.saveObject({ indexName: 'p', body: { n: 1 } }));
  out.push(
    await emulator.batch({
      indexName: 'p',
      batchWriteParams: {
        requests: [
          { action: 'addObject', body: { n: 2 } },
          { action: 'addObject', body: { n: 3 } },
        ],
      },
    }),
  );
  emulator.clock.advance('90s');
  out.push(
    await emulator.multipleBatch({
      requests: [
        { indexName: 'q', action: 'addObject', body: {} },
        { indexName: 'p', action: 'clear', body: {} },
      ],
    }),
  );
  emulator.clock.advance('1h');
  out.push(
    await emulator.partialUpdateObject({
      indexName: 'q',
      objectID: 'x',
      attributesToUpdate: { n: { _operation: 'Increment', value: 1 } },
    }),
  );
  out.push(
    await emulator.operationIndex({ indexName: 'q', operationIndexParams: { operation: 'copy', destination: 'r' } }),
  );
  if (indexingDelay === 0)
    out.push(await emulator.replaceAllObjects({ indexName: 'r', objects: [{ t: 'a' }, { t: 'b' }] }));
  emulator.clock.advance(indexingDelay);
  out.push(await emulator.listIndices());
  const indices = [...emulator.core.state.indices.values()].map((index) => ({
    ...index,
    records: [...index.records.entries()],
  }));
  return { out, indices, lastTaskID: emulator.core.state.tasks.lastID };
}

describe('determinism', () => {
  it('two emulators with the same seed and calls give identical IDs, task IDs, timestamps and state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.constantFrom(0, 500), async (seed, delay) => {
        expect(await script(seed, delay)).toEqual(await script(seed, delay));
      }),
      { numRuns: 30 },
    );
  });

  it('another seed gives other objectIDs and task IDs', async () => {
    const a = await script('one');
    const b = await script('two');
    expect(a.out[0]).not.toEqual(b.out[0]);
    expect(a.lastTaskID).not.toBe(b.lastTaskID);
  });

  it('reset replays the same IDs', async () => {
    const emulator = createEmulator({ seed: 's' });
    const first = await emulator.saveObject({ indexName: 'p', body: {} });
    emulator.reset();
    expect(await emulator.saveObject({ indexName: 'p', body: {} })).toEqual(first);
  });
});
