import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

describe('API logs', () => {
  it('records calls newest first with every field, key values masked; the logs call is not logged', async () => {
    const { emulator, client } = env.fresh();
    await client.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: { name: 'Phone' } });
    emulator.clock.advance('1s');
    await client.getObject({ indexName: 'products', objectID: 'p1' });
    await expect(client.getObject({ indexName: 'products', objectID: 'nope' })).rejects.toMatchObject({ status: 404 });

    const { logs } = await client.getLogs();
    const again = await client.getLogs();
    expect(again.logs).toHaveLength(logs.length); // getLogs itself is never logged
    // URLs keep their query string (the client's x-algolia-agent)
    expect(logs.every((log) => log.url.includes('?x-algolia-agent='))).toBe(true);
    expect(logs.map((log) => [log.method, log.answer_code, log.url.split('?')[0]])).toEqual([
      ['GET', '404', '/1/indexes/products/nope'],
      ['GET', '200', '/1/indexes/products/p1'],
      ['PUT', '200', '/1/indexes/products/p1'],
    ]);
    const [missing, read, write] = logs;
    expect(read).toMatchObject({
      timestamp: '2024-01-01T00:00:01Z',
      ip: '127.0.0.1',
      index: 'products',
      query_body: '',
      answer: JSON.stringify({ name: 'Phone', objectID: 'p1' }),
      nb_api_calls: '1',
      processing_time_ms: expect.stringMatching(/^\d+$/),
    });
    expect(read.sha1).toMatch(/^[0-9a-f]{40}$/);
    expect(write).toMatchObject({ timestamp: '2024-01-01T00:00:00Z', query_body: JSON.stringify({ name: 'Phone' }) });
    expect(missing.answer).toBe(JSON.stringify({ message: 'ObjectID does not exist', status: 404 }));
    expect(read.query_headers).toContain('x-algolia-api-key: adm**********');
    expect(read.query_headers).not.toContain(emulator.adminApiKey);
  });

  it('keeps the first 1,000 characters of request and answer bodies, as the real log does', async () => {
    const { client } = env.fresh();
    const records = Array.from({ length: 40 }, (_, i) => ({
      objectID: `r${i}`,
      name: `record number ${i} with a long enough name`,
    }));
    await client.saveObjects({ indexName: 'big', objects: records });
    const search = await client.searchSingleIndex({
      indexName: 'big',
      searchParams: { query: 'record', hitsPerPage: 40 },
    });
    const { logs } = await client.getLogs({ length: 2 });
    const [query, batch] = logs;
    expect(query.answer).toHaveLength(1000);
    expect(query.answer).toBe(JSON.stringify(search).slice(0, 1000));
    expect(batch.query_body).toHaveLength(1000);
    expect(batch.query_body).toBe(
      JSON.stringify({ requests: records.map((body) => ({ action: 'addObject', body })) }).slice(0, 1000),
    );
  });

  it('filters by type, index, offset and length; validates length', async () => {
    const emulator = createEmulator();
    await emulator.addOrUpdateObject({ indexName: 'a', objectID: '1', body: {} });
    await emulator.addOrUpdateObject({ indexName: 'b', objectID: '1', body: {} });
    await emulator.getObject({ indexName: 'a', objectID: '1' });
    await expect(emulator.getObject({ indexName: 'a', objectID: 'missing' })).rejects.toMatchObject({ status: 404 });
    const urls = async (params: object) =>
      ((await emulator.getLogs(params)).logs as { url: string }[]).map((log) => log.url);
    expect(await urls({ type: 'build' })).toEqual(['/1/indexes/b/1', '/1/indexes/a/1']);
    expect(await urls({ type: 'query' })).toEqual(['/1/indexes/a/missing', '/1/indexes/a/1']);
    expect(await urls({ type: 'error' })).toEqual(['/1/indexes/a/missing']);
    expect(await urls({ indexName: 'b' })).toEqual(['/1/indexes/b/1']);
    expect(await urls({ offset: 1, length: 2 })).toEqual(['/1/indexes/a/1', '/1/indexes/b/1']);
    await expect(emulator.getLogs({ length: 1001 })).rejects.toMatchObject({
      status: 400,
      message: 'Parameter `length` must be at most 1000, got 1001',
    });
    await expect(emulator.getLogs({ type: 'weird' as never })).rejects.toMatchObject({ status: 400 });
  });

  it('keeps the last 1000 calls and 7 days on the clock', async () => {
    const emulator = createEmulator();
    await emulator.addOrUpdateObject({ indexName: 'a', objectID: 'old', body: {} });
    emulator.clock.advance('6d');
    for (let i = 0; i < 5; i++) await emulator.listApiKeys();
    expect((await emulator.getLogs({ length: 1000 })).logs).toHaveLength(6);
    emulator.clock.advance('1d');
    const kept = (await emulator.getLogs({ length: 1000 })).logs as { url: string }[];
    expect(kept).toHaveLength(5);
    expect(kept.every((log) => log.url === '/1/keys')).toBe(true);
    for (let i = 0; i < 1000; i++) await emulator.listApiKeys();
    expect((await emulator.getLogs({ length: 1000, offset: 0 })).logs).toHaveLength(1000);
    expect((await emulator.getLogs({ length: 1000, offset: 999 })).logs).toHaveLength(1);
    expect(emulator.core.state.logs.records).toHaveLength(1000);
  });

  it('needs the logs right; a logs key sees logs', async () => {
    const emulator = createEmulator();
    const { key } = await emulator.addApiKey({ acl: ['search'] });
    const { key: logsKey } = await emulator.addApiKey({ acl: ['logs'] });
    await expect(emulator.as({ apiKey: key }).getLogs()).rejects.toMatchObject({
      status: 403,
      message: 'Method not allowed with this API key',
    });
    await emulator.as({ apiKey: key }).getApiKey({ key });
    const { logs } = await emulator.as({ apiKey: logsKey }).getLogs();
    expect(logs.map((log: { url: string }) => log.url)).toEqual([`/1/keys/${key}`, '/1/keys', '/1/keys']); // no logs call, refused or not
    expect(logs[0].query_headers).toContain(`x-algolia-api-key: ${key.slice(0, 3)}*****`);
  });

  it('a restored snapshot reads its own log: neither the calls after it nor those of another branch', async () => {
    const emulator = createEmulator();
    const urls = async () =>
      ((await emulator.getLogs({ length: 1000 })).logs as { url: string }[]).map((log) => log.url);
    for (let i = 0; i < 1005; i++) await emulator.getApiKey({ key: `k${i}` }).catch(() => undefined);
    const before = emulator.snapshot();
    await emulator.listApiKeys();
    await emulator.addOrUpdateObject({ indexName: 'a', objectID: '1', body: {} });
    const after = emulator.snapshot();
    const newest = await urls();
    expect(newest.slice(0, 3)).toEqual(['/1/indexes/a/1', '/1/keys', '/1/keys/k1004']);
    expect(newest.at(-1)).toBe('/1/keys/k7');

    emulator.restore(before);
    const restored = await urls();
    expect(restored).toHaveLength(1000);
    expect([restored[0], restored.at(-1)]).toEqual(['/1/keys/k1004', '/1/keys/k5']);
    await emulator.getObject({ indexName: 'b', objectID: 'x' }).catch(() => undefined);
    expect((await urls()).slice(0, 2)).toEqual(['/1/indexes/b/x', '/1/keys/k1004']);
    expect((await emulator.getLogs({ indexName: 'b' })).logs).toHaveLength(1);

    emulator.restore(after);
    expect(await urls()).toEqual(newest);
    expect((await emulator.getLogs({ indexName: 'b' })).logs).toHaveLength(0);
    expect((await emulator.getLogs({ indexName: 'a' })).logs).toMatchObject([{ url: '/1/indexes/a/1', index: 'a' }]);
  });
});
