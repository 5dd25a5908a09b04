import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';

async function setup() {
  const emulator = createEmulator();
  await emulator.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: { name: 'Phone' } });
  await emulator.addOrUpdateObject({ indexName: 'orders', objectID: 'o1', body: { total: 3 } });
  return emulator;
}

describe('index-specific keys (spec 000, reachable over HTTP and emulator.request)', () => {
  it('create, get, list, list all, update, delete with the spec shapes', async () => {
    const emulator = await setup();
    const created = await emulator.request({
      method: 'POST',
      path: '/1/indexes/products/keys',
      body: { acl: ['search'], description: 'p' },
    });
    expect(created.status).toBe(200);
    const { key, createdAt } = created.body as { key: string; createdAt: string };
    expect(createdAt).toBe('2024-01-01T00:00:00.000Z');

    expect((await emulator.request({ method: 'GET', path: `/1/indexes/products/keys/${key}` })).body).toEqual({
      value: key,
      acl: ['search'],
      validity: 0,
      description: 'p',
    });
    expect((await emulator.request({ method: 'GET', path: '/1/indexes/products/keys' })).body).toEqual({
      keys: [{ value: key, createdAt: Date.UTC(2024, 0, 1) / 1000, acl: ['search'], validity: 0, description: 'p' }],
    });
    expect((await emulator.request({ method: 'GET', path: '/1/indexes/*/keys' })).body).toEqual({
      keys: [
        {
          value: key,
          createdAt: Date.UTC(2024, 0, 1) / 1000,
          acl: ['search'],
          validity: 0,
          description: 'p',
          index: 'products',
        },
      ],
    });

    const updated = await emulator.request({
      method: 'PUT',
      path: `/1/indexes/products/keys/${key}`,
      body: { acl: ['browse'] },
    });
    expect(updated.body).toEqual({ key, updatedAt: '2024-01-01T00:00:00.000Z' });
    expect((await emulator.request({ method: 'GET', path: `/1/indexes/products/keys/${key}` })).body).toEqual({
      value: key,
      acl: ['browse'],
      validity: 0,
    });

    expect((await emulator.request({ method: 'DELETE', path: `/1/indexes/products/keys/${key}` })).body).toEqual({
      deletedAt: '2024-01-01T00:00:00.000Z',
    });
    expect(await emulator.request({ method: 'GET', path: `/1/indexes/products/keys/${key}` })).toMatchObject({
      status: 404,
      body: { message: 'Key does not exist' },
    });
  });

  it('updating an unknown index key succeeds and makes it active', async () => {
    const emulator = await setup();
    const res = await emulator.request({
      method: 'PUT',
      path: '/1/indexes/products/keys/made-up-key',
      body: { acl: ['search'] },
    });
    expect(res).toMatchObject({ status: 200, body: { key: 'made-up-key', updatedAt: '2024-01-01T00:00:00.000Z' } });
    expect(await emulator.as({ apiKey: 'made-up-key' }).getObject({ indexName: 'products', objectID: 'p1' })).toEqual({
      name: 'Phone',
      objectID: 'p1',
    });
  });

  it('listing the keys of a missing index is a 404', async () => {
    const emulator = await setup();
    expect(await emulator.request({ method: 'GET', path: '/1/indexes/missing/keys' })).toMatchObject({
      status: 404,
      body: { message: 'Index does not exist', status: 404 },
    });
  });

  it('an index key only reaches its index', async () => {
    const emulator = await setup();
    const { body } = await emulator.request({
      method: 'POST',
      path: '/1/indexes/products/keys',
      body: { acl: ['search'] },
    });
    const asKey = emulator.as({ apiKey: (body as { key: string }).key });
    await expect(asKey.getObject({ indexName: 'products', objectID: 'p1' })).resolves.toMatchObject({ objectID: 'p1' });
    await expect(asKey.getObject({ indexName: 'orders', objectID: 'o1' })).rejects.toMatchObject({
      status: 403,
      message: 'Index not allowed with this API key',
    });
  });

  it('copy adds the source keys to the destination; move carries them over', async () => {
    const emulator = await setup();
    const { body } = await emulator.request({
      method: 'POST',
      path: '/1/indexes/products/keys',
      body: { acl: ['search'] },
    });
    const key = (body as { key: string }).key;
    await emulator.operationIndex({
      indexName: 'products',
      operationIndexParams: { operation: 'copy', destination: 'products_copy' },
    });
    const asKey = emulator.as({ apiKey: key });
    await expect(asKey.getObject({ indexName: 'products_copy', objectID: 'p1' })).resolves.toMatchObject({
      objectID: 'p1',
    });
    await emulator.operationIndex({
      indexName: 'products',
      operationIndexParams: { operation: 'move', destination: 'products_moved' },
    });
    const all = (await emulator.request({ method: 'GET', path: '/1/indexes/*/keys' })).body as {
      keys: { index: string }[];
    };
    expect(all.keys.map((k) => k.index).sort()).toEqual(['products_copy', 'products_moved']);
  });

  it('index key routes are admin-only', async () => {
    const emulator = await setup();
    const { key } = await emulator.addApiKey({ acl: ['search', 'addObject', 'settings', 'editSettings'] });
    const res = await emulator.request({
      method: 'GET',
      path: '/1/indexes/products/keys',
      headers: { 'x-algolia-application-id': emulator.appId, 'x-algolia-api-key': key },
    });
    expect(res).toMatchObject({ status: 403, body: { message: 'Invalid Application-ID or API key' } });
  });
});
