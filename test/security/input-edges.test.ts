import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { networkContains, parseNetwork, wildcardMatch } from '../../src/emulator/security/network';

/**
 * The edges of what the security routes read: networks as the allow-list and `restrictSources`
 * spell them, key bodies and allow-list bodies, each refusal with its whole message.
 */
const network = (text: string) => {
  const parsed = parseNetwork(text);
  if (!parsed) throw new Error(`${text} should parse`);
  return parsed;
};

describe('networks', () => {
  it.each([
    ['10.1.2.3/8', { version: 4, base: 0x0a000000n, prefix: 8 }],
    [' 10.1.2.3/8 ', { version: 4, base: 0x0a000000n, prefix: 8 }],
    ['10.1.2.3', { version: 4, base: 0x0a010203n, prefix: 32 }],
    ['::/128', { version: 6, base: 0n, prefix: 128 }],
    ['2001:db8:0:0:0:0:0:1', { version: 6, base: 0x20010db8000000000000000000000001n, prefix: 128 }],
    ['1:2:3::4:5:6:7', { version: 6, base: 0x0001000200030000000400050006000_7n, prefix: 128 }],
    ['::ffff:10.1.2.3/128', { version: 6, base: 0xffff0a010203n, prefix: 128 }],
  ])('%j parses', (text, expected) => {
    expect(parseNetwork(text)).toEqual(expected);
  });

  it.each([
    '10.0.0.0/8/1',
    '10.0.0.0/8a',
    '10.0.0.0/a8',
    '10.0.0.0/33',
    '::/129',
    '10.0.0',
    '10.0.0.1a',
    '10.0.0.256',
    '1::2::3',
    'g::1',
    '1:2:3:4::5:6:7:8',
    '1:2:3:4:5:6:7',
    '12345::1',
    '1.2::1',
    '::ffff:999.0.0.1',
    '',
  ])('%j is no network', (text) => {
    expect(parseNetwork(text)).toBeUndefined();
  });

  it('contains addresses by prefix, IPv4-mapped IPv6 addresses counting as IPv4 in an IPv4 network', () => {
    expect(networkContains(network('10.0.0.0/8'), ' 10.200.0.1 ')).toBe(true);
    expect(networkContains(network('10.0.0.0/8'), '11.0.0.1')).toBe(false);
    expect(networkContains(network('10.0.0.0/8'), '::ffff:10.1.2.3')).toBe(true);
    expect(networkContains(network('10.0.0.0/8'), '::ffff:a01:203')).toBe(true);
    expect(networkContains(network('10.0.0.0/8'), '::ffff:b01:203')).toBe(false);
    // In an IPv6 network, a mapped address stays IPv6.
    expect(networkContains(network('::ffff:0:0/96'), '::ffff:10.1.2.3')).toBe(true);
    expect(networkContains(network('::ffff:0:0/96'), '10.1.2.3')).toBe(false);
    // Every address of one version, none of the other.
    expect(networkContains(network('0.0.0.0/0'), '2001:db8::1')).toBe(false);
    expect(networkContains(network('::/0'), '10.0.0.1')).toBe(false);
    expect(networkContains(network('::/0'), '2001:db8::1')).toBe(true);
    expect(networkContains(network('0.0.0.0/0'), 'not an address')).toBe(false);
  });

  it('matches referer wildcards over the whole text, case-insensitively', () => {
    expect(wildcardMatch('*.EXAMPLE.com/*', 'https://www.example.com/cart')).toBe(true);
    expect(wildcardMatch('https://example.com', 'https://example.com.evil.org')).toBe(false);
    expect(wildcardMatch('shop.*.com', 'shop.example.com')).toBe(true);
  });
});

