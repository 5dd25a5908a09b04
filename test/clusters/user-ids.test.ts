import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES } from '../support/surfaces';
import { expectConforms } from '../support/schemas/validate';
import { v4Client } from '../support/v4';

const open = setupSurfaces({ clusters: ['c1-test', 'c2-test'] });

describe.each(SURFACES)('multi-cluster user IDs through %s calls', (surface) => {
  it('follow the OpenAPI pattern: letters, digits, spaces, -, * and .', async () => {
    const { api } = open(surface);
    for (const userID of ['John Doe', 'user.1', 'team-*', 'a b-c.d*e']) {
      await api.assignUserId({ xAlgoliaUserID: userID, assignUserIdParams: { cluster: 'c1-test' } });
      expect(await api.getUserId({ userID })).toMatchObject({ userID, clusterName: 'c1-test' });
    }
    await api.batchAssignUserIds({
      xAlgoliaUserID: 'admin',
      batchAssignUserIdsParams: { cluster: 'c2-test', users: ['Jane Roe', 'x.y'] },
    });
    expect(await api.getUserId({ userID: 'Jane Roe' })).toMatchObject({ clusterName: 'c2-test' });
  });

  it.each(['under_score', 'slash/user', 'é', 'a'.repeat(65)])('refuses %s with a 400', async (userID) => {
    const { api } = open(surface);
    await expect(
      api.assignUserId({ xAlgoliaUserID: userID, assignUserIdParams: { cluster: 'c1-test' } }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Invalid userID'),
    });
  });

  it('getTopUserIds answers topUsers keyed by cluster, users as {userID, nbRecords, dataSize}', async () => {
    const { api } = open(surface);
    await api.assignUserId({ xAlgoliaUserID: 'alice', assignUserIdParams: { cluster: 'c1-test' } });
    const top = await api.getTopUserIds();
    expect(top).toEqual({ topUsers: { 'c1-test': [{ userID: 'alice', nbRecords: 0, dataSize: 0 }], 'c2-test': [] } });
    expect(Object.keys(top.topUsers['c1-test'][0])).toEqual(['userID', 'nbRecords', 'dataSize']);
  });

  it('searchUserIds finds a hyphenated user by its whole ID right after the assignment', async () => {
    const { api } = open(surface);
    const userID = 'javascript-2024-06-03-09-00-00-host-mcm-1';
    await api.assignUserId({ xAlgoliaUserID: userID, assignUserIdParams: { cluster: 'c1-test' } });
    await api.assignUserId({ xAlgoliaUserID: `${userID}0`, assignUserIdParams: { cluster: 'c2-test' } });
    const found = await api.searchUserIds({ query: userID, clusterName: 'c1-test' });
    expectConforms('searchUserIds', 200, found);
    expect(found).toMatchObject({ nbHits: 1, page: 0, hitsPerPage: 20 });
    expect(found.hits[0]).toMatchObject({
      userID,
      clusterName: 'c1-test',
      _highlightResult: { userID: { value: `<em>${userID}</em>`, matchLevel: 'full' } },
    });
    expect((await api.searchUserIds({ query: userID })).nbHits).toBe(2);
  });

  it('a userID without a mapping is 404 "Mapping does not exist for this userID"', async () => {
    const { api } = open(surface);
    await expect(api.getUserId({ userID: 'ghost' })).rejects.toMatchObject({
      status: 404,
      message: 'Mapping does not exist for this userID',
    });
  });
});

describe('multi-cluster management through the v4 client (its integration test)', () => {
  it('assignUserID and removeUserID send X-Algolia-User-ID in the query string; searchUserIDs finds each user; topUsers[cluster] is read', async () => {
    const { emulator } = open('client');
    const client = v4Client(emulator);
    const { clusters } = await client.listClusters();
    expect(clusters).toHaveLength(2);
    const cluster = clusters[0].clusterName;
    const userID = (n: number) => `javascript-2024-01-01-mcm-${n}`;
    await expect(client.assignUserID(userID(0), cluster)).resolves.toHaveProperty('createdAt');
    await expect(client.assignUserIDs([userID(1), userID(2)], cluster)).resolves.toHaveProperty('createdAt');
    for (const n of [0, 1, 2]) {
      await expect(client.getUserID(userID(n))).resolves.toMatchObject({
        userID: userID(n),
        clusterName: cluster,
        nbRecords: 0,
        dataSize: 0,
      });
    }
    // Each user is found by its whole hyphenated ID right after getUserID reads it.
    const searched = await Promise.all([0, 1, 2].map((n) => client.searchUserIDs(userID(n), { cluster } as never)));
    for (const n of [0, 1, 2]) {
      expect(searched[n].nbHits).toBe(1);
      expect(searched[n].page).toBe(0);
      expect(searched[n]).toHaveProperty('updatedAt');
      expect(searched[n].hits[0].userID).toEqual(userID(n));
      expect(searched[n].hits[0].clusterName).toEqual(cluster);
    }
    const listed = await client.listUserIDs();
    expect(Object.keys(listed.userIDs[0])).toEqual(['userID', 'clusterName', 'nbRecords', 'dataSize']);
    const top = await client.getTopUserIDs();
    expect(top.topUsers[cluster].length > 0).toBe(true);
    expect(Object.keys(top.topUsers[cluster][0])).toEqual(['userID', 'nbRecords', 'dataSize']);
    for (const n of [0, 1, 2]) await expect(client.removeUserID(userID(n))).resolves.toHaveProperty('deletedAt');
    for (const n of [0, 1, 2]) {
      await expect(client.getUserID(userID(n))).rejects.toMatchObject({
        message: 'Mapping does not exist for this userID',
        status: 404,
      });
    }
    await expect(client.hasPendingMappings({ retrieveMappings: true })).resolves.toMatchObject({
      clusters: expect.any(Object),
      pending: expect.any(Boolean),
    });
  });
});
