// Record mode over msw, in detail: seeding direct calls reach the service, writes are published
// before their answer, each test leaves the service clean, polls are kept and collapsed later.
import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { createHandlers } from '../../src/msw';
import { createRecorder, normalize, type RecorderOptions, type TestReport } from '../../src/record';
import { setupMsw } from '../support/server';
import { startServer } from '../../src/server';
import { FILE, LOCAL, memoryStore, REAL, recordOptions, setupTarget } from './support';

const target = setupTarget();
const msw = setupMsw();

function open(options: RecorderOptions) {
  const emulator = createEmulator(LOCAL);
  const recorder = createRecorder(emulator, { env: {}, ...options });
  msw.use(...createHandlers(emulator, { recorder }));
  return { emulator, recorder, client: algoliasearch(LOCAL.appId, LOCAL.adminApiKey) };
}

/** The product every suite of this file starts from. */
const savePhone = (client: ReturnType<typeof algoliasearch>) =>
  client.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1', name: 'Phone' }], waitForTasks: true });

describe('record mode', () => {
  it('sends seeding direct calls to the service first, reads not; the emulator shadows every request', async () => {
    const store = memoryStore();
    const { emulator, recorder, client } = open(recordOptions(target, store));
    recorder.startTest(FILE, 'seeded');
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1', name: 'Phone' }] });
    await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
    const { nbHits } = await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
    expect(nbHits).toBe(1); // the service's answer: the seeding call reached it
    expect(target.app.journal.of('batch')).toHaveLength(1);
    expect(target.app.journal.of('searchSingleIndex')).toHaveLength(1); // the direct search stayed home
    // The emulator answered the client's request too: its journal and matchers hold in record mode.
    expect(emulator.journal.of('searchSingleIndex')).toHaveLength(2);
    await recorder.endTest();
    await recorder.save();
    // Only the client's request is recorded; the seeding call is not an exchange of the test.
    expect(store.recordings[FILE].tests.seeded.exchanges.map((e) => e.operation)).toEqual(['searchSingleIndex']);
    expect((await target.app.listIndices()).items).toEqual([]);
  });

  it('notes a seeding call the service refuses', async () => {
    const store = memoryStore();
    const { emulator, recorder, client } = open(recordOptions(target, store));
    target.app.faults.error(403, { operation: 'batch', times: 1, message: 'Not enough rights' });
    recorder.startTest(FILE, 'refused');
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1' }] });
    await client.listIndices();
    await recorder.endTest();
    await recorder.save();
    expect(store.recordings[FILE].tests.refused.notes).toEqual([
      expect.stringMatching(/^seeding call batch: the target answered 403/),
    ]);
  });

  it('waits for a write to be published before answering, unless awaitTasks is false', async () => {
    // A service that publishes a second after each write (a poll of a pending task publishes it).
    const slow = await startServer({
      appId: REAL.appId,
      adminApiKey: REAL.apiKey,
      indexingDelay: '1s',
      advanceOnTaskPoll: true,
    });
    try {
      for (const awaitTasks of [true, false]) {
        const store = memoryStore();
        const { recorder, client } = open({ ...recordOptions(slow, store), awaitTasks });
        recorder.startTest(FILE, 'read after write');
        await client.saveObject({ indexName: 'products', body: { objectID: 'p1', name: 'Phone' } });
        const found = await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } }).then(
          ({ nbHits }) => nbHits,
          (error: Error) => error.message,
        );
        // Not yet published, the index does not exist yet on the service.
        expect(found).toBe(awaitTasks ? 1 : 'Index does not exist');
        await recorder.endTest();
        await recorder.save();
        const recorded = store.recordings[FILE].tests['read after write'].exchanges;
        expect(recorded.map((e) => e.operation)).toEqual(['saveObject', 'searchSingleIndex']);
      }
      // The recorder's own polls (the first write's, and each cleanup's deleteIndex): in the
      // service's journal, never in a recording.
      expect(slow.emulator.journal.of('getTask')).toHaveLength(3);
    } finally {
      await slow.close();
    }
  });

  it('keeps the polls of a slow service, which verify collapses', async () => {
    const store = memoryStore();
    const slow = await startServer({ appId: REAL.appId, adminApiKey: REAL.apiKey, indexingDelay: '1s' });
    try {
      const { recorder, client } = open({ ...recordOptions(slow, store), awaitTasks: false, cleanup: false });
      recorder.startTest(FILE, 'polls');
      const { taskID } = await client.saveObject({ indexName: 'products', body: { objectID: 'p1', name: 'Phone' } });
      expect(await client.getTask({ indexName: 'products', taskID })).toMatchObject({ status: 'notPublished' });
      slow.emulator.clock.advance('1s');
      expect(await client.getTask({ indexName: 'products', taskID })).toMatchObject({ status: 'published' });
      await recorder.endTest();
      await recorder.save();
    } finally {
      await slow.close();
    }
    expect(store.recordings[FILE].tests.polls.exchanges.map((e) => e.operation)).toEqual([
      'saveObject',
      'getTask',
      'getTask',
    ]);

    const verify = open({ mode: 'verify', store });
    verify.recorder.startTest(FILE, 'polls');
    const { taskID } = await verify.client.saveObject({
      indexName: 'products',
      body: { objectID: 'p1', name: 'Phone' },
    });
    await verify.client.getTask({ indexName: 'products', taskID });
    const report = (await verify.recorder.endTest()) as TestReport;
    expect(report.exchanges.map((e) => [e.operation, e.outcome, e.recordedIndex])).toEqual([
      ['saveObject', 'equal', 1], // the same seed: the same task ID
      ['getTask', 'equal', 3],
    ]);
    expect(report.counts).toMatchObject({ compared: 2, unmatched: 0 });
  });

  it('deletes what each test wrote, replicas after their primary, and keeps it with cleanup: false', async () => {
    const store = memoryStore();
    const { recorder, client } = open(recordOptions(target, store));
    recorder.startTest(FILE, 'replicas');
    await client.setSettings({
      indexName: 'products',
      indexSettings: { replicas: ['products_price', 'virtual(products_name)'] },
    });
    await client.saveObject({ indexName: 'products', body: { objectID: 'p1' } });
    await client.operationIndex({
      indexName: 'products',
      operationIndexParams: { operation: 'copy', destination: 'products_copy' },
    });
    expect((await target.app.listIndices()).items.map((index) => index.name).sort()).toEqual([
      'products',
      'products_copy',
      'products_name',
      'products_price',
    ]);
    await recorder.endTest();
    expect((await target.app.listIndices()).items).toEqual([]);

    const kept = open({ ...recordOptions(target, store), cleanup: false });
    kept.recorder.startTest(FILE, 'kept');
    await kept.client.saveObject({ indexName: 'kept', body: { objectID: 'p1' } });
    await kept.recorder.endTest();
    expect((await target.app.listIndices()).items.map((index) => index.name)).toEqual(['kept']);
    await target.app.deleteIndex({ indexName: 'kept' });
  });

  it('takes normalizers for one test, inside it', async () => {
    const store = memoryStore();
    const suite = async (client: ReturnType<typeof algoliasearch>) => {
      await savePhone(client);
      await client.searchSingleIndex({
        indexName: 'products',
        searchParams: { query: 'phone', attributesToRetrieve: ['name'] },
      });
    };
    await target.app.saveObjects({ indexName: 'products', objects: [{ objectID: 'p9', name: 'Phone charger' }] });
    const rec = open(recordOptions(target, store));
    rec.recorder.startTest(FILE, 'normalized');
    await suite(rec.client);
    await rec.recorder.endTest();
    await rec.recorder.save();
    for (const extra of [[], [normalize.ignore(['nbHits', 'hits', 'nbPages'])]]) {
      const ver = open({ mode: 'verify', store });
      ver.recorder.startTest(FILE, 'normalized');
      ver.recorder.normalize(...extra);
      await suite(ver.client);
      const report = (await ver.recorder.endTest()) as TestReport;
      expect(report.counts.different).toBe(extra.length === 0 ? 1 : 0);
    }
  });

  it('follows a query ID from a search into the insights events that send it back', async () => {
    const store = memoryStore();
    const suite = async (client: ReturnType<typeof algoliasearch>) => {
      await savePhone(client);
      const { queryID } = await client.searchSingleIndex({
        indexName: 'products',
        searchParams: { query: 'phone', clickAnalytics: true },
      });
      const insights = client.initInsights({});
      await insights.pushEvents({
        events: [
          {
            eventType: 'click',
            eventName: 'Clicked',
            index: 'products',
            userToken: 'u1',
            queryID: queryID!,
            objectIDs: ['p1'],
            positions: [1],
          },
        ],
      });
    };
    const rec = open(recordOptions(target, store));
    rec.recorder.startTest(FILE, 'events');
    await suite(rec.client);
    await rec.recorder.endTest();
    await rec.recorder.save();
    expect(target.app.journal.of('pushEvents')).toHaveLength(1);
    const ver = open({ mode: 'verify', store });
    ver.recorder.startTest(FILE, 'events');
    await suite(ver.client);
    const report = (await ver.recorder.endTest()) as TestReport;
    expect(report.exchanges.map((e) => [e.operation, e.outcome])).toEqual([
      ['batch', 'normalized-equal'],
      ['getTask', 'equal'],
      ['searchSingleIndex', 'normalized-equal'],
      ['pushEvents', 'equal'],
    ]);
  });
});
