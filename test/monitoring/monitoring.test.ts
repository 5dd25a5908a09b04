import { describe, expect, it } from 'vitest';
import type { Algoliasearch } from 'algoliasearch';
import type { Emulator } from '../../src';
import { rejects, setupSurfaces, SURFACES, type Api, type Surface } from '../support/surfaces';

const open = setupSurfaces();

/** The Monitoring API of a surface: `emulator.initMonitoring()` or the v5 client's. */
const monitoringOf = (surface: Surface, emulator: Emulator, client: Algoliasearch) =>
  (surface === 'direct' ? emulator.initMonitoring() : client.initMonitoring()) as unknown as Api;

const HOUR = 3_600_000;
const START = Date.parse('2024-01-01T00:00:00Z');

describe.each(SURFACES)('monitoring (%s)', (surface) => {
  it("reports the application's cluster operational, without incidents, and its servers", async () => {
    const { emulator, client } = open(surface);
    const monitoring = monitoringOf(surface, emulator, client);
    expect(await monitoring.getStatus()).toEqual({ status: { 'c1-emulator': 'operational' } });
    expect(await monitoring.getClusterStatus({ clusters: 'c1-emulator' })).toEqual({
      status: { 'c1-emulator': 'operational' },
    });
    expect(await monitoring.getIncidents()).toEqual({ incidents: {} });
    expect(await monitoring.getClusterIncidents({ clusters: 'c1-emulator' })).toEqual({
      incidents: { 'c1-emulator': [] },
    });
    const { inventory } = await monitoring.getServers();
    expect(inventory.map((server: { name: string }) => server.name)).toEqual([
      'c1-emulator-1',
      'c1-emulator-2',
      'c1-emulator-3',
    ]);
    expect(inventory[0]).toEqual({
      name: 'c1-emulator-1',
      region: 'use',
      is_slave: false,
      is_replica: false,
      cluster: 'c1-emulator',
      status: 'PRODUCTION',
      type: 'cluster',
    });
    expect(await monitoring.getReachability({ clusters: 'c1-emulator' })).toEqual({
      'c1-emulator': { 'emulator-probe-1': true, 'emulator-probe-2': true, 'emulator-probe-3': true },
    });
  });

  it('turns a fault on the search hosts into an incident and a status, at the clock time it began and ended', async () => {
    const { emulator, client } = open(surface);
    const monitoring = monitoringOf(surface, emulator, client);
    emulator.clock.advance('1h');
    const outage = emulator.faults.down({ host: 'search' });
    expect(await monitoring.getStatus()).toEqual({ status: { 'c1-emulator': 'major_outage' } });
    expect((await monitoring.getReachability({ clusters: 'c1-emulator' }))['c1-emulator']['emulator-probe-2']).toBe(
      false,
    );
    emulator.clock.advance('30m');
    outage.remove();
    expect(await monitoring.getStatus()).toEqual({ status: { 'c1-emulator': 'operational' } });
    expect(await monitoring.getIncidents()).toEqual({
      incidents: {
        'c1-emulator': [
          {
            t: START + 1.5 * HOUR,
            v: { title: 'Incident on cluster c1-emulator: Everything operating normally.', status: 'operational' },
          },
          {
            t: START + HOUR,
            v: { title: 'Incident on cluster c1-emulator: hosts do not answer (fault 1)', status: 'major_outage' },
          },
        ],
      },
    });
    // The latency probe found nothing to time during the outage.
    const { metrics } = await monitoring.getLatency({ clusters: 'c1-emulator' });
    const times = metrics.latency['c1-emulator'].map((point: { t: number }) => point.t);
    expect(times).not.toContain(START + HOUR);
    expect(times).toContain(START + 1.5 * HOUR);
  });

  it('grades faults: one host or some operations are a partial outage, slow answers and 429 degraded', async () => {
    const { emulator, client } = open(surface);
    const monitoring = monitoringOf(surface, emulator, client);
    const status = async () => (await monitoring.getStatus()).status['c1-emulator'];
    const host = emulator.faults.down({ hostname: 'TESTAPP-dsn.algolia.net' });
    expect(await status()).toBe('partial_outage');
    host.remove();
    const slow = emulator.faults.latency('250ms', { operation: 'searchSingleIndex' });
    expect(await status()).toBe('degraded_performance');
    emulator.clock.advance('20m');
    const [last] = (await monitoring.getLatency({ clusters: 'c1-emulator' })).metrics.latency['c1-emulator'].slice(-1);
    expect(last).toEqual({ t: START + 20 * 60_000, v: 251 });
    slow.remove();
    // An unscoped fault would meet the monitoring requests too: this one keeps to the search hosts.
    emulator.faults.rateLimit({ host: 'search' });
    expect(await status()).toBe('degraded_performance');
    emulator.faults.clear();
    // Faults on other families leave the clusters alone.
    emulator.faults.down({ host: 'insights' });
    expect(await status()).toBe('operational');
  });

  it('ends an incident when a fault limited in times is spent', async () => {
    const { emulator, client } = open(surface);
    const monitoring = monitoringOf(surface, emulator, client);
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: '1' }] });
    emulator.faults.error(503, { host: 'search', times: 1 });
    emulator.clock.advance('5m');
    await expect(emulator.searchSingleIndex({ indexName: 'products' })).rejects.toMatchObject({ status: 503 });
    const [resolved, began] = (await monitoring.getClusterIncidents({ clusters: 'c1-emulator' })).incidents[
      'c1-emulator'
    ];
    expect(began).toMatchObject({
      t: START,
      v: { status: 'major_outage', title: 'Incident on cluster c1-emulator: requests fail with HTTP 503 (fault 1)' },
    });
    expect(resolved).toMatchObject({ t: START + 5 * 60_000, v: { status: 'operational' } });
  });

  it('refuses clusters the application does not have', async () => {
    const { emulator, client } = open(surface);
    const monitoring = monitoringOf(surface, emulator, client);
    await rejects(monitoring.getClusterStatus({ clusters: 'c1-emulator,c9-de' }), 404, 'Unknown cluster "c9-de"');
    await rejects(monitoring.getClusterIncidents({ clusters: 'nope' }), 404, 'Unknown cluster "nope"');
    await rejects(monitoring.getLatency({ clusters: 'nope' }), 400, 'Unknown servers');
    await rejects(monitoring.getIndexingTime({ clusters: 'nope' }), 400, 'Unknown servers');
    await rejects(monitoring.getReachability({ clusters: 'nope' }), 400, 'Unknown servers');
  });

  it("reports the indexing probe's time from indexingDelay, and the infrastructure metrics of each server", async () => {
    const { emulator, client } = open(surface, { indexingDelay: '2s' });
    const monitoring = monitoringOf(surface, emulator, client);
    const indexing = (await monitoring.getIndexingTime({ clusters: 'c1-emulator' })).metrics.indexing['c1-emulator'];
    expect(indexing).toHaveLength(144);
    expect(new Set(indexing.map((point: { v: number }) => point.v))).toEqual(new Set([2000]));
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: '1', text: 'x'.repeat(1_500_000) }] });
    emulator.clock.advance('2s');
    const { metrics } = await monitoring.getMetrics({ metric: '*', period: 'hour' });
    expect(Object.keys(metrics).sort()).toEqual([
      'avg_build_time',
      'cpu_usage',
      'ram_indexing_usage',
      'ram_search_usage',
      'ssd_usage',
    ]);
    expect(metrics.ram_search_usage['c1-emulator-2']).toHaveLength(60);
    expect(metrics.ram_search_usage['c1-emulator-2'][59].v).toBe(2);
    expect(metrics.avg_build_time['c1-emulator-1'][0].v).toBe(2);
    await rejects(monitoring.getMetrics({ metric: 'disk', period: 'hour' }), 400, /^Unknown metric "disk"/);
  });
});

