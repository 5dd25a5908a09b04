import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { applyPartial, parsePartialBody } from '../../src/emulator/search/objects/partial';
import type { SearchRecord } from '../../src/emulator/state';

const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
const write = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      action: fc.constantFrom('addObject', 'updateObject'),
      body: fc.record({
        objectID: id,
        n: fc.nat({ max: 9 }),
        tags: fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }),
      }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      action: fc.constantFrom('partialUpdateObject', 'partialUpdateObjectNoCreate'),
      body: fc.record({
        objectID: id,
        n: fc.constantFrom({ _operation: 'Increment', value: 2 }, 5),
        tags: fc.constant({ _operation: 'AddUnique', value: 'z' }),
      }),
    }),
  },
);
const request = fc.oneof(
  { weight: 4, arbitrary: write },
  { weight: 2, arbitrary: fc.record({ action: fc.constant('deleteObject'), body: fc.record({ objectID: id }) }) },
  { weight: 1, arbitrary: fc.record({ action: fc.constant('clear'), body: fc.constant({}) }) },
);
/** Batches with a run of record writes long enough to take the bulk path (a plain copy of the records map), and short ones. */
const batch = fc.oneof(
  fc
    .tuple(
      fc.array(request, { maxLength: 4 }),
      fc.array(write, { minLength: 64, maxLength: 80 }),
      fc.array(request, { maxLength: 4 }),
    )
    .map(([before, run, after]) => [...before, ...run, ...after]),
  fc.array(request, { minLength: 1, maxLength: 5 }),
);

type Request = { action: string; body: Record<string, unknown> & { objectID?: string } };

/** The records after applying the requests one by one to a plain map. */
function model(records: Map<string, SearchRecord>, requests: readonly Request[]): Map<string, SearchRecord> {
  for (const { action, body } of requests) {
    const objectID = body.objectID!;
    if (action === 'addObject' || action === 'updateObject') records.set(objectID, { ...body, objectID });
    else if (action === 'deleteObject') records.delete(objectID);
    else if (action === 'clear') records = new Map();
    else {
      const next = applyPartial(
        records.get(objectID),
        parsePartialBody(body, objectID, action === 'partialUpdateObject'),
      );
      if (next) records.set(objectID, next);
    }
  }
  return records;
}

describe('record writes, large and small, published one by one or together', () => {
  it('leave the records a plain map applying the requests in order would, frozen', async () => {
    let arrays = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(batch, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(0, 1000),
        fc.boolean(),
        async (batches, indexingDelay, deleteBy) => {
          const emulator = createEmulator({ indexingDelay });
          await emulator.setSettings({ indexName: 'items', indexSettings: { attributesForFaceting: ['n'] } });
          emulator.clock.advance(indexingDelay);
          let expected = new Map<string, SearchRecord>();
          for (const requests of batches) {
            await emulator.batch({ indexName: 'items', batchWriteParams: { requests } });
            expected = model(expected, requests as Request[]);
            // Another writer in the same published step, after a bulk write.
            if (deleteBy) {
              await emulator.deleteBy({ indexName: 'items', deleteByParams: { filters: 'n:3' } });
              for (const [objectID, record] of expected) if (record.n === 3) expected.delete(objectID);
            }
          }
          emulator.clock.advance(indexingDelay);
          // A search publishes what is due.
          await emulator.listIndices();
          const records = emulator.core.state.indices.get('items')!.records;
          expect([...records]).toEqual([...expected]);
          expect(Object.isFrozen(records)).toBe(true);
          expect(() => (records as unknown as Map<string, SearchRecord>).set('zz', { objectID: 'zz' })).toThrow();
          for (const record of records.values()) {
            expect(Object.isFrozen(record)).toBe(true);
            if (Array.isArray(record.tags)) {
              arrays++;
              expect(Object.isFrozen(record.tags)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
    // Records with an array were written, and their arrays checked.
    expect(arrays).toBeGreaterThan(0);
  });
});