describe('key bodies', () => {
  const refused = async (body: unknown, message: string) => {
    const emulator = createEmulator();
    const res = await emulator.request({ method: 'POST', path: '/1/keys', body: body as never });
    expect(res).toMatchObject({ status: 400, body: { status: 400, message } });
    expect(await emulator.listApiKeys()).toEqual({ keys: [] });
  };

  it.each([
    [null, 'Invalid API key: the body must be a JSON object'],
    [[{ acl: ['search'] }], 'Invalid API key: the body must be a JSON object'],
    ['acl=search', 'Invalid API key: the body must be a JSON object'],
    [{ acl: 'search' }, 'Invalid API key: `acl` must be an array of strings'],
    [{ acl: ['search', 1] }, 'Invalid API key: `acl` must be an array of strings'],
    [{ acl: ['search'], description: 5 }, 'Invalid API key: `description` must be a string'],
    [{ acl: ['search'], indexes: 'products' }, 'Invalid API key: `indexes` must be an array of strings'],
    [{ acl: ['search'], maxHitsPerQuery: '3' }, 'Invalid API key: `maxHitsPerQuery` must be a non-negative integer'],
    [{ acl: ['search'], maxHitsPerQuery: 1.5 }, 'Invalid API key: `maxHitsPerQuery` must be a non-negative integer'],
    [
      { acl: ['search'], maxQueriesPerIPPerHour: -1 },
      'Invalid API key: `maxQueriesPerIPPerHour` must be a non-negative integer',
    ],
    [{ acl: ['search'], queryParameters: { filters: 'a' } }, 'Invalid API key: `queryParameters` must be a string'],
    [{ acl: ['search'], referers: '*.example.com' }, 'Invalid API key: `referers` must be an array of strings'],
  ])('%j is refused: %s', async (body, message) => {
    await refused(body, message);
  });

  it('answers every field of a key, its indexes only when it has some', async () => {
    const emulator = createEmulator();
    const { key: scoped } = await emulator.addApiKey({ acl: ['search'], indexes: ['products', 'dev_*'] });
    const { key: open } = await emulator.addApiKey({ acl: ['search'], maxHitsPerQuery: 0 });
    expect(await emulator.getApiKey({ key: scoped })).toEqual({
      value: scoped,
      createdAt: 1704067200,
      acl: ['search'],
      description: '',
      indexes: ['products', 'dev_*'],
      maxHitsPerQuery: 0,
      maxQueriesPerIPPerHour: 0,
      queryParameters: '',
      referers: [],
      validity: 0,
    });
    expect(await emulator.getApiKey({ key: open })).not.toHaveProperty('indexes');
  });
});

describe('allow-list bodies', () => {
  const put = (emulator: ReturnType<typeof createEmulator>, body: unknown) =>
    emulator.request({ method: 'PUT', path: '/1/security/sources', body: body as never });
  const append = (emulator: ReturnType<typeof createEmulator>, body: unknown) =>
    emulator.request({ method: 'POST', path: '/1/security/sources/append', body: body as never });

  it.each([
    [{ source: [{ source: '10.0.0.0/8' }] }, 'The body must be an array of sources'],
    [[{ source: '10.0.0.0/8' }, null], 'source[1] must be an object with a `source`'],
    [[['10.0.0.0/8']], 'source[0] must be an object with a `source`'],
    [['10.0.0.0/8'], 'source[0] must be an object with a `source`'],
    [[{ description: 'office' }], 'source[0].source is required and must be a string'],
    [[{ source: '10.0.0.0/8', description: 7 }], 'source[0].description must be a string'],
  ])('a replacing list %j is refused: %s', async (body, message) => {
    const emulator = createEmulator();
    expect(await put(emulator, body)).toMatchObject({ status: 400, body: { status: 400, message } });
    expect(await emulator.getSources()).toEqual([]);
  });

  it('an appended source must be one object, and re-describes a source already listed', async () => {
    const emulator = createEmulator();
    expect(await append(emulator, [{ source: '10.0.0.0/8' }])).toMatchObject({
      status: 400,
      body: { message: 'source must be an object with a `source`' },
    });
    // 127.0.0.1 is where the emulator's own requests come from: listed, so they still get through.
    await emulator.replaceSources({
      source: [{ source: '10.0.0.0/8', description: 'office' }, { source: '127.0.0.1' }],
    });
    expect(await append(emulator, { source: '10.0.0.0/8', description: 'head office' })).toMatchObject({ status: 200 });
    expect(await emulator.getSources()).toEqual([
      { source: '127.0.0.1' },
      { source: '10.0.0.0/8', description: 'head office' },
    ]);
  });

  it('holds 1,000 sources at most, counting a re-described one once', async () => {
    const emulator = createEmulator();
    const sources = [
      { source: '127.0.0.1' },
      ...Array.from({ length: 998 }, (_, i) => ({ source: `10.0.${i >> 8}.${i & 255}` })),
    ];
    expect(await put(emulator, sources)).toMatchObject({ status: 200 });
    expect(await append(emulator, { source: '10.9.9.9' })).toMatchObject({ status: 200 });
    expect(await append(emulator, { source: '10.9.9.9', description: 'again' })).toMatchObject({ status: 200 });
    expect(await append(emulator, { source: '10.9.9.10' })).toMatchObject({
      status: 400,
      body: { message: 'Too many sources: 1001 (1000 at most)' },
    });
    expect(await put(emulator, [...sources, { source: '10.9.9.9' }, { source: '10.9.9.10' }])).toMatchObject({
      status: 400,
      body: { message: 'Too many sources: 1001 (1000 at most)' },
    });
    expect(await emulator.getSources()).toHaveLength(1000);
  });
});

