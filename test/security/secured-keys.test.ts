import { createHmac } from 'node:crypto';
import { searchClient } from '@algolia/client-search';
import { algoliasearch } from 'algoliasearch';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSecuredApiKey } from '../../src';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();
const INVALID = 'Invalid Application-ID or API key';
/** The official v5 client's Node build (what runs here) has generateSecuredApiKey; TS resolves its browser types. */
const v5 = searchClient('TESTAPP', 'admin-api-key') as unknown as {
  generateSecuredApiKey(options: { parentApiKey: string; restrictions?: Record<string, unknown> }): string;
};

/** A secured key the way the v4 client built it: names in the given order, arrays as JSON. */
function v4SecuredKey(parent: string, restrictions: Record<string, unknown>): string {
  const query = Object.keys(restrictions)
    .map((name) => {
      const value = restrictions[name];
      return `${name}=${encodeURIComponent(Array.isArray(value) ? JSON.stringify(value) : String(value))}`;
    })
    .join('&');
  return Buffer.from(createHmac('sha256', parent).update(query).digest('hex') + query).toString('base64');
}

async function setup() {
  const { emulator, client } = env.fresh();
  await client.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: { name: 'Phone' } });
  await client.addOrUpdateObject({ indexName: 'orders', objectID: 'o1', body: { total: 1 } });
  const { key: parent } = await client.addApiKey({ acl: ['search'] });
  return { emulator, client, parent };
}

describe('generateSecuredApiKey', () => {
  it('produces the same string as the official v5 client, for any restrictions', async () => {
    const restrictionsArb = fc.record(
      {
        filters: fc.string(),
        validUntil: fc.integer({ min: 0, max: 2_000_000_000 }),
        restrictIndices: fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }),
        userToken: fc.string(),
        referers: fc.array(fc.webUrl(), { maxLength: 2 }),
        searchParams: fc.record(
          { hitsPerPage: fc.integer({ min: 1, max: 100 }), query: fc.string({ unit: 'binary' }) },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), restrictionsArb, async (parent, restrictions) => {
        const expected = v5.generateSecuredApiKey({ parentApiKey: parent, restrictions: restrictions as never });
        expect(await generateSecuredApiKey(parent, restrictions as never)).toBe(expected);
        expect(await generateSecuredApiKey({ parentApiKey: parent, restrictions: restrictions as never })).toBe(
          expected,
        );
      }),
      { numRuns: 50 },
    );
  });
});

