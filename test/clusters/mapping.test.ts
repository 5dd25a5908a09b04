import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer({ clusters: ['c1-test', 'c2-test'] });

describe('multi-cluster user mapping', () => {
  it('is refused when the application has no clusters', async () => {
    const emulator = createEmulator();
    await expect(emulator.listClusters()).rejects.toMatchObject({
      status: 403,
      message: 'Multi-cluster management is not enabled for this application',
    });
  });

  it('assign, write records as a user, then real usage per user and per cluster (through the real client)', async () => {
    const { client } = env.fresh();
    expect(await client.assignUserId({ xAlgoliaUserID: 'alice', assignUserIdParams: { cluster: 'c1-test' } })).toEqual({
      createdAt: '2024-01-01T00:00:00.000Z',
    });
    await client.assignUserId({ xAlgoliaUserID: 'bob', assignUserIdParams: { cluster: 'c2-test' } });
    const asAlice = { headers: { 'X-Algolia-User-ID': 'alice' } };
    await client.addOrUpdateObject({ indexName: 'notes', objectID: 'n1', body: { text: 'hello' } }, asAlice);
    await client.saveObject({ indexName: 'notes', body: { text: 'world' } }, asAlice);
    await client.addOrUpdateObject(
      { indexName: 'notes', objectID: 'b1', body: { text: 'bob' } },
      { headers: { 'X-Algolia-User-ID': 'bob' } },
    );

    const alice = await client.getUserId({ userID: 'alice' });
    expect(alice).toMatchObject({ userID: 'alice', clusterName: 'c1-test', nbRecords: 2 });
    // Alice's records are n1 and the one saveObject created; browse finds the latter's ID.
    const browsed = await client.browse({ indexName: 'notes' });
    expect(browsed.hits).toHaveLength(3);
    const aliceRecords = [await client.getObject({ indexName: 'notes', objectID: 'n1' })];
    aliceRecords.push(...browsed.hits.filter((hit) => hit.objectID !== 'n1' && hit.objectID !== 'b1'));
    const size = (records: object[]) => records.reduce((sum, record) => sum + JSON.stringify(record).length, 0);
    expect(alice.dataSize).toBe(
      size(aliceRecords.map(({ _highlightResult, ...record }: Record<string, unknown>) => record)),
    );
    expect(alice.dataSize).toBeGreaterThan(size([{ text: 'hello', objectID: 'n1' }]));
    const bobSize = JSON.stringify(await client.getObject({ indexName: 'notes', objectID: 'b1' })).length;
    expect(await client.listClusters()).toEqual({
      clusters: [
        { clusterName: 'c1-test', nbRecords: 2, nbUserIDs: 1, dataSize: alice.dataSize },
        { clusterName: 'c2-test', nbRecords: 1, nbUserIDs: 1, dataSize: bobSize },
      ],
    });
    expect(await client.getTopUserIds()).toEqual({
      topUsers: {
        'c1-test': [{ userID: 'alice', nbRecords: 2, dataSize: alice.dataSize }],
        'c2-test': [{ userID: 'bob', nbRecords: 1, dataSize: bobSize }],
      },
    });
    expect(await client.listUserIds()).toEqual({
      userIDs: [alice, expect.objectContaining({ userID: 'bob' })],
      page: 0,
      hitsPerPage: 1000,
    });
    expect((await client.listUserIds({ page: 1, hitsPerPage: 1 })).userIDs.map((u) => u.userID)).toEqual(['bob']);
  });

  it('rejects unassigned users: their writes, getUserId and removeUserId', async () => {
    const { client } = env.fresh();
    await expect(
      client.addOrUpdateObject(
        { indexName: 'notes', objectID: 'x', body: {} },
        { headers: { 'X-Algolia-User-ID': 'ghost' } },
      ),
    ).rejects.toMatchObject({ status: 404, message: 'User ID not found' });
    await expect(client.getUserId({ userID: 'ghost' })).rejects.toMatchObject({
      status: 404,
      message: 'Mapping does not exist for this userID',
    });
    await expect(client.removeUserId({ userID: 'ghost' })).rejects.toMatchObject({
      status: 404,
      message: 'Mapping does not exist for this userID',
    });
    await expect(
      client.assignUserId({ xAlgoliaUserID: 'x', assignUserIdParams: { cluster: 'c9' } }),
    ).rejects.toMatchObject({
      status: 404,
      message: 'Cluster c9 does not exist',
    });
  });

  it('batch assigns new users (pending until created) and refuses moves', async () => {
    const { emulator, client } = env.fresh();
    expect(
      await client.batchAssignUserIds({
        xAlgoliaUserID: 'admin',
        batchAssignUserIdsParams: { cluster: 'c1-test', users: ['u1', 'u2'] },
      }),
    ).toEqual({
      createdAt: '2024-01-01T00:00:00.000Z',
    });
    expect(await client.hasPendingMappings({ getClusters: true })).toEqual({
      pending: true,
      clusters: { 'c1-test': ['u1', 'u2'] },
    });
    emulator.clock.advance('10s');
    expect(await client.hasPendingMappings()).toEqual({ pending: false });
    await expect(
      client.batchAssignUserIds({
        xAlgoliaUserID: 'admin',
        batchAssignUserIdsParams: { cluster: 'c2-test', users: ['u1'] },
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'userID u1 is already assigned to cluster c1-test: users cannot be moved with a batch assignment',
    });
  });

  it('moving a user with data is a migration that runs until the clock passes its completion', async () => {
    const { emulator, client } = env.fresh();
    await client.assignUserId({ xAlgoliaUserID: 'alice', assignUserIdParams: { cluster: 'c1-test' } });
    await client.addOrUpdateObject(
      { indexName: 'notes', objectID: 'n1', body: {} },
      { headers: { 'X-Algolia-User-ID': 'alice' } },
    );
    expect(await client.hasPendingMappings()).toEqual({ pending: false });
    await client.assignUserId({ xAlgoliaUserID: 'alice', assignUserIdParams: { cluster: 'c2-test' } });
    expect(await client.hasPendingMappings({ getClusters: true })).toEqual({
      pending: true,
      clusters: { 'c2-test': ['alice'] },
    });
    expect((await client.getUserId({ userID: 'alice' })).clusterName).toBe('c2-test');
    emulator.clock.advance('61s');
    expect(await client.hasPendingMappings()).toEqual({ pending: false });
  });

  it('remove deletes the user and its records in a task', async () => {
    const { client } = env.fresh();
    await client.assignUserId({ xAlgoliaUserID: 'alice', assignUserIdParams: { cluster: 'c1-test' } });
    await client.addOrUpdateObject(
      { indexName: 'notes', objectID: 'n1', body: {} },
      { headers: { 'X-Algolia-User-ID': 'alice' } },
    );
    await client.addOrUpdateObject({ indexName: 'notes', objectID: 'other', body: {} });
    expect(await client.removeUserId({ userID: 'alice' })).toEqual({ deletedAt: '2024-01-01T00:00:00.000Z' });
    await expect(client.getUserId({ userID: 'alice' })).rejects.toMatchObject({ status: 404 });
    await expect(client.getObject({ indexName: 'notes', objectID: 'n1' })).rejects.toMatchObject({
      status: 404,
      message: 'ObjectID does not exist',
    });
    await expect(client.getObject({ indexName: 'notes', objectID: 'other' })).resolves.toMatchObject({
      objectID: 'other',
    });
  });

  it('search finds what getUserId finds, at once; updatedAt is the last 12-hour rebuild', async () => {
    const { emulator, client } = env.fresh();
    await client.assignUserId({ xAlgoliaUserID: 'alice-1', assignUserIdParams: { cluster: 'c1-test' } });
    await client.assignUserId({ xAlgoliaUserID: 'bob', assignUserIdParams: { cluster: 'c2-test' } });
    emulator.clock.advance('1h');
    const found = await client.searchUserIds({ query: 'alice' });
    expect(found).toMatchObject({ nbHits: 1, page: 0, hitsPerPage: 20, updatedAt: Date.UTC(2024, 0, 1) / 1000 });
    expect(found.hits[0]).toMatchObject({
      userID: 'alice-1',
      objectID: 'alice-1',
      clusterName: 'c1-test',
      _highlightResult: { userID: { value: '<em>alice</em>-1', matchLevel: 'partial', matchedWords: ['alice'] } },
    });
    emulator.clock.advance('11h');
    expect(await client.searchUserIds({ query: 'alice' })).toMatchObject({
      updatedAt: Date.UTC(2024, 0, 1, 12) / 1000,
    });
    expect((await client.searchUserIds({ query: 'b', clusterName: 'c2-test' })).hits.map((h) => h.userID)).toEqual([
      'bob',
    ]);
    await client.removeUserId({ userID: 'alice-1' });
    expect((await client.searchUserIds({ query: 'alice' })).nbHits).toBe(0);
  });

  it('cluster routes are admin-only', async () => {
    const emulator = createEmulator({ clusters: ['c1'] });
    const { key } = await emulator.addApiKey({
      acl: ['search', 'addObject', 'settings', 'editSettings', 'logs', 'listIndexes'],
    });
    await expect(emulator.as({ apiKey: key }).listClusters()).rejects.toMatchObject({
      status: 403,
      message: 'Invalid Application-ID or API key',
    });
  });
});
