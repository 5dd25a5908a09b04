import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { Core } from '../../src/emulator/core';
import { createFakeClock } from '../../src/clock';
import { dispatch } from '../../src/emulator/dispatch';
import { createRandom } from '../../src/emulator/random';
import { route } from '../../src/emulator/route';
import { Router } from '../../src/emulator/router';
import { initialState } from '../../src/emulator/state';

describe('snapshot, restore, reset', () => {
  it('restore brings back records, clock and generator, so the same calls give the same IDs', async () => {
    const emulator = createEmulator();
    await emulator.addOrUpdateObject({ indexName: 'i', objectID: 'kept', body: {} });
    const snap = emulator.snapshot();
    const first = await emulator.saveObject({ indexName: 'i', body: { a: 1 } });
    emulator.clock.advance('1h');

    emulator.restore(snap);
    await expect(emulator.getObject({ indexName: 'i', objectID: first.objectID! })).rejects.toMatchObject({ status: 404 });
    const again = await emulator.saveObject({ indexName: 'i', body: { a: 1 } });
    expect(again).toEqual(first);
  });

  it('reset empties the application and restarts the generator', async () => {
    const emulator = createEmulator();
    const first = await emulator.saveObject({ indexName: 'i', body: {} });
    emulator.reset();
    await expect(emulator.getObject({ indexName: 'i', objectID: first.objectID! })).rejects.toMatchObject({ status: 404 });
    expect((await emulator.saveObject({ indexName: 'i', body: {} })).objectID).toBe(first.objectID);
  });

  it('two emulators with the same seed give the same IDs; another seed differs', async () => {
    const ids = async (seed: string) => {
      const emulator = createEmulator({ seed });
      const a = await emulator.saveObject({ indexName: 'i', body: {} });
      const b = await emulator.saveObject({ indexName: 'i', body: {} });
      return [a.objectID, a.taskID, b.objectID, b.taskID];
    };
    expect(await ids('x')).toEqual(await ids('x'));
    expect(await ids('x')).not.toEqual(await ids('y'));
  });
});

describe('the error funnel', () => {
  it('turns an unexpected exception into a 500 with a message, never a crash', async () => {
    const broken = route({
      operation: 'broken',
      method: 'GET',
      path: '/1/broken',
      host: 'search',
      acl: 'none',
      handler: () => {
        throw new TypeError('boom');
      },
    });
    const core = new Core(
      { appId: 'A', adminApiKey: 'k', indexingDelay: 0, clientIp: '127.0.0.1' },
      createFakeClock(0),
      createRandom(1),
      new Router([broken]),
      () => initialState(1),
    );
    const res = await dispatch(core, {
      method: 'GET',
      host: 'search',
      path: '/1/broken',
      query: {},
      headers: { 'x-algolia-application-id': 'A', 'x-algolia-api-key': 'k' },
      body: undefined,
      bodySize: 0,
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal emulator error: boom', status: 500 });
  });
});
