import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { networkContains, parseNetwork } from '../../src/emulator/security/network';
import { expectUnchanged, rejects, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

describe.each(SURFACES)('appendSource (%s)', (surface) => {
  it('adds a source and turns the allow-list on', async () => {
    const { api } = open(surface);
    expect(await api.appendSource({ source: '127.0.0.1/32', description: 'tests' })).toEqual({
      createdAt: '2024-01-01T00:00:00.000Z',
    });
    expect(await api.getSources()).toEqual([{ source: '127.0.0.1/32', description: 'tests' }]);
  });

  it('refuses a source that is no network, and changes nothing', async () => {
    const { emulator, api } = open(surface);
    const before = emulator.core.state;
    await rejects(api.appendSource({ source: 'nowhere' }), 400, 'Invalid source: nowhere');
    expectUnchanged(emulator, before, ['security']);
  });
});

describe('firewall allow-list', () => {
  it('is off until the first set-up call, then only listed sources reach the server', async () => {
    const { emulator, client } = open('client');
    expect(await client.getSources()).toEqual([]);
    const from = (ip: string) => emulator.as({ apiKey: emulator.adminApiKey, headers: { 'x-emulator-client-ip': ip } });
    await expect(from('203.0.113.9').listApiKeys()).resolves.toEqual({ keys: [] });

    expect(await client.appendSource({ source: '127.0.0.1/32', description: 'tests' })).toEqual({
      createdAt: '2024-01-01T00:00:00.000Z',
    });
    expect(await client.getSources()).toEqual([{ source: '127.0.0.1/32', description: 'tests' }]);
    await expect(from('203.0.113.9').listApiKeys()).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/^Unreachable hosts/),
    });

    expect(
      await client.replaceSources({
        source: [{ source: '127.0.0.1' }, { source: '203.0.113.0/24' }, { source: 'SERVICE_SUPPORT' }],
      }),
    ).toEqual({
      updatedAt: '2024-01-01T00:00:00.000Z',
    });
    await expect(from('203.0.113.9').listApiKeys()).resolves.toEqual({ keys: [] });
    expect(await client.deleteSource({ source: '203.0.113.0/24' })).toEqual({ deletedAt: '2024-01-01T00:00:00.000Z' });
    await expect(from('203.0.113.9').listApiKeys()).rejects.toMatchObject({ status: 0 });
    await expect(client.deleteSource({ source: '10.0.0.0/8' })).rejects.toMatchObject({
      status: 404,
      message: 'Source 10.0.0.0/8 does not exist',
    });
  });

  it('a refused source sees a network failure through the real client, even with the admin key', async () => {
    const { emulator, client } = open('client', { clientIp: '198.51.100.7' });
    await client.replaceSources({ source: [{ source: '10.0.0.0/8' }] });
    const admin = algoliasearch(emulator.appId, emulator.adminApiKey, {
      timeouts: { connect: 50, read: 50, write: 50 },
    });
    await expect(admin.listApiKeys()).rejects.toMatchObject({
      name: 'RetryError',
      message: expect.stringMatching(/^Unreachable hosts/),
    });
  });

  it('listed sources still need valid credentials', async () => {
    const { emulator, client } = open('client');
    await client.replaceSources({ source: [{ source: '0.0.0.0/0' }] });
    await expect(algoliasearch(emulator.appId, 'wrong').listApiKeys()).rejects.toMatchObject({
      status: 403,
      message: 'Invalid Application-ID or API key',
    });
  });

  it('validates sources and the 1000-source limit; the routes are admin-only', async () => {
    const emulator = createEmulator();
    await expect(emulator.appendSource({ source: '10.0.0.300/8' })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid source: 10.0.0.300/8',
    });
    const many = Array.from({ length: 1001 }, (_, i) => ({ source: `10.${i >> 8}.${i & 255}.0/24` }));
    await expect(emulator.replaceSources({ source: many })).rejects.toMatchObject({
      status: 400,
      message: 'Too many sources: 1001 (1000 at most)',
    });
    await emulator.replaceSources({ source: many.slice(0, 1000) });
    const inside = emulator.as({ apiKey: emulator.adminApiKey, headers: { 'x-emulator-client-ip': '10.0.0.1' } });
    await expect(inside.getSources()).resolves.toHaveLength(1000);
    await expect(inside.appendSource({ source: '192.168.0.0/16' })).rejects.toMatchObject({
      status: 400,
      message: 'Too many sources: 1001 (1000 at most)',
    });
    const { key } = await inside.addApiKey({ acl: ['search', 'settings', 'editSettings'] });
    await expect(
      emulator.as({ apiKey: key, headers: { 'x-emulator-client-ip': '10.0.0.1' } }).getSources(),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('CIDR matching for IPv4 and IPv6', () => {
    const contains = (network: string, ip: string) => networkContains(parseNetwork(network)!, ip);
    expect(contains('0.0.0.0/0', '8.8.8.8')).toBe(true);
    expect(contains('192.168.0.0/16', '192.168.255.1')).toBe(true);
    expect(contains('192.168.0.0/16', '192.169.0.1')).toBe(false);
    expect(contains('10.0.0.1', '10.0.0.1')).toBe(true);
    expect(contains('2001:db8::/32', '2001:db8:1::5')).toBe(true);
    expect(contains('2001:db8::/32', '2001:db9::5')).toBe(false);
    expect(contains('10.0.0.0/8', '::ffff:10.1.2.3')).toBe(true);
    expect(contains('::/0', '::1')).toBe(true);
    expect(parseNetwork('10.0.0.0/33')).toBeUndefined();
    expect(parseNetwork('1:2:3:4:5:6:7:8:9')).toBeUndefined();
  });
});
