import '../../src/vitest';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';

const all = { includeDirect: true };

// The journal files refused requests too: a helper's name must read them without throwing,
// and select none of them.
describe('helper names over malformed requests', () => {
  it('select no batch whose body is not a list of one action, and no search without queries', async () => {
    const emulator = createEmulator();
    const batch = (body: unknown) =>
      emulator.request({ method: 'POST', path: '/1/indexes/products/batch', body: body as never });
    await batch(null);
    await batch([]);
    await batch({ requests: 'x' });
    await batch({ requests: [] });
    await batch({ requests: [null] });
    await batch({ requests: [{ action: 1 }] });
    await batch({
      requests: [
        { action: 'addObject', body: {} },
        { action: 'deleteObject', body: {} },
      ],
    });
    await batch({ requests: [{ action: 'addObject', body: { a: 1 } }, null] });
    await emulator.request({ method: 'POST', path: '/1/indexes/*/queries', body: { requests: 'x' } as never });
    await emulator.request({ method: 'POST', path: '/1/indexes/*/queries', body: { requests: [] } as never });
    expect(emulator.journal.of('batch')).toHaveLength(8);
    for (const name of ['saveObjects', 'deleteObjects', 'partialUpdateObjects', 'chunkedBatch'] as const)
      expect(emulator.journal.of(name), name).toEqual([]);
    expect(emulator).not.toHaveReceived('saveObjects', {}, all);
    expect(emulator).not.toHaveReceived('chunkedBatch', { objects: [] }, all);
    // A search without queries is neither a facet search nor, for lack of any, more than vacuously a hits search.
    expect(emulator.journal.of('searchForFacets')).toEqual([]);
    expect(emulator.journal.of('searchForHits').map((e) => e.body)).toEqual([{ requests: 'x' }, { requests: [] }]);
  });

  it('read a batch of one action as the helper takes it', async () => {
    const emulator = createEmulator();
    await emulator.batch({
      indexName: 'products',
      batchWriteParams: {
        requests: [
          { action: 'partialUpdateObjectNoCreate', body: { objectID: 'p1', a: 1 } },
          { action: 'partialUpdateObjectNoCreate', body: { objectID: 'p2', a: 2 } },
        ],
      },
    });
    expect(emulator).toHaveReceived(
      'partialUpdateObjects',
      { indexName: 'products', objects: [{ objectID: 'p1' }, { objectID: 'p2' }], createIfNotExists: false },
      all,
    );
    expect(emulator).not.toHaveReceived('partialUpdateObjects', { createIfNotExists: true }, all);
    expect(emulator).toHaveReceived('chunkedBatch', { action: 'partialUpdateObjectNoCreate' }, all);
    expect(emulator).not.toHaveReceived('chunkedBatch', { action: 'addObject' }, all);
  });
});