describe('index keys (v4 clients) at their edges', () => {
  const call = (
    emulator: ReturnType<typeof createEmulator>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ) => emulator.request({ method, path, ...(body === undefined ? {} : { body: body as never }) });

  it('keeps each key of an index, its description and first creation, until its validity ends', async () => {
    const emulator = createEmulator({ indexingDelay: 0 });
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: '1' }] });
    await emulator.setSettings({ indexName: 'empty', indexSettings: {} });
    // No rights asked: an index key may hold none.
    const plain = await call(emulator, 'POST', '/1/indexes/products/keys', {});
    expect(plain.status).toBe(200);
    const first = (plain.body as { key: string }).key;
    const brief = await call(emulator, 'POST', '/1/indexes/products/keys', {
      acl: ['search'],
      description: 'brief',
      validity: 60,
    });
    const second = (brief.body as { key: string }).key;
    expect(await call(emulator, 'GET', '/1/indexes/empty/keys')).toMatchObject({ status: 200, body: { keys: [] } });

    emulator.clock.advance('10s');
    expect(await call(emulator, 'PUT', `/1/indexes/products/keys/${first}`, { acl: ['browse'] })).toMatchObject({
      status: 200,
    });
    expect(await call(emulator, 'GET', '/1/indexes/products/keys')).toMatchObject({
      status: 200,
      body: {
        keys: [
          { value: first, createdAt: 1704067200, acl: ['browse'], validity: 0 },
          { value: second, createdAt: 1704067200, acl: ['search'], validity: 60, description: 'brief' },
        ],
      },
    });
    expect((await call(emulator, 'GET', `/1/indexes/products/keys/${first}`)).body).toEqual({
      value: first,
      acl: ['browse'],
      validity: 0,
    });
    await expect(emulator.as({ apiKey: second }).searchSingleIndex({ indexName: 'products' })).resolves.toMatchObject({
      nbHits: 1,
    });

    emulator.clock.advance('51s');
    expect((await call(emulator, 'GET', '/1/indexes/products/keys')).body).toEqual({
      keys: [{ value: first, createdAt: 1704067200, acl: ['browse'], validity: 0 }],
    });
    expect((await call(emulator, 'GET', '/1/indexes/*/keys')).body).toEqual({
      keys: [{ value: first, createdAt: 1704067200, acl: ['browse'], validity: 0, index: 'products' }],
    });
    expect(await call(emulator, 'GET', `/1/indexes/products/keys/${second}`)).toMatchObject({ status: 404 });
    expect(await call(emulator, 'DELETE', `/1/indexes/products/keys/${second}`)).toMatchObject({ status: 404 });
    await expect(emulator.as({ apiKey: second }).searchSingleIndex({ indexName: 'products' })).rejects.toMatchObject({
      status: 403,
    });
    expect(await call(emulator, 'DELETE', `/1/indexes/products/keys/${first}`)).toMatchObject({ status: 200 });
    expect(await call(emulator, 'DELETE', `/1/indexes/empty/keys/${first}`)).toMatchObject({ status: 404 });
  });

  it('a copy adds the source index keys to the destination, whose own keys win and stay', async () => {
    const emulator = createEmulator({ indexingDelay: 0 });
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: '1' }] });
    await emulator.saveObjects({ indexName: 'staging', objects: [{ objectID: '2' }] });
    await emulator.saveObjects({ indexName: 'nokeys', objects: [{ objectID: '3' }] });
    await call(emulator, 'PUT', '/1/indexes/products/keys/shared-key', {
      acl: ['search'],
      description: 'from products',
    });
    await call(emulator, 'PUT', '/1/indexes/products/keys/products-key', { acl: ['search'] });
    await call(emulator, 'PUT', '/1/indexes/staging/keys/shared-key', { acl: ['browse'], description: 'staging own' });
    await call(emulator, 'PUT', '/1/indexes/staging/keys/staging-key', { acl: ['browse'] });
    await emulator.operationIndex({
      indexName: 'products',
      operationIndexParams: { operation: 'copy', destination: 'staging' },
    });
    // An index with no keys copies as well.
    await emulator.operationIndex({
      indexName: 'nokeys',
      operationIndexParams: { operation: 'copy', destination: 'nokeys_copy' },
    });

    const staging = (await call(emulator, 'GET', '/1/indexes/staging/keys')).body as {
      keys: { value: string; description?: string }[];
    };
    expect(staging.keys.map((key) => [key.value, key.description]).sort()).toEqual([
      ['products-key', undefined],
      ['shared-key', 'staging own'],
      ['staging-key', undefined],
    ]);
    expect((await call(emulator, 'GET', '/1/indexes/nokeys_copy/keys')).body).toEqual({ keys: [] });
  });
});
