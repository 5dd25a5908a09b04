import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyRecords, recordsFrom, type RecordChange, type RecordStore } from '../../src/emulator/search/record-store';
import type { SearchRecord } from '../../src/emulator/state';

/** A Map keeps insertion order the way the store must: a new key goes last, a replaced one keeps its place. */
type Model = Map<string, SearchRecord>;

// Few keys (collisions and rewrites) and many (leaves split into branches).
const key = fc.oneof(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: 0, max: 400 }).map(String));
const op = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key, n: fc.nat({ max: 3 }) }),
  fc.record({ kind: fc.constant('delete' as const), key }),
  fc.record({ kind: fc.constant('clear' as const) }),
);
// An edit is a batch of writes; some steps go back to an earlier version (restore).
const step = fc.oneof(
  { weight: 5, arbitrary: fc.array(op, { minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.nat() },
);

function expectSame(store: RecordStore, model: Model): void {
  expect(store.size).toBe(model.size);
  expect([...store.entries()]).toEqual([...model.entries()]);
  expect([...store.keys()]).toEqual([...model.keys()]);
  for (const [k, record] of model) {
    expect(store.get(k)).toBe(record);
    expect(store.has(k)).toBe(true);
  }
  expect(store.get('absent')).toBeUndefined();
  const unordered: string[] = [];
  store.forEachUnordered((k, record) => {
    expect(model.get(k)).toBe(record);
    unordered.push(k);
  });
  expect(unordered.sort()).toEqual([...model.keys()].sort());
  // Sequence numbers follow insertion order.
  const seqs = [...model.keys()].map((k) => store.seqOf(k));
  expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
}

describe('the record store (a persistent hash trie)', () => {
  it('reads as a Map written the same way, at every version, old versions unchanged by later edits', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        const versions: { store: RecordStore; model: Model }[] = [{ store: emptyRecords(), model: new Map() }];
        let current = versions[0];
        for (const s of steps) {
          if (typeof s === 'number') {
            current = versions[s % versions.length];
            continue;
          }
          const model = new Map(current.model);
          const store = current.store.edit((editor) => {
            for (const o of s) {
              if (o.kind === 'set') {
                // The same object again is no change; another object with the same content is one.
                const record = o.n === 0 && model.has(o.key) ? model.get(o.key)! : { objectID: o.key, n: o.n };
                editor.set(o.key, record);
                model.set(o.key, record);
              } else if (o.kind === 'delete') {
                expect(editor.delete(o.key)).toBe(model.delete(o.key));
              } else {
                editor.clear();
                model.clear();
              }
              expect(editor.size).toBe(model.size);
            }
          });
          current = { store, model };
          versions.push(current);
        }
        for (const version of versions) expectSame(version.store, version.model);
      }),
      { numRuns: 300 },
    );
  });

  it('diffs two versions into exactly the records that differ, and stops past its budget', () => {
    let stopped = 0;
    fc.assert(
      fc.property(
        fc.array(fc.array(op, { minLength: 1, maxLength: 60 }), { minLength: 2, maxLength: 6 }),
        fc.nat(),
        fc.nat(),
        (edits, i, j) => {
          const versions = [emptyRecords()];
          for (const ops of edits) {
            versions.push(
              versions[versions.length - 1].edit((editor) => {
                for (const o of ops) {
                  if (o.kind === 'set') editor.set(o.key, { objectID: o.key, n: o.n });
                  else if (o.kind === 'delete') editor.delete(o.key);
                  else editor.clear();
                }
              }),
            );
          }
          const before = versions[i % versions.length];
          const after = versions[j % versions.length];
          const changes: RecordChange[] = [];
          expect(after.diff(before, (change) => changes.push(change))).toBe(true);
          const expected: string[] = [];
          for (const k of new Set([...before.keys(), ...after.keys()])) {
            if (before.get(k) !== after.get(k) || before.seqOf(k) !== after.seqOf(k)) expected.push(k);
          }
          expect(changes.map((c) => c.key).sort()).toEqual(expected.sort());
          for (const change of changes) {
            expect(change.before).toBe(before.get(change.key));
            expect(change.after).toBe(after.get(change.key));
            expect(change.beforeSeq).toBe(before.seqOf(change.key));
            expect(change.afterSeq).toBe(after.seqOf(change.key));
          }
          if (changes.length > 0) {
            stopped++;
            expect(after.diff(before, () => {}, changes.length - 1)).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
    // Pairs of versions that differ were drawn, and the early stop checked on them.
    expect(stopped).toBeGreaterThan(0);
  });

  it('gives one change for one write to a large store, whose version before stays as it was', () => {
    const big = recordsFrom(Array.from({ length: 20_000 }, (_, i) => [String(i), { objectID: String(i) }] as const));
    const next = big.edit((editor) => editor.set('5', { objectID: '5', changed: true }));
    let visited = 0;
    next.diff(big, () => visited++);
    expect(visited).toBe(1);
    expect(big.get('5')).toEqual({ objectID: '5' });
    expect(next.get('5')).toEqual({ objectID: '5', changed: true });
    expect(next.edit(() => {})).toBe(next);
  });
});
