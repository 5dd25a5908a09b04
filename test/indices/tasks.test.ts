import { describe, expect, it } from 'vitest';
import { rejects, setupSurfaces, SURFACES } from '../objects/surfaces';

const open = setupSurfaces();

describe.each(SURFACES)('tasks with indexingDelay through %s calls', (surface) => {
  it('a write is invisible and notPublished until the clock passes its publication time', async () => {
    const { api, emulator } = open(surface, { indexingDelay: '5s' });
    const { taskID } = await api.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: { x: 1 } });
    expect(await api.getTask({ indexName: 'p', taskID })).toEqual({ status: 'notPublished', pendingTask: true });
    await rejects(api.getObject({ indexName: 'p', objectID: 'a' }), 404, 'Index does not exist');
    expect((await api.listIndices()).items).toEqual([]);
    emulator.clock.advance(4999);
    expect((await api.getTask({ indexName: 'p', taskID })).status).toBe('notPublished');
    emulator.clock.advance(1);
    expect(await api.getTask({ indexName: 'p', taskID })).toEqual({ status: 'published', pendingTask: false });
    expect(await api.getObject({ indexName: 'p', objectID: 'a' })).toEqual({ objectID: 'a', x: 1 });
  });

  it('pending tasks show in listIndices and apply in order against the state of their publication', async () => {
    const { api, emulator } = open(surface, { indexingDelay: 1000 });
    await api.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: { n: 1 } });
    emulator.clock.advance(1000);
    await api.partialUpdateObject({ indexName: 'p', objectID: 'a', attributesToUpdate: { n: { _operation: 'Increment', value: 1 } } });
    await api.partialUpdateObject({ indexName: 'p', objectID: 'a', attributesToUpdate: { n: { _operation: 'Increment', value: 1 } } });
    const [entry] = (await api.listIndices()).items;
    expect(entry).toMatchObject({ name: 'p', entries: 1, numberOfPendingTasks: 2, numberOfPendingTask: 2, pendingTask: true });
    expect(await api.getObject({ indexName: 'p', objectID: 'a' })).toEqual({ objectID: 'a', n: 1 });
    emulator.clock.advance(1000);
    expect(await api.getObject({ indexName: 'p', objectID: 'a' })).toEqual({ objectID: 'a', n: 3 });
    expect((await api.listIndices()).items[0]).toMatchObject({ numberOfPendingTasks: 0, pendingTask: false });
  });

  it('getTask for a task ID never issued is a 404', async () => {
    const { api } = open(surface);
    const { taskID } = await api.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: {} });
    await rejects(api.getTask({ indexName: 'p', taskID: taskID + 1000 }), 404, 'Task does not exist');
  });
});
