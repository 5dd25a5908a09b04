import { describe, expect, it } from 'vitest';
import { rejects } from '../support/surfaces';
import { pushConnector, recordsIn, setupIngestion } from './support';

const open = setupIngestion();

const UPPER = `async function transform(record, helper) {
  if (record.name === 'bad') throw new TypeError('no bad names');
  return { ...record, upper: record.name.toUpperCase() };
}`;

describe('the v5 client helpers push through the Ingestion API (end to end over msw)', () => {
  it('saveObjectsWithTransformation: records land transformed, the run and its events report them', async () => {
    const { emulator, api, search } = open('client');
    const { taskID } = await pushConnector(api, 'people', UPPER);
    const responses = await search.saveObjectsWithTransformation({
      indexName: 'people',
      objects: [
        { objectID: '1', name: 'Adam' },
        { objectID: '2', name: 'Benoit' },
        { objectID: '3', name: 'bad' },
      ],
      batchSize: 2,
      waitForTasks: true,
    });
    expect(responses).toHaveLength(2);
    expect(responses[0]).toEqual({
      runID: expect.any(String),
      eventID: expect.any(String),
      message: 'OK',
      createdAt: '2024-01-01T00:00:00Z',
    });
    expect(await recordsIn(emulator, 'people')).toEqual([
      { objectID: '1', name: 'Adam', upper: 'ADAM' },
      { objectID: '2', name: 'Benoit', upper: 'BENOIT' },
    ]);
    const first = await api.getRun({ runID: responses[0].runID });
    expect(first).toMatchObject({ taskID, type: 'push', status: 'finished', outcome: 'success', reasonCode: 'ok' });
    const second = await api.getRun({ runID: responses[1].runID });
    expect(second).toMatchObject({ outcome: 'failure', reasonCode: 'too_many_errors' });
    const { events } = await api.listEvents({ runID: responses[1].runID, status: ['failed'] });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'transform',
        status: 'failed',
        batchSize: 1,
        data: { objectID: '3', message: 'TypeError: no bad names' },
      }),
    ]);
    expect(await api.getEvent({ runID: responses[0].runID, eventID: responses[0].eventID })).toMatchObject({
      type: 'fetch',
      status: 'succeeded',
      batchSize: 2,
    });
    const { runs } = await api.listRuns({ taskID });
    expect(runs.map((run: { runID: string }) => run.runID).sort()).toEqual(
      [responses[0].runID, responses[1].runID].sort(),
    );
  });

  it('partialUpdateObjectsWithTransformation: createIfNotExists decides whether new records appear', async () => {
    const { emulator, api, search } = open('client');
    await pushConnector(api, 'people', 'async function transform(record) { return { ...record, touched: true }; }');
    await emulator.saveObjects({ indexName: 'people', objects: [{ objectID: '1', name: 'Adam', age: 30 }] });
    await search.partialUpdateObjectsWithTransformation({
      indexName: 'people',
      objects: [
        { objectID: '1', age: 31 },
        { objectID: '2', age: 40 },
      ],
      createIfNotExists: false,
      waitForTasks: true,
    });
    expect(await recordsIn(emulator, 'people')).toEqual([{ objectID: '1', name: 'Adam', age: 31, touched: true }]);
    await search.partialUpdateObjectsWithTransformation({
      indexName: 'people',
      objects: [{ objectID: '2', age: 40 }],
      createIfNotExists: true,
      waitForTasks: true,
    });
    expect((await recordsIn(emulator, 'people')).map((record) => record.objectID)).toEqual(['1', '2']);
  });

  it("replaceAllObjectsWithTransformation: a temporary index takes the reference index's transformation", async () => {
    const { emulator, api, search } = open('client');
    await pushConnector(api, 'people', UPPER);
    await emulator.setSettings({ indexName: 'people', indexSettings: { searchableAttributes: ['name'] } });
    await emulator.saveObjects({ indexName: 'people', objects: [{ objectID: 'old', name: 'Old' }] });
    const result = await search.replaceAllObjectsWithTransformation({
      indexName: 'people',
      objects: [
        { objectID: 'a', name: 'Ann' },
        { objectID: 'b', name: 'Bob' },
      ],
      batchSize: 1,
    });
    expect(result.watchResponses).toHaveLength(2);
    expect(await recordsIn(emulator, 'people')).toEqual([
      { objectID: 'a', name: 'Ann', upper: 'ANN' },
      { objectID: 'b', name: 'Bob', upper: 'BOB' },
    ]);
    expect((await emulator.getSettings({ indexName: 'people' })).searchableAttributes).toEqual(['name']);
    expect((await emulator.listIndices()).items.map((index: { name: string }) => index.name)).toEqual(['people']);
  });

  it('with an indexing delay, pushed records become searchable when the clock reaches it', async () => {
    const { emulator, api, search } = open('client', { indexingDelay: 5_000 });
    await pushConnector(api, 'people');
    await search.saveObjectsWithTransformation({
      indexName: 'people',
      objects: [{ objectID: '1', name: 'Adam' }],
      waitForTasks: true,
    });
    expect(emulator.core.state.indices.has('people')).toBe(false);
    await emulator.advance(5_000);
    expect(await recordsIn(emulator, 'people')).toEqual([{ objectID: '1', name: 'Adam' }]);
  });

  it('an index without a push task answers as the live service does', async () => {
    const { search } = open('client');
    await rejects(
      search.saveObjectsWithTransformation({ indexName: 'nowhere', objects: [{ objectID: '1' }] }),
      404,
      'cannot find task nowhere',
    );
  });

  it('two push tasks on one index ask for pushTask instead', async () => {
    const { api, search } = open('client');
    const one = await pushConnector(api, 'people');
    const two = await pushConnector(api, 'people');
    await rejects(
      search.saveObjectsWithTransformation({ indexName: 'people', objects: [{ objectID: '1' }] }),
      400,
      `multiple tasks (${one.taskID}, ${two.taskID}) found for the Push connector with indexName people, please use /2/tasks/:id/push instead`,
    );
    const answer = await api.pushTask({
      taskID: two.taskID,
      pushTaskPayload: { action: 'addObject', records: [{ objectID: '1', name: 'x' }] },
      watch: true,
    });
    expect(answer.message).toBe('OK');
  });
});
