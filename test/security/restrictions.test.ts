import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();
const RATE = 'Too many requests per IP per hour';

describe('key fields enforced by the gate', () => {
  it('maxQueriesPerIPPerHour: the N+1th call in the hour is a 429; the window slides on the clock', async () => {
    const { emulator, client } = env.fresh();
    await client.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: { name: 'Phone' } });
    const { key } = await client.addApiKey({ acl: ['search'], maxQueriesPerIPPerHour: 3 });
    // The real client retries a 429 three times, 1 s apart (real timers): turn that off here.
    const search = algoliasearch(emulator.appId, key, { maxRateLimitRetries: 0 } as never);
    const get = () => search.getObject({ indexName: 'products', objectID: 'p1' });
    await get();
    emulator.clock.advance('20m');
    await get();
    await get();
    await expect(get()).rejects.toMatchObject({ status: 429, message: RATE });
    emulator.clock.advance('40m'); // the first call leaves the window
    await expect(get()).resolves.toMatchObject({ objectID: 'p1' });
    await expect(get()).rejects.toMatchObject({ status: 429, message: RATE });
    emulator.clock.advance('1h');
    await expect(get()).resolves.toMatchObject({ objectID: 'p1' });
  });

  it('counts per IP, or per user token when one is sent', async () => {
    const emulator = createEmulator();
    await emulator.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: {} });
    const { key } = await emulator.addApiKey({ acl: ['search'], maxQueriesPerIPPerHour: 1 });
    const from = (headers: Record<string, string>) =>
      emulator.as({ apiKey: key, headers }).getObject({ indexName: 'products', objectID: 'p1' });
    await from({ 'x-emulator-client-ip': '10.0.0.1' });
    await expect(from({ 'x-emulator-client-ip': '10.0.0.1' })).rejects.toMatchObject({ status: 429, message: RATE });
    await expect(from({ 'x-emulator-client-ip': '10.0.0.2' })).resolves.toMatchObject({ objectID: 'p1' });
    await expect(from({ 'x-emulator-client-ip': '10.0.0.1', 'x-algolia-usertoken': 'alice' })).resolves.toMatchObject({
      objectID: 'p1',
    });
    await expect(from({ 'x-emulator-client-ip': '10.0.0.9', 'x-algolia-usertoken': 'alice' })).rejects.toMatchObject({
      status: 429,
    });
  });

  it('the admin key proxies a rate-limited key with X-Forwarded-For and X-Forwarded-API-Key', async () => {
    const emulator = createEmulator();
    await emulator.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: {} });
    const { key } = await emulator.addApiKey({ acl: ['search'], maxQueriesPerIPPerHour: 1 });
    const proxy = (ip: string) =>
      emulator.getObject(
        { indexName: 'products', objectID: 'p1' },
        { headers: { 'X-Forwarded-For': ip, 'X-Forwarded-API-Key': key } },
      );
    await proxy('1.1.1.1');
    await expect(proxy('1.1.1.1')).rejects.toMatchObject({ status: 429, message: RATE });
    await expect(proxy('2.2.2.2')).resolves.toMatchObject({ objectID: 'p1' });
    // The proxied request has the forwarded key's rights, not the admin's.
    await expect(emulator.listApiKeys({ headers: { 'X-Forwarded-API-Key': key } })).rejects.toMatchObject({
      status: 403,
    });
    await expect(proxy('3.3.3.3')).resolves.toMatchObject({ objectID: 'p1' });
    await expect(
      emulator.getObject({ indexName: 'products', objectID: 'p1' }, { headers: { 'X-Forwarded-API-Key': 'bogus' } }),
    ).rejects.toMatchObject({
      status: 403,
      message: 'Invalid Application-ID or API key',
    });
  });

  it('referers: checked against Referer or Origin with leading and trailing wildcards; missing header refused', async () => {
    const emulator = createEmulator();
    await emulator.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: {} });
    const { key } = await emulator.addApiKey({
      acl: ['search'],
      referers: ['https://shop.example.com/*', '*.example.org'],
    });
    const get = (headers: Record<string, string>) =>
      emulator.as({ apiKey: key, headers }).getObject({ indexName: 'products', objectID: 'p1' });
    await expect(get({ referer: 'https://shop.example.com/cart' })).resolves.toMatchObject({ objectID: 'p1' });
    await expect(get({ origin: 'https://www.example.org' })).resolves.toMatchObject({ objectID: 'p1' });
    await expect(get({ referer: 'https://evil.com/' })).rejects.toMatchObject({
      status: 403,
      message: 'Method not allowed with this referer',
    });
    await expect(get({})).rejects.toMatchObject({ status: 403, message: 'Method not allowed with this referer' });
  });

  it('indexes patterns with * restrict the key, in path and multi-index requests', async () => {
    const emulator = createEmulator();
    await emulator.addOrUpdateObject({ indexName: 'dev_products', objectID: 'p1', body: {} });
    await emulator.addOrUpdateObject({ indexName: 'prod_products', objectID: 'p1', body: {} });
    const { key } = await emulator.addApiKey({ acl: ['search'], indexes: ['dev_*'] });
    const asKey = emulator.as({ apiKey: key });
    await expect(asKey.getObject({ indexName: 'dev_products', objectID: 'p1' })).resolves.toMatchObject({
      objectID: 'p1',
    });
    await expect(asKey.getObject({ indexName: 'prod_products', objectID: 'p1' })).rejects.toMatchObject({
      status: 403,
      message: 'Index not allowed with this API key',
    });
    await expect(
      asKey.getObjects({
        requests: [
          { indexName: 'dev_products', objectID: 'p1' },
          { indexName: 'prod_products', objectID: 'p1' },
        ],
      }),
    ).rejects.toMatchObject({ status: 403, message: 'Index not allowed with this API key' });
  });

  it('puts maxHitsPerQuery and queryParameters on the request identity for the engine', async () => {
    const emulator = createEmulator();
    const { key } = await emulator.addApiKey({
      acl: ['search'],
      maxHitsPerQuery: 7,
      queryParameters: 'filters=brand%3Aacme&restrictSources=10.0.0.0%2F8',
    });
    const seen: unknown[] = [];
    emulator.core.observe((event) => seen.push(event.auth));
    await emulator.as({ apiKey: key, headers: { 'x-emulator-client-ip': '10.1.2.3' } }).getApiKey({ key });
    expect(seen[0]).toMatchObject({
      admin: false,
      maxHitsPerQuery: 7,
      queryParameters: { filters: 'brand:acme' },
      ip: '10.1.2.3',
    });
    // restrictSources inside queryParameters limits the key to that network
    await expect(
      emulator.as({ apiKey: key, headers: { 'x-emulator-client-ip': '192.168.0.1' } }).getApiKey({ key }),
    ).rejects.toMatchObject({
      status: 403,
      message: 'Invalid Application-ID or API key',
    });
  });
});
