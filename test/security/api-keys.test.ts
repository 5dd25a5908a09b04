import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();
const INVALID = 'Invalid Application-ID or API key';

async function withRecord() {
  const { emulator, client } = env.fresh();
  await client.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: { name: 'Phone' } });
  return { emulator, client };
}

describe('application keys through the real client', () => {
  it('creates a key usable at once, answered as the spec lists (key vs value, ISO vs Unix createdAt)', async () => {
    const { emulator, client } = await withRecord();
    const created = await client.addApiKey({ acl: ['search'], description: 'front end', validity: 0 });
    expect(created.key).toMatch(/^[0-9a-f]{32}$/);
    expect(created.createdAt).toBe('2024-01-01T00:00:00.000Z');
    await client.waitForApiKey({ operation: 'add', key: created.key });

    const fetched = await client.getApiKey({ key: created.key });
    expect(fetched).toEqual({
      value: created.key,
      createdAt: Date.UTC(2024, 0, 1) / 1000,
      acl: ['search'],
      description: 'front end',
      maxHitsPerQuery: 0,
      maxQueriesPerIPPerHour: 0,
      queryParameters: '',
      referers: [],
      validity: 0,
    });
    expect((await client.listApiKeys()).keys.map((k) => k.value)).toEqual([created.key]);

    const search = algoliasearch(emulator.appId, created.key);
    expect(await search.getObject({ indexName: 'products', objectID: 'p1' })).toEqual({
      name: 'Phone',
      objectID: 'p1',
    });
  });

  it('key values come from the seeded generator: the same seed gives the same keys', async () => {
    const a = createEmulator({ seed: 's1' });
    const b = createEmulator({ seed: 's1' });
    const c = createEmulator({ seed: 's2' });
    const [ka, kb, kc] = await Promise.all([a, b, c].map((e) => e.addApiKey({ acl: ['search'] })));
    expect(ka.key).toBe(kb.key);
    expect(ka.key).not.toBe(kc.key);
  });

  it('removes a key when its validity elapses on the clock', async () => {
    const { emulator, client } = await withRecord();
    const { key } = await client.addApiKey({ acl: ['search'], validity: 60 });
    const search = algoliasearch(emulator.appId, key);
    await expect(search.getObject({ indexName: 'products', objectID: 'p1' })).resolves.toMatchObject({
      objectID: 'p1',
    });
    emulator.clock.advance('59s');
    await expect(search.getObject({ indexName: 'products', objectID: 'p1' })).resolves.toMatchObject({
      objectID: 'p1',
    });
    emulator.clock.advance('1s');
    await expect(search.getObject({ indexName: 'products', objectID: 'p1' })).rejects.toMatchObject({
      status: 403,
      message: INVALID,
    });
    await expect(client.getApiKey({ key })).rejects.toMatchObject({ status: 404, message: 'Key does not exist' });
    expect((await client.listApiKeys()).keys).toEqual([]);
  });

  it('updates replace the key: unspecified fields return to their defaults; waitForApiKey(update) terminates', async () => {
    const { client } = await withRecord();
    const { key } = await client.addApiKey({ acl: ['search', 'browse'], description: 'old', maxHitsPerQuery: 5 });
    const updated = await client.updateApiKey({ key, apiKey: { acl: ['settings'], referers: ['*.example.com'] } });
    expect(updated).toEqual({ key, updatedAt: '2024-01-01T00:00:00.000Z' });
    await client.waitForApiKey({
      operation: 'update',
      key,
      apiKey: { acl: ['settings'], referers: ['*.example.com'] },
    });
    expect(await client.getApiKey({ key })).toMatchObject({
      acl: ['settings'],
      description: '',
      maxHitsPerQuery: 0,
      referers: ['*.example.com'],
    });
    await expect(client.updateApiKey({ key: 'nope', apiKey: { acl: [] } })).rejects.toMatchObject({
      status: 404,
      message: 'Key does not exist',
    });
  });

  it('delete -> refused; restore -> works again with validity reset; restore twice -> 404', async () => {
    const { emulator, client } = await withRecord();
    const { key } = await client.addApiKey({ acl: ['search'], validity: 3600 });
    const search = algoliasearch(emulator.appId, key);
    expect(await client.deleteApiKey({ key })).toEqual({ deletedAt: '2024-01-01T00:00:00.000Z' });
    await client.waitForApiKey({ operation: 'delete', key });
    await expect(search.getObject({ indexName: 'products', objectID: 'p1' })).rejects.toMatchObject({
      status: 403,
      message: INVALID,
    });

    emulator.clock.advance('2h');
    expect(await client.restoreApiKey({ key })).toEqual({ key, createdAt: '2024-01-01T00:00:00.000Z' });
    await expect(search.getObject({ indexName: 'products', objectID: 'p1' })).resolves.toMatchObject({
      objectID: 'p1',
    });
    expect((await client.getApiKey({ key })).validity).toBe(0);
    await expect(client.restoreApiKey({ key })).rejects.toMatchObject({ status: 404, message: 'Key does not exist' });
    await expect(client.restoreApiKey({ key: 'never-existed' })).rejects.toMatchObject({
      status: 404,
      message: 'Key does not exist',
    });
  });

  it('validates key bodies with 400s', async () => {
    const emulator = createEmulator();
    await expect(emulator.addApiKey({ acl: ['fly' as never] })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid ACL: fly',
    });
    await expect(emulator.addApiKey({ acl: ['search'], validity: -1 })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid API key: `validity` must be a non-negative integer',
    });
    const res = await emulator.request({ method: 'POST', path: '/1/keys', body: { description: 'no acl' } });
    expect(res).toMatchObject({ status: 400, body: { message: 'Missing `acl` in API key', status: 400 } });
  });
});

describe('what other keys may do with keys', () => {
  it('admin-only key routes refuse other keys; a key reads itself with its description redacted', async () => {
    const emulator = createEmulator();
    const { key } = await emulator.addApiKey({ acl: ['search'], description: 'secret' });
    const { key: other } = await emulator.addApiKey({ acl: ['search'] });
    const asKey = emulator.as({ apiKey: key });
    await expect(asKey.listApiKeys()).rejects.toMatchObject({ status: 403, message: INVALID });
    await expect(asKey.addApiKey({ acl: ['search'] })).rejects.toMatchObject({ status: 403, message: INVALID });
    await expect(asKey.deleteApiKey({ key: other })).rejects.toMatchObject({ status: 403, message: INVALID });
    expect(await asKey.getApiKey({ key })).toMatchObject({ value: key, description: '<redacted>' });
    await expect(asKey.getApiKey({ key: other })).rejects.toMatchObject({
      status: 403,
      message: 'Method not allowed with this API key',
    });
    const noSearch = await emulator.addApiKey({ acl: ['browse'] });
    await expect(emulator.as({ apiKey: noSearch.key }).getApiKey({ key: noSearch.key })).rejects.toMatchObject({
      status: 403,
      message: 'Method not allowed with this API key',
    });
  });

  it('snapshots carry keys; reset forgets them', async () => {
    const emulator = createEmulator();
    const { key } = await emulator.addApiKey({ acl: ['search'] });
    const snapshot = emulator.snapshot();
    await emulator.deleteApiKey({ key });
    emulator.restore(snapshot);
    expect((await emulator.getApiKey({ key })).value).toBe(key);
    emulator.reset();
    await expect(emulator.getApiKey({ key })).rejects.toMatchObject({ status: 404 });
  });
});
