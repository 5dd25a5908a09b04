import { describe, expect, it } from 'vitest';
import { rejects, SURFACES } from '../support/surfaces';
import { logOf, searchTimes, setupSuggestions, stock } from './support';

const open = setupSuggestions({ analyticsRefresh: 'immediate' });

const CONFIG = { indexName: 'products_qs', sourceIndices: [{ indexName: 'products', minHits: 1 }] };
const finishJobs = (emulator: ReturnType<typeof open>['emulator']) =>
  emulator.core.state.jobs.queue
    .filter((job) => job.kind === 'querySuggestions.finish')
    .map((job) => new Date(job.at).toISOString());

describe.each(SURFACES)('builds on the clock (%s)', (surface) => {
  it('buildQuerySuggestions builds now, start to end, and the daily schedule stays', async () => {
    const { emulator, client, api } = open(surface);
    await stock(client);
    await searchTimes(emulator, client, 'shoes', 2);
    await api.createConfig(CONFIG);
    expect(finishJobs(emulator)).toEqual(['2024-01-01T00:02:20.100Z']);
    expect(await emulator.buildQuerySuggestions({ indexName: 'products_qs' })).toEqual({
      indexName: 'products_qs',
      isRunning: false,
      lastBuiltAt: '2024-01-01T00:02:00Z',
      lastSuccessfulBuiltAt: '2024-01-01T00:02:00Z',
      lastSuccessfulBuildDuration: '0',
    });
    expect(finishJobs(emulator)).toEqual([]);
    expect((await client.browse({ indexName: 'products_qs' })).hits.map((hit) => hit.objectID)).toEqual(['shoes']);
    expect(emulator.core.state.jobs.queue.map((job) => [job.kind, new Date(job.at).toISOString()])).toEqual([
      ['querySuggestions.daily', '2024-01-02T00:02:00.000Z'],
    ]);
    await rejects(emulator.buildQuerySuggestions({ indexName: 'missing' }), 404, 'Not Found');
  });

  it('an update during a build drops it and starts another', async () => {
    const { emulator, client, api } = open(surface);
    await stock(client);
    await searchTimes(emulator, client, 'shoes', 1);
    await api.createConfig(CONFIG);
    emulator.clock.advance('5s');
    await api.updateConfig({
      indexName: 'products_qs',
      configuration: { sourceIndices: [{ indexName: 'products', minHits: 1 }], exclude: ['shoes'] },
    });
    expect(finishJobs(emulator)).toEqual(['2024-01-01T00:01:25.100Z']);
    emulator.clock.advance('30s');
    expect(await client.browse({ indexName: 'products_qs' })).toMatchObject({ hits: [], nbHits: 0 });
    expect(await api.getConfigStatus({ indexName: 'products_qs' })).toMatchObject({
      lastSuccessfulBuiltAt: '2024-01-01T00:01:25Z',
    });
  });

  it('a build that meets an error fails: the index is left as it was, the next day it succeeds', async () => {
    const { emulator, client, api } = open(surface);
    await api.createConfig({ ...CONFIG, sourceIndices: [{ indexName: 'products', minHits: 1, external: ['seed'] }] });
    emulator.clock.advance('1m');
    expect(await api.getConfigStatus({ indexName: 'products_qs' })).toEqual({
      indexName: 'products_qs',
      isRunning: false,
      lastBuiltAt: '2024-01-01T00:00:20Z',
    });
    expect(
      (await logOf(api, 'products_qs')).map(
        (line) => `${line.timestamp} ${line.contextLevel} ${line.level} ${line.message}`,
      ),
    ).toEqual([
      '2024-01-01T00:00:00.000Z 0 INFO building the Query Suggestions index "products_qs"',
      '2024-01-01T00:00:00.000Z 0 INFO source index "products"',
      '2024-01-01T00:00:00.000Z 1 ERROR source index "products" does not exist',
      '2024-01-01T00:00:20.000Z 0 ERROR build failed after 20s: the index "products_qs" was not updated',
    ]);
    expect(emulator.core.state.indices.has('products_qs')).toBe(false);

    await stock(client);
    await client.saveObjects({ indexName: 'seed', objects: [{ objectID: '1', query: 'running', count: 4 }] });
    await searchTimes(emulator, client, 'shoes', 2);
    emulator.clock.set('2024-01-02T00:01:00Z');
    expect(await api.getConfigStatus({ indexName: 'products_qs' })).toEqual({
      indexName: 'products_qs',
      isRunning: false,
      lastBuiltAt: '2024-01-02T00:00:20Z',
      lastSuccessfulBuiltAt: '2024-01-02T00:00:20Z',
      lastSuccessfulBuildDuration: '20',
    });
    expect((await client.browse({ indexName: 'products_qs' })).hits.map((hit) => hit.objectID)).toEqual([
      'running',
      'shoes',
    ]);
  });

  it('the log is read as written so far: a build under way shows its first lines', async () => {
    const { emulator, client, api } = open(surface);
    await stock(client);
    await api.createConfig(CONFIG);
    expect((await logOf(api, 'products_qs')).map((line) => line.message)).toEqual([
      'building the Query Suggestions index "products_qs"',
      'source index "products"',
      '0 popular searches found in the analytics of "products" (last 30 days)',
      'checking 0 candidates on "products"',
      '0 of 0 candidates kept for "products"',
    ]);
    emulator.clock.advance('20s');
    expect((await logOf(api, 'products_qs')).slice(-2).map((line) => line.message)).toEqual([
      '0 suggestions written to "products_qs"',
      'build finished in 20s',
    ]);
  });
});

