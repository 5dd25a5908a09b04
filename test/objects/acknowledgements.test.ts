import { describe, expect, it } from 'vitest';
import { expectConforms } from '../support/schemas/validate';
import { setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

/** The status the emulator answered the last request with (the journal sees both surfaces). */
const lastStatus = (emulator: ReturnType<typeof open>['emulator']) => [...emulator.journal].at(-1)?.status;

describe.each(SURFACES)('write acknowledgements as the OpenAPI draws them (%s)', (surface) => {
  it('saveObject answers 201 Created with createdAt, taskID and objectID', async () => {
    const { api, emulator } = open(surface);
    const saved = await api.saveObject({ indexName: 'products', body: { name: 'phone' } });
    expect(lastStatus(emulator)).toBe(201);
    expectConforms('saveObject', 201, saved);
    expect(await api.getObject({ indexName: 'products', objectID: saved.objectID })).toEqual({
      objectID: saved.objectID,
      name: 'phone',
    });
  });

  it('deleteBy answers taskID and updatedAt, no deletedAt', async () => {
    const { api } = open(surface);
    await api.saveObjects({
      indexName: 'products',
      objects: [
        { objectID: 'a', price: 1 },
        { objectID: 'b', price: 9 },
      ],
    });
    const answer = await api.deleteBy({ indexName: 'products', deleteByParams: { numericFilters: ['price<5'] } });
    expectConforms('deleteBy', 200, answer);
    expect(Object.keys(answer).sort()).toEqual(['taskID', 'updatedAt']);
    expect((await api.browse({ indexName: 'products' })).hits.map((hit: { objectID: string }) => hit.objectID)).toEqual(
      ['b'],
    );
  });

  it('saveRule answers taskID and updatedAt, no objectID', async () => {
    const { api } = open(surface);
    const answer = await api.saveRule({
      indexName: 'products',
      objectID: 'r1',
      rule: { objectID: 'r1', consequence: { userData: { banner: 'sale' } } },
    });
    expectConforms('saveRule', 200, answer);
    expect(Object.keys(answer).sort()).toEqual(['taskID', 'updatedAt']);
    expect(await api.getRule({ indexName: 'products', objectID: 'r1' })).toMatchObject({ objectID: 'r1' });
  });

  it('listIndices counts pending tasks as numberOfPendingTasks only', async () => {
    const { api, emulator } = open(surface, { indexingDelay: '1s' });
    await api.saveObjects({ indexName: 'products', objects: [{ objectID: 'a' }] });
    emulator.clock.advance('1s');
    await api.saveObjects({ indexName: 'products', objects: [{ objectID: 'b' }] });
    const { items } = await api.listIndices();
    expectConforms('listIndices', 200, { items });
    expect(items[0]).toMatchObject({ name: 'products', numberOfPendingTasks: 1, pendingTask: true });
    expect(items[0]).not.toHaveProperty('numberOfPendingTask');
    emulator.clock.advance('1s');
    expect((await api.listIndices()).items[0]).toMatchObject({ numberOfPendingTasks: 0, pendingTask: false });
  });
});
