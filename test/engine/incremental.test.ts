import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { indexWith, type SearchBody } from './helpers';

const word = fc.constantFrom('apple', 'apples', 'band', 'bandana', 'cherry', 'chair', 'delta');
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const write = fc.oneof(
  fc.record({ action: fc.constant('updateObject' as const), objectID: id, title: text, likes: fc.nat({ max: 3 }) }),
  fc.record({ action: fc.constant('deleteObject' as const), objectID: id }),
);
const SETTINGS = { searchableAttributes: ['title'], customRanking: ['desc(likes)'] };

describe('incremental inverted index', () => {
  it('after any sequence of writes (searched in between), answers as an index built from the final records', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(write, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('app', 'band', 'cherry chair', 'delta'),
        async (batches, query) => {
          const emulator = createEmulator();
          await emulator.setSettings({ indexName: 'items', indexSettings: SETTINGS });
          const params = { query, hitsPerPage: 100, getRankingInfo: true };
          for (const requests of batches) {
            await emulator.batch({
              indexName: 'items',
              batchWriteParams: { requests: requests.map(({ action, ...body }) => ({ action, body })) },
            });
            await emulator.searchSingleIndex({ indexName: 'items', searchParams: params });
          }
          const incremental = (await emulator.searchSingleIndex({
            indexName: 'items',
            searchParams: params,
          })) as SearchBody;
          const { hits } = (await emulator.browse({ indexName: 'items' })) as SearchBody;
          const { search } = await indexWith(hits, SETTINGS);
          const fresh = await search(params);
          expect(incremental.hits).toEqual(fresh.hits);
          expect(incremental.nbHits).toBe(fresh.nbHits);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('after restore() to a snapshot taken between writes, answers as an index built from the snapshot records', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(write, { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 5 }),
        fc.nat(),
        fc.constantFrom('app', 'band', 'cherry chair', 'delta'),
        async (batches, at, query) => {
          const emulator = createEmulator();
          await emulator.setSettings({ indexName: 'items', indexSettings: SETTINGS });
          const params = { query, hitsPerPage: 100, getRankingInfo: true };
          const cut = 1 + (at % (batches.length - 1));
          let snapshot = emulator.snapshot();
          for (const [k, requests] of batches.entries()) {
            if (k === cut) snapshot = emulator.snapshot();
            await emulator.batch({
              indexName: 'items',
              batchWriteParams: { requests: requests.map(({ action, ...body }) => ({ action, body })) },
            });
            await emulator.searchSingleIndex({ indexName: 'items', searchParams: params });
          }
          emulator.restore(snapshot);
          const restored = (await emulator.searchSingleIndex({
            indexName: 'items',
            searchParams: params,
          })) as SearchBody;
          const { hits } = (await emulator.browse({ indexName: 'items' })) as SearchBody;
          const { search } = await indexWith(hits, SETTINGS);
          const fresh = await search(params);
          expect(restored.hits).toEqual(fresh.hits);
          expect(restored.nbHits).toBe(fresh.nbHits);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('after any sequence of resets, clears, writes, snapshots and restores, answers as an index built from the records', async () => {
    // Each step changes the records its own way; searching after it makes the cache follow, keep
    // or build a version of the index (see cache.ts), and a restore may bring any of them back.
    // Bulk writes are past the smallest diff a sync applies (64 records), so versions are built.
    const step = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), requests: fc.array(write, { minLength: 1, maxLength: 4 }) }),
      fc.record({ kind: fc.constant('bulk' as const), count: fc.integer({ min: 65, max: 140 }), title: text }),
      fc.record({ kind: fc.constantFrom('reset' as const, 'clear' as const, 'snapshot' as const) }),
      fc.record({ kind: fc.constant('restore' as const), slot: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 10 }),
        fc.constantFrom('app', 'band', 'cherry chair', ''),
        async (steps, query) => {
          const emulator = createEmulator();
          await emulator.setSettings({ indexName: 'items', indexSettings: SETTINGS });
          const params = { query, hitsPerPage: 100, getRankingInfo: true };
          const snapshots = [emulator.snapshot()];
          for (const s of steps) {
            if (s.kind === 'write')
              await emulator.batch({
                indexName: 'items',
                batchWriteParams: { requests: s.requests.map(({ action, ...body }) => ({ action, body })) },
              });
            else if (s.kind === 'bulk')
              await emulator.saveObjects({
                indexName: 'items',
                objects: Array.from({ length: s.count }, (_, i) => ({
                  objectID: `bulk-${i}`,
                  title: `${s.title} ${i}`,
                  likes: i % 4,
                })),
              });
            else if (s.kind === 'reset') {
              emulator.reset();
              await emulator.setSettings({ indexName: 'items', indexSettings: SETTINGS });
            } else if (s.kind === 'clear') await emulator.clearObjects({ indexName: 'items' });
            else if (s.kind === 'snapshot') snapshots.push(emulator.snapshot());
            else if (s.kind === 'restore') emulator.restore(snapshots[s.slot % snapshots.length]);
            const now = (await emulator.searchSingleIndex({ indexName: 'items', searchParams: params })) as SearchBody;
            const { hits } = (await emulator.browse({ indexName: 'items' })) as SearchBody;
            const fresh = await (await indexWith(hits, SETTINGS)).search(params);
            expect(now.hits).toEqual(fresh.hits);
            expect(now.nbHits).toBe(fresh.nbHits);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