describe('builds and the rest of the emulator', () => {
  it('with indexingDelay, the records are searchable that long after the build ends', async () => {
    const { emulator, client } = open('client', { indexingDelay: '10s' });
    await stock(client);
    emulator.clock.advance('10s');
    await searchTimes(emulator, client, 'shoes', 1);
    await emulator.createConfig(CONFIG);
    emulator.clock.advance('20100ms');
    expect(await emulator.getConfigStatus({ indexName: 'products_qs' })).toMatchObject({ isRunning: false });
    expect(emulator.core.state.indices.has('products_qs')).toBe(false);
    emulator.clock.advance('10s');
    expect((await client.browse({ indexName: 'products_qs' })).hits.map((hit) => hit.objectID)).toEqual(['shoes']);
  });

  it('snapshots carry configurations and builds under way; reset drops them', async () => {
    const { emulator, client } = open('direct');
    await stock(client);
    await searchTimes(emulator, client, 'shoes', 1);
    await emulator.createConfig(CONFIG);
    const snapshot = emulator.snapshot();
    emulator.clock.advance('1m');
    expect(await emulator.getConfigStatus({ indexName: 'products_qs' })).toMatchObject({ isRunning: false });
    emulator.restore(snapshot);
    expect(await emulator.getConfigStatus({ indexName: 'products_qs' })).toEqual({
      indexName: 'products_qs',
      isRunning: true,
    });
    emulator.clock.advance('1m');
    expect((await client.browse({ indexName: 'products_qs' })).hits.map((hit) => hit.objectID)).toEqual(['shoes']);
    emulator.reset();
    expect(await emulator.getAllConfigs()).toEqual([]);
  });

  it('replays: the same calls give the same index, log and status', async () => {
    const run = async () => {
      const { emulator, client } = open('direct');
      await stock(client);
      await searchTimes(emulator, client, 'shoes', 3);
      await searchTimes(emulator, client, 'running', 2);
      await emulator.createConfig({
        indexName: 'qs',
        sourceIndices: [{ indexName: 'products', minHits: 1, facets: [{ attribute: 'brand', amount: 2 }] }],
      });
      emulator.clock.advance('2d');
      return [
        await emulator.browse({ indexName: 'qs' }),
        await emulator.getLogFile({ indexName: 'qs' }),
        await emulator.getConfigStatus({ indexName: 'qs' }),
      ];
    };
    expect(await run()).toEqual(await run());
  });
});
