import { describe, expect, it } from 'vitest';
import { expectUnchanged, rejects, SURFACES } from '../support/surfaces';
import { setupIngestion } from './support';

const open = setupIngestion();
const NOW = '2024-01-01T00:00:00Z';

describe.each(SURFACES)('authentications (%s)', (surface) => {
  it('creates, reads without secrets, merges updates, lists, searches and deletes', async () => {
    const { api, emulator } = open(surface);
    const created = await api.createAuthentication({
      type: 'basic',
      name: 'shop',
      input: { username: 'u', password: 'p' },
    });
    expect(created).toEqual({ authenticationID: expect.any(String), name: 'shop', createdAt: NOW });
    const { authenticationID } = created;
    expect(await api.getAuthentication({ authenticationID })).toEqual({
      authenticationID,
      type: 'basic',
      name: 'shop',
      input: { username: 'u' },
      createdAt: NOW,
      updatedAt: NOW,
    });
    await emulator.advance(1000);
    expect(
      await api.updateAuthentication({ authenticationID, authenticationUpdate: { input: { username: 'v' } } }),
    ).toEqual({ authenticationID, name: 'shop', updatedAt: '2024-01-01T00:00:01Z' });
    expect(emulator.core.state.ingestion.authentications.get(authenticationID)?.input).toEqual({
      username: 'v',
      password: 'p',
    });
    const other = await api.createAuthentication({ type: 'algolia', name: 'a', input: { appID: 'X', apiKey: 'k' } });
    const page = await api.listAuthentications({ itemsPerPage: 1, page: 2, sort: 'name', order: 'asc' });
    expect(page.pagination).toEqual({ nbPages: 2, page: 2, nbItems: 2, itemsPerPage: 1 });
    expect(page.authentications.map((auth: { name: string }) => auth.name)).toEqual(['shop']);
    expect((await api.listAuthentications({ type: ['algolia'] })).authentications).toEqual([
      expect.objectContaining({ name: 'a', input: { appID: 'X' } }),
    ]);
    expect(await api.searchAuthentications({ authenticationIDs: [other.authenticationID, 'nope'] })).toHaveLength(1);
    expect(await api.deleteAuthentication({ authenticationID })).toEqual({ deletedAt: expect.any(String) });
    await rejects(api.getAuthentication({ authenticationID }), 404, `cannot find authentication ${authenticationID}`);
  });

  it('refuses credentials that do not fit the type, and changes nothing', async () => {
    const { api, emulator } = open(surface);
    const before = emulator.core.state;
    await rejects(
      api.createAuthentication({ type: 'basic', name: 'x', input: { username: 'u' } }),
      400,
      '`input.password` is required',
    );
    await rejects(
      api.createAuthentication({ type: 'apiKey', name: 'x', input: { key: 'k', extra: 1 } }),
      400,
      '`input.extra` is not a known property',
    );
    await rejects(
      api.createAuthentication({ type: 'magic', name: 'x', input: {} }),
      400,
      /^`type` must be one of googleServiceAccount, basic/,
    );
    expectUnchanged(emulator, before, ['ingestion', 'indices', 'tasks']);
  });
});