describe('secured keys at the gate', () => {
  it('accepts a key from the real client and enforces restrictIndices', async () => {
    const { emulator, parent } = await setup();
    const secured = v5.generateSecuredApiKey({ parentApiKey: parent, restrictions: { restrictIndices: ['products'] } });
    const search = algoliasearch(emulator.appId, secured);
    expect(await search.getObject({ indexName: 'products', objectID: 'p1' })).toEqual({
      name: 'Phone',
      objectID: 'p1',
    });
    await expect(search.getObject({ indexName: 'orders', objectID: 'o1' })).rejects.toMatchObject({
      status: 403,
      message: 'Index not allowed with this API key',
    });
  });

  it('inherits the parent rights and its index restriction', async () => {
    const { emulator, client } = await setup();
    const { key: parent } = await client.addApiKey({ acl: ['search'], indexes: ['orders'] });
    const secured = v5.generateSecuredApiKey({
      parentApiKey: parent,
      restrictions: { restrictIndices: ['products', 'orders'] },
    });
    const asKey = emulator.as({ apiKey: secured });
    await expect(asKey.getObject({ indexName: 'orders', objectID: 'o1' })).resolves.toMatchObject({ objectID: 'o1' });
    await expect(asKey.getObject({ indexName: 'products', objectID: 'p1' })).rejects.toMatchObject({ status: 403 });
    await expect(asKey.saveObject({ indexName: 'orders', body: {} })).rejects.toMatchObject({
      status: 403,
      message: 'Method not allowed with this API key',
    });
  });

  it('validUntil is read on the emulator clock', async () => {
    const { emulator, parent } = await setup();
    const validUntil = emulator.clock.now() / 1000 + 60;
    const secured = v5.generateSecuredApiKey({ parentApiKey: parent, restrictions: { validUntil } });
    // (the client's getSecuredApiKeyRemainingValidity reads the host clock, not the emulator's)
    const asKey = emulator.as({ apiKey: secured });
    await expect(asKey.getObject({ indexName: 'products', objectID: 'p1' })).resolves.toMatchObject({ objectID: 'p1' });
    emulator.clock.advance('61s');
    await expect(asKey.getObject({ indexName: 'products', objectID: 'p1' })).rejects.toMatchObject({
      status: 403,
      message: INVALID,
    });
  });

  it('restrictSources (CIDR) and referers', async () => {
    const { emulator, parent } = await setup();
    const secured = await generateSecuredApiKey(parent, {
      restrictSources: '192.168.1.0/24',
      referers: ['https://shop.example.com/*'],
    });
    const call = (ip: string, referer?: string) =>
      emulator
        .as({ apiKey: secured, headers: { 'x-emulator-client-ip': ip, ...(referer ? { referer } : {}) } })
        .getObject({ indexName: 'products', objectID: 'p1' });
    await expect(call('192.168.1.77', 'https://shop.example.com/')).resolves.toMatchObject({ objectID: 'p1' });
    await expect(call('192.168.2.1', 'https://shop.example.com/')).rejects.toMatchObject({
      status: 403,
      message: INVALID,
    });
    await expect(call('192.168.1.77', 'https://elsewhere.com/')).rejects.toMatchObject({
      status: 403,
      message: 'Method not allowed with this referer',
    });
  });

  it('forces search parameters (filters, searchParams) and carries userToken onto the identity', async () => {
    const { emulator, parent } = await setup();
    const secured = await generateSecuredApiKey(parent, {
      filters: 'brand:acme',
      userToken: 'user-42',
      searchParams: { hitsPerPage: 5 },
    });
    const seen: unknown[] = [];
    emulator.core.observe((event) => seen.push(event.auth));
    await emulator.as({ apiKey: secured }).getObject({ indexName: 'products', objectID: 'p1' });
    expect(seen[0]).toMatchObject({
      queryParameters: { filters: 'brand:acme', hitsPerPage: '5' },
      userToken: 'user-42',
    });
  });

  it('userToken buckets the parent key rate limit', async () => {
    const { emulator, client } = await setup();
    const { key: parent } = await client.addApiKey({ acl: ['search'], maxQueriesPerIPPerHour: 1 });
    const alice = emulator.as({ apiKey: await generateSecuredApiKey(parent, { userToken: 'alice' }) });
    const bob = emulator.as({ apiKey: await generateSecuredApiKey(parent, { userToken: 'bob' }) });
    await alice.getObject({ indexName: 'products', objectID: 'p1' });
    await expect(alice.getObject({ indexName: 'products', objectID: 'p1' })).rejects.toMatchObject({
      status: 429,
      message: 'Too many requests per IP per hour',
    });
    await expect(bob.getObject({ indexName: 'products', objectID: 'p1' })).resolves.toMatchObject({ objectID: 'p1' });
  });

  it('accepts v4-style keys (unsorted names, JSON arrays)', async () => {
    const { emulator, parent } = await setup();
    const secured = v4SecuredKey(parent, { validUntil: 1_900_000_000, restrictIndices: ['products'], filters: 'a:b' });
    const asKey = emulator.as({ apiKey: secured });
    await expect(asKey.getObject({ indexName: 'products', objectID: 'p1' })).resolves.toMatchObject({ objectID: 'p1' });
    await expect(asKey.getObject({ indexName: 'orders', objectID: 'o1' })).rejects.toMatchObject({
      status: 403,
      message: 'Index not allowed with this API key',
    });
  });

  it('refuses keys derived from the admin key, from a deleted key, or from nothing', async () => {
    const { emulator, client, parent } = await setup();
    const fromAdmin = await generateSecuredApiKey(emulator.adminApiKey, { filters: 'x:y' });
    await expect(
      emulator.as({ apiKey: fromAdmin }).getObject({ indexName: 'products', objectID: 'p1' }),
    ).rejects.toMatchObject({ status: 403, message: INVALID });
    const secured = await generateSecuredApiKey(parent, {});
    await client.deleteApiKey({ key: parent });
    await expect(
      emulator.as({ apiKey: secured }).getObject({ indexName: 'products', objectID: 'p1' }),
    ).rejects.toMatchObject({ status: 403, message: INVALID });
  });

  it('never accepts a tampered key', async () => {
    const { emulator, parent } = await setup();
    const valid = await generateSecuredApiKey(parent, { restrictIndices: ['products'], filters: 'brand:acme' });
    const decoded = Buffer.from(valid, 'base64').toString('utf8');
    const asKey = (key: string) => emulator.as({ apiKey: key }).getObject({ indexName: 'products', objectID: 'p1' });
    await expect(asKey(valid)).resolves.toMatchObject({ objectID: 'p1' });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // change one character of the decoded text (hash or parameters)
          fc
            .tuple(fc.nat({ max: decoded.length - 1 }), fc.string({ minLength: 1, maxLength: 1 }))
            .map(([at, char]) => decoded.slice(0, at) + char + decoded.slice(at + 1)),
          // append or drop parameters
          fc.string({ minLength: 1 }).map((extra) => `${decoded}&${extra}`),
          fc.nat({ max: decoded.length - 1 }).map((cut) => decoded.slice(0, cut)),
        ),
        async (tampered) => {
          fc.pre(tampered !== decoded);
          const key = Buffer.from(tampered).toString('base64');
          await expect(asKey(key)).rejects.toMatchObject({ status: 403, message: INVALID });
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('generateSecuredApiKey without Node', () => {
  it('only needs WebCrypto and btoa (checked against a known vector)', async () => {
    const key = await generateSecuredApiKey('parent', { filters: 'a b' });
    const query = 'filters=a%20b';
    expect(key).toBe(
      Buffer.from(createHmac('sha256', 'parent').update(query).digest('hex') + query).toString('base64'),
    );
  });
});
