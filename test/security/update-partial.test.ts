import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES } from '../support/surfaces';
import { v4Client } from '../support/v4';

const open = setupSurfaces();

describe.each(SURFACES)('updateApiKey through %s calls', (surface) => {
  it('accepts a body without acl (only the fields that change); unspecified fields go back to their defaults', async () => {
    const { api, client } = open(surface);
    const { key } = await api.addApiKey({
      acl: ['search'],
      description: 'A description',
      maxHitsPerQuery: 1000,
      queryParameters: 'typoTolerance=strict',
    });
    const change = { maxHitsPerQuery: 42, queryParameters: 'typoTolerance=min' };
    // The v5 client requires `acl`; its custom request sends the body as the v4 client does.
    const updated =
      surface === 'direct'
        ? await api.updateApiKey({ key, apiKey: change })
        : await client.customPut({ path: `1/keys/${key}`, body: change });
    expect(updated).toEqual({ key, updatedAt: expect.any(String) });
    expect(await api.getApiKey({ key })).toMatchObject({ ...change, acl: [], description: '' });
  });
});

describe('updateApiKey through the v4 client (its integration test)', () => {
  it('updates with {maxHitsPerQuery, queryParameters}, keeps them through delete and restore', async () => {
    const { emulator } = open('client');
    const client = v4Client(emulator);
    const options = {
      description: 'A description',
      indexes: ['index'],
      maxHitsPerQuery: 1000,
      maxQueriesPerIPPerHour: 1000,
      queryParameters: 'typoTolerance=strict',
      referers: ['referer'],
      validity: 600,
    };
    const { key } = await client.addApiKey(['search'], options).wait();
    await expect(
      client.updateApiKey(key, { maxHitsPerQuery: 42, queryParameters: 'typoTolerance=min' }).wait(),
    ).resolves.toMatchObject({ updatedAt: expect.any(String), key });
    await expect(client.getApiKey(key)).resolves.toMatchObject({
      maxHitsPerQuery: 42,
      queryParameters: 'typoTolerance=min',
    });
    await client.deleteApiKey(key).wait();
    await expect(client.getApiKey(key)).rejects.toMatchObject({
      name: 'ApiError',
      message: 'Key does not exist',
      status: 404,
    });
    await client.restoreApiKey(key).wait();
    await expect(client.getApiKey(key)).resolves.toMatchObject({
      maxHitsPerQuery: 42,
      queryParameters: 'typoTolerance=min',
    });
  });
});