describe.each(SURFACES)('sources and destinations (%s)', (surface) => {
  it('validates each source type, and filters lists', async () => {
    const { api } = open(surface);
    await rejects(api.createSource({ type: 'json', name: 'j', input: {} }), 400, '`input.url` is required');
    await rejects(
      api.createSource({ type: 'push', name: 'p', input: { url: 'x' } }),
      400,
      '`input` is not accepted for a source of type push',
    );
    await rejects(
      api.createSource({ type: 'csv', name: 'c', input: { url: 'https://files.test/a.csv', delimiter: '  ' } }),
      400,
      '`input.delimiter` must be one character other than \\r, \\n, U+FFFD and space',
    );
    const json = await api.createSource({ type: 'json', name: 'j', input: { url: 'https://files.test/a.json' } });
    await api.createSource({
      type: 'commercetools',
      name: 'ct',
      input: { url: 'https://ct.test', projectKey: 'p', locales: ['fr-FR'] },
    });
    expect((await api.listSources({ type: ['json'] })).sources.map((s: { name: string }) => s.name)).toEqual(['j']);
    const updated = await api.updateSource({
      sourceID: json.sourceID,
      sourceUpdate: { input: { uniqueIDColumn: 'id' } },
    });
    expect(updated).toEqual({ sourceID: json.sourceID, name: 'j', updatedAt: NOW });
    expect((await api.getSource({ sourceID: json.sourceID })).input).toEqual({
      url: 'https://files.test/a.json',
      uniqueIDColumn: 'id',
    });
  });

  it('a destination names existing transformations, and a used resource cannot be deleted', async () => {
    const { api } = open(surface);
    await rejects(
      api.createDestination({ type: 'search', name: 'd', input: { indexName: 'i' }, transformationIDs: ['nope'] }),
      404,
      'cannot find transformation nope',
    );
    const { sourceID } = await api.createSource({ type: 'push', name: 'p' });
    const { destinationID } = await api.createDestination({ type: 'search', name: 'd', input: { indexName: 'i' } });
    const { taskID } = await api.createTask({ sourceID, destinationID, action: 'save' });
    await rejects(
      api.deleteDestination({ destinationID }),
      400,
      `destination ${destinationID} is used by task ${taskID}: delete or update them first`,
    );
    await api.deleteTask({ taskID });
    expect(await api.deleteDestination({ destinationID })).toEqual({ deletedAt: NOW });
    expect(await api.listDestinations()).toEqual({
      destinations: [],
      pagination: { nbPages: 1, page: 1, nbItems: 0, itemsPerPage: 10 },
    });
  });
});

describe.each(SURFACES)('transformations (%s)', (surface) => {
  const CODE = 'async function transform(record, helper) { return { ...record, token: helper.secrets.get("token") }; }';

  it('compiles code on creation and tries it on a sample with secrets', async () => {
    const { api, emulator } = open(surface);
    await rejects(
      api.createTransformation({ name: 'broken', type: 'code', input: { code: 'function transform( {' } }),
      400,
      /^the transformation does not compile: SyntaxError/,
    );
    expect(
      await api.tryTransformation({
        type: 'code',
        input: { code: CODE },
        sampleRecord: { objectID: '1' },
        authentications: [{ type: 'secrets', name: 's', input: { token: 'abc' } }],
      }),
    ).toEqual({ payloads: [JSON.stringify({ objectID: '1', token: 'abc' })] });
    expect(
      await api.tryTransformation({
        type: 'code',
        input: { code: 'function transform() { throw new RangeError("nope"); }' },
        sampleRecord: {},
      }),
    ).toEqual({ payloads: [], error: { code: 400, message: 'RangeError: nope' } });
    const { authenticationID } = await api.createAuthentication({
      type: 'secrets',
      name: 's',
      input: { token: 'xyz' },
    });
    const { transformationID } = await api.createTransformation({
      name: 't',
      type: 'code',
      input: { code: CODE },
      authenticationIDs: [authenticationID],
    });
    expect(
      await api.tryTransformationBeforeUpdate({
        transformationID,
        transformationTry: { type: 'code', input: { code: CODE }, sampleRecord: { objectID: '2' } },
      }),
    ).toEqual({ payloads: [JSON.stringify({ objectID: '2', token: 'xyz' })] });
    expect(await api.getTransformation({ transformationID })).toMatchObject({ name: 't', code: CODE, type: 'code' });
    // A 501 is retried by the client as a server error: the direct call shows the answer.
    await rejects(
      emulator.tryTransformation({ type: 'noCode', input: { steps: [] }, sampleRecord: {} }),
      501,
      /^tryTransformation is not implemented by search-emulator: no-code transformations/,
    );
  });

  it('a transformation returns several records or none; Date and Math.random follow the emulator', async () => {
    const { api } = open(surface);
    const split = await api.tryTransformation({
      type: 'code',
      input: {
        code: 'function transform(r) { return r.skip ? undefined : [r, { ...r, objectID: r.objectID + "-b", at: new Date().toISOString(), dice: Math.random() }]; }',
      },
      sampleRecord: { objectID: 'x' },
    });
    const second = JSON.parse(split.payloads[1]);
    expect(second).toMatchObject({ objectID: 'x-b', at: '2024-01-01T00:00:00.000Z' });
    expect(second.dice).toBeGreaterThanOrEqual(0);
    expect(
      await api.tryTransformation({
        type: 'code',
        input: { code: 'function transform(r) { return r.skip ? undefined : r; }' },
        sampleRecord: { skip: true },
      }),
    ).toEqual({ payloads: [] });
  });
});

