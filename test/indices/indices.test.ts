import { describe, expect, it } from 'vitest';
import { expectUnchanged, rejects, seedIndex, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

describe.each(SURFACES)('index management through %s calls', (surface) => {
  it('deleteIndex answers deletedAt and taskID and removes everything; a missing index is ignored', async () => {
    const { api, emulator } = open(surface);
    await api.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: {} });
    const res = await api.deleteIndex({ indexName: 'p' });
    expect(Object.keys(res).sort()).toEqual(['deletedAt', 'taskID']);
    expect(emulator.core.state.indices.has('p')).toBe(false);
    await rejects(api.getObject({ indexName: 'p', objectID: 'a' }), 404, 'Index does not exist');
    expect(await api.deleteIndex({ indexName: 'never' })).toHaveProperty('taskID');
  });

  it('clearObjects removes records and keeps settings, synonyms and rules', async () => {
    const { api, emulator } = open(surface);
    seedIndex(emulator, 'p', {
      settings: { hitsPerPage: 5 },
      synonyms: new Map([['s', { objectID: 's' }]]),
      rules: new Map([['r', { objectID: 'r' }]]),
    });
    await api.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: {} });
    const res = await api.clearObjects({ indexName: 'p' });
    expect(Object.keys(res).sort()).toEqual(['taskID', 'updatedAt']);
    const index = emulator.core.state.indices.get('p')!;
    expect(index.records.size).toBe(0);
    expect(index.settings).toEqual({ hitsPerPage: 5 });
    expect([...index.synonyms.keys()]).toEqual(['s']);
    expect([...index.rules.keys()]).toEqual(['r']);
  });

  it('copy without scope transfers records, settings, synonyms and rules (not replicas) and replaces the destination', async () => {
    const { api, emulator } = open(surface);
    seedIndex(emulator, 'src', {
      settings: { hitsPerPage: 5, replicas: ['src_r'], mode: 'neuralSearch' },
      synonyms: new Map([['s', { objectID: 's' }]]),
    });
    await api.addOrUpdateObject({ indexName: 'src', objectID: 'a', body: { x: 1 } });
    await api.addOrUpdateObject({ indexName: 'dst', objectID: 'old', body: {} });
    const res = await api.operationIndex({
      indexName: 'src',
      operationIndexParams: { operation: 'copy', destination: 'dst' },
    });
    expect(Object.keys(res).sort()).toEqual(['taskID', 'updatedAt']);
    const dst = emulator.core.state.indices.get('dst')!;
    expect([...dst.records.values()]).toEqual([{ objectID: 'a', x: 1 }]);
    expect(dst.settings).toEqual({ hitsPerPage: 5 });
    expect([...dst.synonyms.keys()]).toEqual(['s']);
    expect(emulator.core.state.indices.get('src')!.records.size).toBe(1);
  });

  it('a scoped copy replaces only those scopes and leaves the destination records', async () => {
    const { api, emulator } = open(surface);
    seedIndex(emulator, 'src', {
      settings: { hitsPerPage: 5 },
      synonyms: new Map([['s', { objectID: 's' }]]),
      rules: new Map([['r', { objectID: 'r' }]]),
    });
    seedIndex(emulator, 'dst', {
      settings: { hitsPerPage: 9, customRanking: ['desc(x)'] },
      rules: new Map([['old', { objectID: 'old' }]]),
    });
    await api.addOrUpdateObject({ indexName: 'dst', objectID: 'kept', body: {} });
    await api.operationIndex({
      indexName: 'src',
      operationIndexParams: { operation: 'copy', destination: 'dst', scope: ['settings', 'synonyms'] },
    });
    const dst = emulator.core.state.indices.get('dst')!;
    expect(dst.settings).toEqual({ hitsPerPage: 5 });
    expect([...dst.synonyms.keys()]).toEqual(['s']);
    expect([...dst.rules.keys()]).toEqual(['old']);
    expect([...dst.records.keys()]).toEqual(['kept']);
  });

  it('copying a missing source creates an empty index; moving one is ignored', async () => {
    const { api, emulator } = open(surface);
    await api.operationIndex({ indexName: 'ghost', operationIndexParams: { operation: 'copy', destination: 'dst' } });
    expect(emulator.core.state.indices.get('dst')?.records.size).toBe(0);
    await api.operationIndex({ indexName: 'ghost', operationIndexParams: { operation: 'move', destination: 'other' } });
    expect(emulator.core.state.indices.has('other')).toBe(false);
  });

  it('move renames the index and overwrites the destination', async () => {
    const { api, emulator } = open(surface);
    seedIndex(emulator, 'src', { settings: { hitsPerPage: 5 } });
    await api.addOrUpdateObject({ indexName: 'src', objectID: 'a', body: { x: 1 } });
    await api.addOrUpdateObject({ indexName: 'dst', objectID: 'old', body: {} });
    await api.operationIndex({ indexName: 'src', operationIndexParams: { operation: 'move', destination: 'dst' } });
    expect(emulator.core.state.indices.has('src')).toBe(false);
    expect(await api.getObject({ indexName: 'dst', objectID: 'a' })).toEqual({ objectID: 'a', x: 1 });
    await rejects(api.getObject({ indexName: 'dst', objectID: 'old' }), 404, 'ObjectID does not exist');
    expect(emulator.core.state.indices.get('dst')!.settings).toEqual({ hitsPerPage: 5 });
  });

  it('moving onto a primary keeps its replicas; copying onto a primary or replica is refused', async () => {
    const { api, emulator } = open(surface);
    seedIndex(emulator, 'prod', { settings: { replicas: ['prod_asc'] } });
    seedIndex(emulator, 'prod_asc', { primary: 'prod' });
    await api.addOrUpdateObject({ indexName: 'tmp', objectID: 'a', body: {} });
    for (const destination of ['prod', 'prod_asc']) {
      await rejects(
        api.operationIndex({ indexName: 'tmp', operationIndexParams: { operation: 'copy', destination } }),
        400,
        'cannot copy to a primary/replica index',
      );
    }
    await api.operationIndex({ indexName: 'tmp', operationIndexParams: { operation: 'move', destination: 'prod' } });
    expect(emulator.core.state.indices.get('prod')!.settings.replicas).toEqual(['prod_asc']);
    expect(await api.getObject({ indexName: 'prod_asc', objectID: 'a' })).toEqual({ objectID: 'a' });
  });

  it('validates the operation body, naming the parameter', async () => {
    const { api, emulator } = open(surface);
    const before = emulator.core.state;
    const call = (operationIndexParams: unknown) => api.operationIndex({ indexName: 'src', operationIndexParams });
    await rejects(
      call({ operation: 'move', destination: 'dst', scope: ['settings'] }),
      400,
      '`scope` is only allowed with operation "copy"',
    );
    await rejects(
      call({ operation: 'rename', destination: 'dst' }),
      400,
      '`operation` must be "copy" or "move", got "rename"',
    );
    await rejects(
      call({ operation: 'copy', destination: 'dst', scope: ['records'] }),
      400,
      '`scope` must be an array of settings, synonyms, rules, got ["records"]',
    );
    await rejects(
      call({ operation: 'copy', destination: 'src' }),
      400,
      '`destination` must differ from the source index',
    );
    expectUnchanged(emulator, before);
  });

  it('listIndices returns every field computed from the state', async () => {
    const { api, emulator } = open(surface);
    await api.addOrUpdateObject({ indexName: 'b', objectID: 'é', body: { t: 'ü' } });
    emulator.clock.advance('1h');
    await api.addOrUpdateObject({ indexName: 'b', objectID: 'x', body: {} });
    seedIndex(emulator, 'a', { settings: { hitsPerPage: 5 } });
    seedIndex(emulator, 'b_asc', { primary: 'b' });
    seedIndex(emulator, 'b_desc', { primary: 'b', virtual: true });
    emulator.core.commit((draft) => {
      draft.indices.get('b')!.settings = { replicas: ['b_asc', 'virtual(b_desc)'] };
    });
    const { items, nbPages } = await api.listIndices();
    expect(nbPages).toBe(1);
    expect(items.map((item: { name: string }) => item.name)).toEqual(['a', 'b', 'b_asc', 'b_desc']);
    const dataSize =
      new TextEncoder().encode(JSON.stringify({ t: 'ü', objectID: 'é' })).length +
      JSON.stringify({ objectID: 'x' }).length;
    expect(items[1]).toEqual({
      name: 'b',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T01:00:00.000Z',
      entries: 2,
      dataSize,
      fileSize: 2 * dataSize + JSON.stringify({ replicas: ['b_asc', 'virtual(b_desc)'] }).length + 4,
      lastBuildTimeS: 0,
      numberOfPendingTasks: 0,
      pendingTask: false,
      replicas: ['b_asc', 'b_desc'],
    });
    expect(items[0]).toMatchObject({ name: 'a', createdAt: '', entries: 0, dataSize: 0 });
    expect(items[2]).toMatchObject({ name: 'b_asc', entries: 2, dataSize, primary: 'b' });
    expect(items[2]).not.toHaveProperty('virtual');
    expect(items[3]).toMatchObject({ name: 'b_desc', primary: 'b', virtual: true });
  });

  it('listIndices pages by 100 (or hitsPerPage) only when page is given', async () => {
    const { api } = open(surface);
    const names = Array.from({ length: 103 }, (_, i) => `i${String(i).padStart(3, '0')}`);
    await api.multipleBatch({
      requests: names.map((indexName) => ({ indexName, action: 'addObject', body: { objectID: 'a' } })),
    });
    expect((await api.listIndices()).items).toHaveLength(103);
    const first = await api.listIndices({ page: 0 });
    expect(first.items).toHaveLength(100);
    expect(first.nbPages).toBe(2);
    expect((await api.listIndices({ page: 1 })).items.map((i: { name: string }) => i.name)).toEqual(names.slice(100));
    const small = await api.listIndices({ page: 2, hitsPerPage: 10 });
    expect(small.items.map((i: { name: string }) => i.name)).toEqual(names.slice(20, 30));
    expect(small.nbPages).toBe(11);
    await rejects(api.listIndices({ page: -1 }), 400, 'Parameter `page` must be a non-negative integer, got "-1"');
  });
});
