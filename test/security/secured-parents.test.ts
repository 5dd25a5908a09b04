import { describe, expect, it } from 'vitest';
import { createEmulator, generateSecuredApiKey } from '../../src';

async function setup() {
  const emulator = createEmulator();
  await emulator.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: { name: 'Phone' } });
  await emulator.addOrUpdateObject({ indexName: 'orders', objectID: 'o1', body: { total: 3 } });
  const get = (apiKey: string, indexName: string, objectID: string) =>
    emulator.request({
      method: 'GET',
      path: `/1/indexes/${indexName}/${objectID}`,
      headers: { 'x-algolia-application-id': emulator.appId, 'x-algolia-api-key': apiKey },
    });
  return { emulator, get };
}

describe('the keys a secured key may be derived from', () => {
  it('an index-specific key, which keeps its index', async () => {
    const { emulator, get } = await setup();
    const created = await emulator.request({
      method: 'POST',
      path: '/1/indexes/products/keys',
      body: { acl: ['search'] },
    });
    const parent = (created.body as { key: string }).key;
    const secured = await generateSecuredApiKey(parent, { filters: 'name:Phone' });
    expect((await get(secured, 'products', 'p1')).status).toBe(200);
    expect((await get(secured, 'orders', 'o1')).status).toBe(403);
  });

  it('a live application key, and not once it has expired', async () => {
    const { emulator, get } = await setup();
    const { key: parent } = await emulator.addApiKey({ acl: ['search'], validity: 60 });
    const secured = await generateSecuredApiKey(parent, {});
    expect((await get(secured, 'products', 'p1')).status).toBe(200);
    await emulator.advance('61s');
    expect((await get(parent, 'products', 'p1')).status).toBe(403);
    expect((await get(secured, 'products', 'p1')).status).toBe(403);
  });
});