describe.each(SURFACES)('tasks, v2 and v1 (%s)', (surface) => {
  it('stores the schedule, shows it under trigger on v1 routes, and enables and disables', async () => {
    const { api } = open(surface);
    const { sourceID } = await api.createSource({
      type: 'json',
      name: 'j',
      input: { url: 'https://files.test/a.json' },
    });
    const { destinationID } = await api.createDestination({ type: 'search', name: 'd', input: { indexName: 'i' } });
    await rejects(
      api.createTask({ sourceID, destinationID, action: 'save', cron: '61 * * * *' }),
      400,
      '`cron` "61 * * * *" is not a cron expression: "61" is out of the minute range',
    );
    const { taskID } = await api.createTask({ sourceID, destinationID, action: 'replace', cron: '0 */6 * * *' });
    expect(await api.getTask({ taskID })).toEqual({
      taskID,
      sourceID,
      destinationID,
      action: 'replace',
      cron: '0 */6 * * *',
      nextRun: '2024-01-01T06:00:00Z',
      enabled: true,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect((await api.getTaskV1({ taskID })).trigger).toEqual({
      type: 'schedule',
      cron: '0 */6 * * *',
      nextRun: '2024-01-01T06:00:00Z',
    });
    expect(await api.disableTask({ taskID })).toEqual({ taskID, updatedAt: NOW });
    expect((await api.getTask({ taskID })).nextRun).toBeUndefined();
    expect((await api.listTasks({ enabled: false, triggerType: ['schedule'] })).tasks).toHaveLength(1);
    expect((await api.listTasksV1({ enabled: true })).tasks).toHaveLength(0);
    await api.enableTaskV1({ taskID });
    const v1 = await api.createTaskV1({ sourceID, destinationID, action: 'save', trigger: { type: 'onDemand' } });
    await rejects(
      api.updateTaskV1({ taskID: v1.taskID, taskUpdate: { trigger: { cron: '* * * * *' } } }),
      400,
      `task ${v1.taskID} has a onDemand trigger: only a schedule trigger takes a cron`,
    );
    expect((await api.searchTasksV1({ taskIDs: [v1.taskID] }))[0].trigger).toEqual({ type: 'onDemand' });
    expect((await api.searchTasks({ taskIDs: [taskID, v1.taskID] })).map((t: { taskID: string }) => t.taskID)).toEqual([
      taskID,
      v1.taskID,
    ]);
    await api.updateTask({ taskID: v1.taskID, taskUpdate: { failureThreshold: 50 } });
    expect((await api.getTask({ taskID: v1.taskID })).failureThreshold).toBe(50);
    await api.replaceTask({ taskID: v1.taskID, taskReplace: { destinationID, action: 'partial' } });
    expect(await api.getTask({ taskID: v1.taskID })).not.toHaveProperty('failureThreshold');
    expect(await api.deleteTaskV1({ taskID: v1.taskID })).toEqual({ deletedAt: NOW });
    await rejects(api.getTask({ taskID: v1.taskID }), 404, `cannot find task ${v1.taskID}`);
  });
});

describe('rights (the OpenAPI x-acl: all three)', () => {
  it('a key with addObject, deleteIndex and editSettings passes; one lacking any is refused', async () => {
    const { emulator } = open('client');
    const full = await emulator.addApiKey({ acl: ['addObject', 'deleteIndex', 'editSettings'] });
    const partial = await emulator.addApiKey({ acl: ['addObject', 'deleteIndex'] });
    const call = (key: string) =>
      fetch('https://data.us.algolia.com/1/sources', {
        headers: { 'x-algolia-application-id': emulator.appId, 'x-algolia-api-key': key },
      });
    expect((await call(full.key)).status).toBe(200);
    const refused = await call(partial.key);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Method not allowed with this API key', status: 403 });
  });
});