describe('monitoring with several clusters', () => {
  it('puts a fault scoped to one cluster on that cluster only, and on the requests of its users', async () => {
    const { emulator } = open('direct', { clusters: ['c1-de', 'c2-use'] });
    await emulator.assignUserId({ xAlgoliaUserID: 'alice', assignUserIdParams: { cluster: 'c2-use' } });
    emulator.clock.advance('1m');
    const monitoring = emulator.initMonitoring();
    emulator.faults.down({ cluster: 'c2-use' });
    expect(await monitoring.getClusterStatus({ clusters: 'c1-de,c2-use' })).toEqual({
      status: { 'c1-de': 'operational', 'c2-use': 'major_outage' },
    });
    expect((await monitoring.getServers()).inventory.map((server: { region: string }) => server.region)).toEqual([
      'de',
      'de',
      'de',
      'use',
      'use',
      'use',
    ]);
    await expect(
      emulator.as({ apiKey: emulator.adminApiKey, headers: { 'x-algolia-user-id': 'alice' } }).listIndices(),
    ).rejects.toMatchObject({ status: 0 });
    await expect(emulator.listIndices()).resolves.toMatchObject({ items: [] });
    expect(() => emulator.faults.down({ cluster: 'c3-eu' })).toThrow(
      'fault.cluster "c3-eu" is no cluster of the application: one of c1-de, c2-use',
    );
  });

  it('forgets incidents on reset()', async () => {
    const { emulator } = open('direct');
    emulator.faults.down();
    emulator.reset();
    expect(await emulator.initMonitoring().getIncidents()).toEqual({ incidents: {} });
  });
});

describe('the public Monitoring API over HTTP', () => {
  it('answers without credentials, but the infrastructure metrics need them', async () => {
    const { emulator } = open('client');
    const status = await fetch('https://status.algolia.com/1/status');
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ status: { 'c1-emulator': 'operational' } });
    const metrics = await fetch('https://status.algolia.com/1/infrastructure/cpu_usage/period/day');
    expect(metrics.status).toBe(401);
    expect(await metrics.json()).toMatchObject({
      status: 401,
      reason: expect.stringContaining('only available on Enterprise plans'),
    });
    const wrong = await fetch('https://status.algolia.com/1/inventory/servers', {
      headers: { 'x-algolia-application-id': emulator.appId, 'x-algolia-api-key': 'wrong' },
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ reason: 'invalid credentials' });
  });
});
