import { describe, expect, it } from 'vitest';
import { batchAcl } from '../../src/emulator/search/objects/batch';
import type { OperationContext } from '../../src/emulator/route';
import { expectUnchanged, rejects, seedIndex, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();
const op = (_operation: string, value: unknown) => ({ _operation, value });

describe.each(SURFACES)('batch through %s calls', (surface) => {
  it('runs all seven actions in order and answers taskID and objectIDs', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({ indexName: 'other', objectID: 'z', body: {} });
    const res = await api.batch({
      indexName: 'p',
      batchWriteParams: {
        requests: [
          { action: 'addObject', body: { objectID: 'a', n: 1 } },
          { action: 'addObject', body: { name: 'generated' } },
          { action: 'updateObject', body: { objectID: 'b', n: 2 } },
          { action: 'partialUpdateObject', body: { objectID: 'a', n: op('Increment', 10) } },
          { action: 'partialUpdateObjectNoCreate', body: { objectID: 'c', n: 3 } },
          { action: 'partialUpdateObject', body: { objectID: 'd', n: 4 } },
          { action: 'deleteObject', body: { objectID: 'b' } },
        ],
      },
    });
    expect(Object.keys(res).sort()).toEqual(['objectIDs', 'taskID']);
    expect(typeof res.taskID).toBe('number');
    const generated = res.objectIDs[1];
    expect(res.objectIDs).toEqual(['a', generated, 'b', 'a', 'c', 'd', 'b']);
    expect(generated).toMatch(/^\d+$/);
    const { results } = await api.getObjects({
      requests: ['a', generated, 'b', 'c', 'd'].map((objectID) => ({ indexName: 'p', objectID })),
    });
    expect(results).toEqual([
      { objectID: 'a', n: 11 },
      { objectID: generated, name: 'generated' },
      null,
      null,
      { objectID: 'd', n: 4 },
    ]);
  });

  it('clear empties the index and delete removes it, in order with the other actions', async () => {
    const { api, emulator } = open(surface);
    await api.addOrUpdateObject({ indexName: 'p', objectID: 'old', body: {} });
    await api.batch({
      indexName: 'p',
      batchWriteParams: {
        requests: [
          { action: 'clear', body: {} },
          { action: 'addObject', body: { objectID: 'new' } },
        ],
      },
    });
    expect(
      await api.getObjects({
        requests: [
          { indexName: 'p', objectID: 'old' },
          { indexName: 'p', objectID: 'new' },
        ],
      }),
    ).toEqual({
      results: [null, { objectID: 'new' }],
    });
    await api.batch({ indexName: 'p', batchWriteParams: { requests: [{ action: 'delete', body: {} }] } });
    expect(emulator.core.state.indices.has('p')).toBe(false);
  });

  it('an invalid request anywhere rejects the whole batch and changes nothing', async () => {
    const { api, emulator } = open(surface);
    await api.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: { n: 1 } });
    const before = emulator.snapshot();
    const first = [
      { action: 'addObject', body: { objectID: 'x' } },
      { action: 'addObject', body: { n: 1 } },
    ];
    for (const action of ['updateObject', 'partialUpdateObject', 'partialUpdateObjectNoCreate', 'deleteObject']) {
      await rejects(
        api.batch({ indexName: 'p', batchWriteParams: { requests: [...first, { action, body: { n: 2 } }] } }),
        400,
        `The 'objectID' attribute is required to use action=${action} (requests[2])`,
      );
    }
    await rejects(
      api.batch({ indexName: 'p', batchWriteParams: { requests: [...first, { action: 'upsert', body: {} }] } }),
      400,
      'requests[2].action "upsert" is invalid: expected one of addObject, updateObject, partialUpdateObject, partialUpdateObjectNoCreate, deleteObject, delete, clear',
    );
    await rejects(
      api.batch({ indexName: 'p', batchWriteParams: { requests: [...first, { action: 'addObject', body: 'text' }] } }),
      400,
      'requests[2].body must be a JSON object',
    );
    await rejects(
      api.batch({
        indexName: 'p',
        batchWriteParams: { requests: [{ action: 'partialUpdateObject', body: { objectID: 'a', n: op('Nope', 1) } }] },
      }),
      400,
      /^requests\[0\]: Invalid _operation "Nope" for attribute "n"/,
    );
    expectUnchanged(emulator, before.state);
    // The generator did not move either: the next generated ID is the one it would have been.
    const next = await api.saveObject({ indexName: 'p', body: {} });
    emulator.restore(before);
    expect((await api.saveObject({ indexName: 'p', body: {} })).objectID).toBe(next.objectID);
  });

  it('refuses a batch on a replica', async () => {
    const { api, emulator } = open(surface);
    seedIndex(emulator, 'replica', { primary: 'primary' });
    await rejects(
      api.batch({ indexName: 'replica', batchWriteParams: { requests: [{ action: 'addObject', body: {} }] } }),
      400,
      'cannot apply the batch operation on a replica index',
    );
  });

  it('multipleBatch answers one taskID per index and applies in order', async () => {
    const { api } = open(surface);
    const res = await api.multipleBatch({
      requests: [
        { indexName: 'a', action: 'addObject', body: { objectID: '1', v: 'a1' } },
        { indexName: 'b', action: 'addObject', body: { objectID: '1', v: 'b1' } },
        { indexName: 'a', action: 'partialUpdateObject', body: { objectID: '1', w: 2 } },
        { indexName: 'b', action: 'deleteObject', body: { objectID: '1' } },
      ],
    });
    expect(Object.keys(res.taskID)).toEqual(['a', 'b']);
    expect(res.taskID.b).toBeGreaterThan(res.taskID.a);
    expect(res.objectIDs).toEqual(['1', '1', '1', '1']);
    expect(
      await api.getObjects({
        requests: [
          { indexName: 'a', objectID: '1' },
          { indexName: 'b', objectID: '1' },
        ],
      }),
    ).toEqual({
      results: [{ objectID: '1', v: 'a1', w: 2 }, null],
    });
    for (const [indexName, taskID] of Object.entries(res.taskID)) {
      expect(await api.getTask({ indexName, taskID })).toEqual({ status: 'published', pendingTask: false });
    }
  });

  it('multipleBatch needs an indexName per request and changes nothing when one is wrong', async () => {
    const { api, emulator } = open(surface);
    const before = emulator.core.state;
    await rejects(
      api.multipleBatch({
        requests: [
          { indexName: 'a', action: 'addObject', body: {} },
          { action: 'addObject', body: {} },
        ],
      }),
      400,
      'requests[1].indexName is required and must be a string',
    );
    expectUnchanged(emulator, before);
  });
});

describe('batch rights', () => {
  const ctx = (requests: unknown) => ({ req: { body: { requests } } }) as unknown as OperationContext;

  it('needs addObject, deleteObject or deleteIndex depending on the actions', () => {
    expect(batchAcl(ctx([{ action: 'addObject' }, { action: 'partialUpdateObjectNoCreate' }]))).toEqual(['addObject']);
    expect(batchAcl(ctx([{ action: 'deleteObject' }]))).toEqual(['deleteObject']);
    expect(batchAcl(ctx([{ action: 'clear' }, { action: 'delete' }, { action: 'updateObject' }])).sort()).toEqual([
      'addObject',
      'deleteIndex',
    ]);
  });

  it('never throws on malformed bodies (the handler answers the 400)', () => {
    for (const body of [undefined, null, 'x', { requests: 'x' }, { requests: [null, 3, { action: 9 }] }]) {
      expect(batchAcl({ req: { body } } as unknown as OperationContext)).toEqual(['addObject']);
    }
  });
});
