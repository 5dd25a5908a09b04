import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { rejects, seedIndex, setupSurfaces, SURFACES, type Api } from '../support/surfaces';

const open = setupSurfaces();

/** The API as seen with another key: the emulator's `as(...)`, or a real client built with it. */
async function withKey(surface: (typeof SURFACES)[number], key: Record<string, unknown>) {
  const { emulator } = open(surface);
  const { key: apiKey } = await emulator.addApiKey(key as never);
  const api = (surface === 'direct'
    ? emulator.as({ apiKey })
    : algoliasearch(emulator.appId, apiKey)) as unknown as Api;
  return { emulator, api };
}

describe.each(SURFACES)('rights of object and index routes through %s calls', (surface) => {
  it('batch needs the right of each action inside', async () => {
    const { api } = await withKey(surface, { acl: ['addObject'] });
    expect(
      await api.batch({
        indexName: 'p',
        batchWriteParams: { requests: [{ action: 'addObject', body: { objectID: 'a' } }] },
      }),
    ).toHaveProperty('taskID');
    for (const action of ['deleteObject', 'clear', 'delete']) {
      await rejects(
        api.batch({
          indexName: 'p',
          batchWriteParams: {
            requests: [
              { action: 'addObject', body: {} },
              { action, body: { objectID: 'a' } },
            ],
          },
        }),
        403,
        'Method not allowed with this API key',
      );
    }
  });

  it('keys restricted to some indices: multipleBatch, getObjects and listIndices respect them', async () => {
    const { api, emulator } = await withKey(surface, {
      acl: ['addObject', 'search', 'listIndexes'],
      indexes: ['dev_*'],
    });
    await emulator.saveObjects({ indexName: 'prod', objects: [{ objectID: 'a' }] });
    await api.multipleBatch({ requests: [{ indexName: 'dev_1', action: 'addObject', body: { objectID: 'a' } }] });
    await rejects(
      api.multipleBatch({ requests: [{ indexName: 'prod', action: 'addObject', body: {} }] }),
      403,
      'Index not allowed with this API key',
    );
    await rejects(
      api.getObjects({ requests: [{ indexName: 'prod', objectID: 'a' }] }),
      403,
      'Index not allowed with this API key',
    );
    expect((await api.listIndices()).items.map((item: { name: string }) => item.name)).toEqual(['dev_1']);
    await rejects(
      api.operationIndex({ indexName: 'dev_1', operationIndexParams: { operation: 'copy', destination: 'prod' } }),
      403,
      'Index not allowed with this API key',
    );
  });

  it('unretrievableAttributes are withheld from a search key and shown with seeUnretrievableAttributes', async () => {
    const { api, emulator } = await withKey(surface, { acl: ['search'] });
    seedIndex(emulator, 'p', { settings: { unretrievableAttributes: ['cost'] } });
    await emulator.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: { name: 'A', cost: 2 } });
    expect(await api.getObject({ indexName: 'p', objectID: 'a' })).toEqual({ objectID: 'a', name: 'A' });
    expect(await api.getObjects({ requests: [{ indexName: 'p', objectID: 'a' }] })).toEqual({
      results: [{ objectID: 'a', name: 'A' }],
    });
    const { key } = await emulator.addApiKey({ acl: ['search', 'seeUnretrievableAttributes'] });
    const seeing = (surface === 'direct'
      ? emulator.as({ apiKey: key })
      : algoliasearch(emulator.appId, key)) as unknown as Api;
    expect(await seeing.getObject({ indexName: 'p', objectID: 'a' })).toEqual({ objectID: 'a', name: 'A', cost: 2 });
  });
});
