import { describe, expect, it } from 'vitest';
import { seedIndex, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();
const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);

describe.each(SURFACES)('client helpers through %s calls (default configuration)', (surface) => {
  it('saveObjects chunks into batches and waitForTasks terminates', async () => {
    const { api, emulator } = open(surface);
    const responses = await api.saveObjects({
      indexName: 'p',
      objects: ids(25).map((objectID) => ({ objectID, v: 1 })),
      batchSize: 10,
      waitForTasks: true,
    });
    expect(responses.map((r: { objectIDs: string[] }) => r.objectIDs.length)).toEqual([10, 10, 5]);
    expect(emulator.core.state.indices.get('p')!.records.size).toBe(25);
  });

  it('chunkedBatch, partialUpdateObjects and deleteObjects', async () => {
    const { api, emulator } = open(surface);
    await api.chunkedBatch({
      indexName: 'p',
      objects: ids(5).map((objectID) => ({ objectID, n: 1 })),
      action: 'updateObject',
      batchSize: 2,
    });
    await api.partialUpdateObjects({
      indexName: 'p',
      objects: [
        { objectID: 'r0', n: 7 },
        { objectID: 'new', n: 1 },
      ],
      waitForTasks: true,
    });
    expect(emulator.core.state.indices.get('p')!.records.has('new')).toBe(false);
    await api.partialUpdateObjects({ indexName: 'p', objects: [{ objectID: 'new', n: 1 }], createIfNotExists: true });
    expect(await api.getObject({ indexName: 'p', objectID: 'r0' })).toEqual({ objectID: 'r0', n: 7 });
    await api.deleteObjects({ indexName: 'p', objectIDs: ['r1', 'r2'], waitForTasks: true });
    expect([...emulator.core.state.indices.get('p')!.records.keys()]).toEqual(['r0', 'r3', 'r4', 'new']);
  });

  it('replaceAllObjects swaps the records, keeps settings, synonyms and rules, and leaves no temporary index', async () => {
    const { api, emulator } = open(surface);
    seedIndex(emulator, 'p', { settings: { hitsPerPage: 5 }, rules: new Map([['r', { objectID: 'r' }]]) });
    await api.saveObjects({ indexName: 'p', objects: [{ objectID: 'old' }] });
    const res = await api.replaceAllObjects({
      indexName: 'p',
      objects: [{ objectID: 'a' }, { objectID: 'b' }],
      batchSize: 1,
    });
    expect(Object.keys(res).sort()).toEqual(['batchResponses', 'copyOperationResponse', 'moveOperationResponse']);
    expect(res.batchResponses).toHaveLength(2);
    expect([...emulator.core.state.indices.keys()]).toEqual(['p']);
    const index = emulator.core.state.indices.get('p')!;
    expect([...index.records.keys()]).toEqual(['a', 'b']);
    expect(index.settings).toEqual({ hitsPerPage: 5 });
    expect([...index.rules.keys()]).toEqual(['r']);
  });

  it('replaceAllObjects works on an index that does not exist yet', async () => {
    const { api, emulator } = open(surface);
    await api.replaceAllObjects({ indexName: 'fresh', objects: [{ objectID: 'a' }] });
    expect([...emulator.core.state.indices.keys()]).toEqual(['fresh']);
  });

  it('indexExists', async () => {
    const { api } = open(surface);
    expect(await api.indexExists({ indexName: 'p' })).toBe(false);
    await api.saveObject({ indexName: 'p', body: {} });
    expect(await api.indexExists({ indexName: 'p' })).toBe(true);
  });

  it('browseObjects walks every record exactly once', async () => {
    const { api } = open(surface);
    await api.saveObjects({ indexName: 'p', objects: ids(2500).map((objectID) => ({ objectID })) });
    const seen: string[] = [];
    await api.browseObjects({
      indexName: 'p',
      aggregator: (page: { hits: { objectID: string }[] }) => seen.push(...page.hits.map((h) => h.objectID)),
    });
    expect(seen).toHaveLength(2500);
    expect(new Set(seen).size).toBe(2500);
  });

  it('waitForTask resolves for a published task', async () => {
    const { api } = open(surface);
    const { taskID } = await api.saveObject({ indexName: 'p', body: {} });
    expect(await api.waitForTask({ indexName: 'p', taskID })).toMatchObject({ status: 'published' });
  });
});

describe('the direct waitForTask with indexingDelay', () => {
  it('never waits: it explains the fake clock, then resolves once the clock passed', async () => {
    const { emulator } = open('direct', { indexingDelay: '2s' });
    const { taskID } = await emulator.saveObject({ indexName: 'p', body: {} });
    await expect(emulator.waitForTask({ indexName: 'p', taskID })).rejects.toThrow(
      `Task ${taskID} on index "p" is not published yet: the emulator publishes writes 2000 ms after accepting them on its fake clock. Call emulator.clock.advance(2000) before waiting for it, ` +
        'or create the emulator with `advanceOnTaskPoll: true` to have polls move the clock.',
    );
    emulator.clock.advance('2s');
    await expect(emulator.waitForTask({ indexName: 'p', taskID })).resolves.toMatchObject({ status: 'published' });
  });
});
