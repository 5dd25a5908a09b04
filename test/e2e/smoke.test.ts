import { describe, expect, it } from 'vitest';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

describe('the real client over msw', () => {
  it('writes a record and reads it back', async () => {
    const { client } = env.fresh();
    const saved = await client.saveObject({ indexName: 'products', body: { name: 'Phone' } });
    expect(saved.objectID).toMatch(/^\d+$/);
    await client.waitForTask({ indexName: 'products', taskID: saved.taskID });
    const record = await client.getObject({ indexName: 'products', objectID: saved.objectID! });
    expect(record).toEqual({ name: 'Phone', objectID: saved.objectID });
  });

  it('throws the client ApiError with status and message for a missing object', async () => {
    const { client } = env.fresh();
    await client.addOrUpdateObject({ indexName: 'products', objectID: 'a', body: { x: 1 } });
    await expect(client.getObject({ indexName: 'products', objectID: 'missing' })).rejects.toMatchObject({
      status: 404,
      message: 'ObjectID does not exist',
    });
  });
});
