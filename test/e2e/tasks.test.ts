import { describe, expect, it } from 'vitest';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer({ indexingDelay: '1s' });

describe('task IDs are per application', () => {
  it('a pending copy task reads notPublished under the destination name too (replaceAllObjects waits so)', async () => {
    const { client, emulator } = env.fresh();
    await client.setSettings({ indexName: 'src', indexSettings: { hitsPerPage: 5 } });
    emulator.clock.advance('1s');
    const { taskID } = await client.operationIndex({
      indexName: 'src',
      operationIndexParams: { operation: 'copy', destination: 'tmp', scope: ['settings'] },
    });
    expect((await client.getTask({ indexName: 'tmp', taskID })).status).toBe('notPublished');
    expect((await client.getTask({ indexName: 'src', taskID })).status).toBe('notPublished');
    emulator.clock.advance('1s');
    expect((await client.getTask({ indexName: 'tmp', taskID })).status).toBe('published');
  });

  it('replaceAllObjects completes while the clock moves on', async () => {
    const { client, emulator } = env.fresh();
    const ticking = setInterval(() => emulator.clock.advance('1s'), 20);
    try {
      await client.replaceAllObjects({ indexName: 'books', objects: [{ objectID: '1', title: 'Dune' }] });
    } finally {
      clearInterval(ticking);
    }
    expect(await client.getObject({ indexName: 'books', objectID: '1' })).toEqual({ objectID: '1', title: 'Dune' });
  });
});
