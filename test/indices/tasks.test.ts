import { describe, expect, it } from 'vitest';
import { rejects, setupSurfaces, SURFACES } from '../support/surfaces';

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
    await api.partialUpdateObject({
      indexName: 'p',
      objectID: 'a',
      attributesToUpdate: { n: { _operation: 'Increment', value: 1 } },
    });
    await api.partialUpdateObject({
      indexName: 'p',
      objectID: 'a',
      attributesToUpdate: { n: { _operation: 'Increment', value: 1 } },
    });
    const [entry] = (await api.listIndices()).items;
    expect(entry).toMatchObject({
      name: 'p',
      entries: 1,
      numberOfPendingTasks: 2,
      pendingTask: true,
    });
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

describe.each(SURFACES)('advanceOnTaskPoll through %s calls', (surface) => {
  it("waitForTask resolves at its first poll: the poll moves the clock to the task's publication", async () => {
    const { api, emulator } = open(surface, { indexingDelay: '1h', advanceOnTaskPoll: true });
    const start = emulator.clock.now();
    const [first] = await api.saveObjects({ indexName: 'p', objects: [{ objectID: 'a' }] });
    emulator.clock.advance('10m');
    const second = await api.saveObject({ indexName: 'p', body: { objectID: 'b' } });
    // Accepted, not yet published: only a poll moves the clock.
    await rejects(api.getObject({ indexName: 'p', objectID: 'a' }), 404, 'Index does not exist');
    expect(await api.waitForTask({ indexName: 'p', taskID: first.taskID })).toMatchObject({ status: 'published' });
    expect(emulator.clock.now() - start).toBe(3_600_000);
    await rejects(api.getObject({ indexName: 'p', objectID: 'b' }), 404, 'ObjectID does not exist');
    expect(await api.getTask({ indexName: 'p', taskID: second.taskID })).toEqual({
      status: 'published',
      pendingTask: false,
    });
    expect(emulator.clock.now() - start).toBe(4_200_000);
    // A published task leaves the clock alone.
    await api.getTask({ indexName: 'p', taskID: first.taskID });
    expect(emulator.clock.now() - start).toBe(4_200_000);
  });

  it('applies to application-level tasks too', async () => {
    const { api, emulator } = open(surface, { indexingDelay: '2s', advanceOnTaskPoll: true });
    const { taskID } = await api.setDictionarySettings({ disableStandardEntries: { stopwords: { en: true } } });
    expect(await api.getAppTask({ taskID })).toEqual({ status: 'published' });
    expect(emulator.clock.now()).toBeGreaterThan(0);
  });
});
