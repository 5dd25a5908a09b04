import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { rejects, SURFACES } from '../support/surfaces';
import { recordsIn, setupIngestion } from './support';

const open = setupIngestion();
const FILES = 'https://files.test';

/** A file source, a destination (through `code` when given) and a task with `task`'s fields. */
async function pipeline(
  api: Awaited<ReturnType<typeof open>>['api'],
  source: Record<string, unknown>,
  task: Record<string, unknown> = {},
  code?: string,
) {
  const transformationIDs = code
    ? [(await api.createTransformation({ name: 't', type: 'code', input: { code } })).transformationID]
    : undefined;
  const { sourceID } = await api.createSource({ name: 'file', ...source });
  const { destinationID } = await api.createDestination({
    type: 'search',
    name: 'd',
    input: { indexName: 'products', attributesToExclude: ['secret', 'tags.[*].internal'] },
    ...(transformationIDs ? { transformationIDs } : {}),
  });
  return api.createTask({ sourceID, destinationID, action: 'save', ...task });
}

describe.each(SURFACES)('running tasks (%s)', (surface) => {
  it('a json source is fetched (msw serves it), transformed and written; the run reports it', async () => {
    const { api, emulator, server } = open(surface);
    server.use(
      http.get(`${FILES}/products.json`, () =>
        HttpResponse.json([
          { id: 1, name: 'Phone', secret: 'x', tags: [{ label: 'a', internal: true }] },
          { id: 2, name: 'Case' },
        ]),
      ),
    );
    const { taskID } = await pipeline(
      api,
      { type: 'json', input: { url: `${FILES}/products.json`, uniqueIDColumn: 'id' } },
      { action: 'replace' },
      'function transform(r) { return { ...r, name: r.name + "!" }; }',
    );
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'stale' }] });
    const { runID, createdAt } = await api.runTask({ taskID });
    expect(createdAt).toBe('2024-01-01T00:00:00Z');
    expect(await recordsIn(emulator, 'products')).toEqual([
      { objectID: '1', id: 1, name: 'Phone!', tags: [{ label: 'a' }] },
      { objectID: '2', id: 2, name: 'Case!' },
    ]);
    expect(await api.getRun({ runID })).toMatchObject({ type: 'reindex', outcome: 'success', taskID });
    expect((await api.getTask({ taskID })).lastRun).toBe('2024-01-01T00:00:00Z');
  });

  it('a csv source is typed by its mapping; an unreachable file fails the run', async () => {
    const { api, emulator, server } = open(surface);
    server.use(
      http.get(`${FILES}/products.csv`, () =>
        HttpResponse.text('sku;name;price;stock\n"A1";"Phone; black";9.5;true\nB2;Case;3;false\n'),
      ),
      http.get(`${FILES}/gone.csv`, () => new HttpResponse(null, { status: 404 })),
    );
    const { taskID } = await pipeline(api, {
      type: 'csv',
      input: {
        url: `${FILES}/products.csv`,
        uniqueIDColumn: 'sku',
        delimiter: ';',
        mapping: { price: 'float', stock: 'boolean' },
      },
    });
    await api.runTask({ taskID });
    expect(await recordsIn(emulator, 'products')).toEqual([
      { objectID: 'A1', sku: 'A1', name: 'Phone; black', price: 9.5, stock: true },
      { objectID: 'B2', sku: 'B2', name: 'Case', price: 3, stock: false },
    ]);
    const gone = await pipeline(api, { type: 'csv', input: { url: `${FILES}/gone.csv` } });
    const { runID } = await api.runTask({ taskID: gone.taskID });
    expect(await api.getRun({ runID })).toMatchObject({
      outcome: 'failure',
      reasonCode: 'critical',
      reason: `GET ${FILES}/gone.csv answered 404`,
    });
  });

  it('a connector reading from outside is stored and validated, and its run answers 501 naming it', async () => {
    const { emulator } = open(surface);
    const { taskID } = await pipeline(emulator as never, {
      type: 'bigquery',
      input: { projectID: 'p', datasetID: 'd' },
    });
    await rejects(
      emulator.runTask({ taskID }),
      501,
      /^runTask is not implemented by search-emulator: the bigquery connector reads from a service outside the emulator/,
    );
    expect(emulator.core.state.ingestion.runs.size).toBe(0);
  });

  it('validateSource reads the file and shows a sample; an unreadable one is a 400', async () => {
    const { api, server } = open(surface);
    server.use(http.get(`${FILES}/a.json`, () => HttpResponse.json([{ objectID: 'x' }])));
    expect(await api.validateSource({ type: 'json', name: 'j', input: { url: `${FILES}/a.json` } })).toEqual({
      runID: expect.any(String),
      data: [{ objectID: 'x' }],
      message: 'OK',
      createdAt: '2024-01-01T00:00:00Z',
    });
    server.use(http.get(`${FILES}/b.json`, () => HttpResponse.text('not json')));
    await rejects(
      api.validateSource({ type: 'json', name: 'j', input: { url: `${FILES}/b.json` } }),
      400,
      /^the source cannot be read: the file is not JSON/,
    );
  });
});

describe('scheduled tasks run on the emulator clock', () => {
  it('an algoliaIndex source copies an index every hour while the task is enabled', async () => {
    const { api, emulator } = open('direct');
    await emulator.saveObjects({ indexName: 'source', objects: [{ objectID: '1', v: 1 }] });
    const { sourceID } = await api.createSource({ type: 'algoliaIndex', name: 's', input: { indexName: 'source' } });
    const { destinationID } = await api.createDestination({ type: 'search', name: 'd', input: { indexName: 'copy' } });
    const { taskID } = await api.createTask({ sourceID, destinationID, action: 'save', cron: '0 * * * *' });
    expect(emulator.core.state.indices.has('copy')).toBe(false);
    await emulator.advance(3_600_000);
    expect(await recordsIn(emulator, 'copy')).toEqual([{ objectID: '1', v: 1 }]);
    await emulator.saveObjects({ indexName: 'source', objects: [{ objectID: '2', v: 2 }] });
    await emulator.advance(3_600_000);
    expect((await recordsIn(emulator, 'copy')).map((record) => record.objectID)).toEqual(['1', '2']);
    const task = emulator.core.state.ingestion.tasks.get(taskID);
    expect(task).toMatchObject({ lastRun: '2024-01-01T02:00:00Z', nextRun: '2024-01-01T03:00:00Z' });
    expect((await api.listRuns({ taskID })).runs).toHaveLength(2);
    await api.disableTask({ taskID });
    await emulator.advance(3_600_000);
    expect((await api.listRuns({ taskID })).runs).toHaveLength(2);
  });

  it('a scheduled run the emulator cannot do is a failed run, and the schedule goes on', async () => {
    const { api, emulator } = open('direct');
    const { taskID } = await pipeline(
      api,
      { type: 'docker', input: { image: 'zendesk', configuration: {} } },
      {
        cron: '*/30 * * * *',
      },
    );
    await emulator.advance(3_600_000);
    const { runs } = await api.listRuns({ taskID });
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ outcome: 'failure', reasonCode: 'critical' });
  });
});
