/**
 * The suite every surface runs three times: recorded against the loopback "service", verified
 * as it is, then verified with differences injected on purpose. Each test checks that every
 * injected difference is reported, and nothing else.
 */
import { describe, expect, it } from 'vitest';
import type { RecordedExchange, TestReport } from '../../src/record';
import {
  FILE,
  LOCAL,
  memoryStore,
  REAL,
  recordOptions,
  setupRuns,
  setupTarget,
  type Run,
  type Surface,
} from './support';

const PRODUCTS = [
  { objectID: 'p1', name: 'Phone', price: 300 },
  { objectID: 'p2', name: 'Phone case', price: 20 },
];

/** A call whose refusal the suite carries on after (the injected fault makes one fail). */
const settle = (promise: Promise<unknown>) => promise.catch((error: Error) => error);

/** The user's suite: two tests, the same in every mode. */
const TESTS: Record<string, (run: Run) => Promise<void>> = {
  async 'writes and searches'({ client }) {
    await client.saveObjects({ indexName: 'products', objects: PRODUCTS, waitForTasks: true });
    const { taskID } = await client.setSettings({
      indexName: 'products',
      indexSettings: { customRanking: ['asc(price)'] },
    });
    await client.waitForTask({ indexName: 'products', taskID });
    await client.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'phone', clickAnalytics: true, getRankingInfo: true },
    });
    await settle(client.getObject({ indexName: 'products', objectID: 'p1' }));
    await client.listIndices();
  },
  async keys({ client }) {
    const { key } = await client.addApiKey({ acl: ['search'], description: 'a search key' });
    await client.getApiKey({ key });
    await client.listApiKeys();
  },
};

async function runSuite(run: Run): Promise<TestReport[]> {
  const reports: TestReport[] = [];
  for (const [name, body] of Object.entries(TESTS)) {
    await run.startTest(name);
    await body(run);
    const report = (await run.endTest()) as TestReport | null;
    if (report) reports.push(report);
  }
  await run.save();
  await run.close();
  return reports;
}

/** The exchanges a report says are not equal (after normalization), by outcome. */
function problems(reports: TestReport[]) {
  return reports.map((report) => ({
    test: report.name,
    different: report.exchanges.filter((e) => e.outcome === 'different').map((e) => e.operation),
    notRecorded: report.exchanges.filter((e) => e.outcome === 'not-recorded').map((e) => e.operation),
    unmatched: report.unmatched.map((e) => e.operation),
  }));
}

export function recordAndVerify(surface: Surface) {
  const target = setupTarget();
  const open = setupRuns(surface);

  describe(`record, then verify (${surface})`, () => {
    it('records the suite from the service, keys redacted, and leaves the service clean', async () => {
      const store = memoryStore();
      await runSuite(await open(recordOptions(target, store)));
      const recording = store.recordings[FILE];
      expect(Object.keys(recording.tests)).toEqual(['keys', 'writes and searches']);
      expect(recording.appId).toBe(LOCAL.appId);
      const operations = (name: string) => recording.tests[name].exchanges.map((e: RecordedExchange) => e.operation);
      expect(operations('writes and searches')).toEqual([
        'batch',
        'getTask',
        'setSettings',
        'getTask',
        'searchSingleIndex',
        'getObject',
        'listIndices',
      ]);
      expect(operations('keys')).toEqual(['addApiKey', 'getApiKey', 'listApiKeys']);
      const text = JSON.stringify(recording);
      expect(text).not.toContain(REAL.apiKey);
      expect(text).not.toContain(LOCAL.adminApiKey);
      expect(text).not.toContain(REAL.appId);
      const created = (recording.tests.keys.exchanges[0].response.body as { key: string }).key;
      expect(created).toBe('<api-key:1>');
      expect(recording.tests.keys.exchanges[1].request.path).toBe('/1/keys/<api-key:1>');
      // What the tests wrote to the service is gone: the index, the key.
      expect((await target.app.listIndices()).items).toEqual([]);
      expect((await target.app.listApiKeys()).keys).toEqual([]);
    });

    it('verifies the emulator against it: only normalized differences (task IDs, dates, query IDs, timings)', async () => {
      const store = memoryStore();
      await runSuite(await open(recordOptions(target, store)));
      const reports = await runSuite(await open({ mode: 'verify', store, seed: 'another seed' }));
      expect(problems(reports)).toEqual([
        { test: 'writes and searches', different: [], notRecorded: [], unmatched: [] },
        { test: 'keys', different: [], notRecorded: [], unmatched: [] },
      ]);
      const [writes] = reports;
      expect(writes.counts).toEqual({
        exchanges: 7,
        compared: 7,
        equal: expect.any(Number),
        normalizedEqual: expect.any(Number),
        different: 0,
        notRecorded: 0,
        unmatched: 0,
        polls: 0,
      });
      const search = writes.exchanges.find((e) => e.operation === 'searchSingleIndex')!;
      expect(search.outcome).toBe('normalized-equal');
      expect(search.normalizedBy).toEqual(expect.arrayContaining(['queryID', 'timings']));
      expect(writes.exchanges.find((e) => e.operation === 'listIndices')!.normalizedBy).toContain('dates');
    });

    it('reports each difference injected on purpose, and nothing else', async () => {
      const store = memoryStore();
      // The service holds one more product, and refuses one getObject.
      await target.app.saveObjects({
        indexName: 'products',
        objects: [{ objectID: 'p9', name: 'Phone charger', price: 9 }],
      });
      const fault = target.app.faults.error(400, { operation: 'getObject', times: 1 });
      await runSuite(await open(recordOptions(target, store)));
      fault.remove();
      // The recording loses getApiKey and gains a deleteIndex nobody sends.
      const keys = store.recordings[FILE].tests.keys as unknown as { exchanges: RecordedExchange[] };
      const getApiKey = keys.exchanges.splice(1, 1)[0];
      keys.exchanges.push({
        ...getApiKey,
        operation: 'deleteIndex',
        request: { method: 'DELETE', host: 'search', path: '/1/indexes/gone' },
      });

      const reports = await runSuite(await open({ mode: 'verify', store }));
      expect(problems(reports)).toEqual([
        {
          test: 'writes and searches',
          different: ['searchSingleIndex', 'getObject', 'listIndices'],
          notRecorded: [],
          unmatched: [],
        },
        { test: 'keys', different: [], notRecorded: ['getApiKey'], unmatched: ['deleteIndex'] },
      ]);
      const [writes] = reports;
      const search = writes.exchanges.find((e) => e.operation === 'searchSingleIndex')!;
      expect(search.differences).toEqual(
        expect.arrayContaining([
          { path: 'nbHits', recorded: 3, emulator: 2 },
          { path: 'hits[1].objectID', recorded: 'p9', emulator: 'p2' },
        ]),
      );
      const getObject = writes.exchanges.find((e) => e.operation === 'getObject')!;
      expect(getObject.differences![0]).toEqual({ path: '(status)', recorded: 400, emulator: 200 });
      expect(writes.failing).toBe(true);
    });

    it('fails a test that differs in strict mode, naming what differs', async () => {
      const store = memoryStore();
      await runSuite(await open(recordOptions(target, store)));
      const search = store.recordings[FILE].tests['writes and searches'].exchanges[4] as {
        response: { body: { nbHits: number } };
      };
      search.response.body.nbHits = 41;
      const run = await open({ mode: 'verify', store, strict: true });
      await run.startTest('writes and searches');
      await TESTS['writes and searches'](run);
      await expect(run.endTest()).rejects.toThrow(
        /"writes and searches" differs from its recording[\s\S]*#5 searchSingleIndex POST \/1\/indexes\/products\/query: different from recorded #5[\s\S]*nbHits: recorded 41, emulator 2/,
      );
      await run.close();
    });

    it('replays the recording without the emulator', async () => {
      const store = memoryStore();
      await target.app.saveObjects({
        indexName: 'products',
        objects: [{ objectID: 'p9', name: 'Phone charger', price: 9 }],
      });
      await runSuite(await open(recordOptions(target, store)));
      const run = await open({ mode: 'replay', store });
      await run.startTest('writes and searches');
      await run.client.saveObjects({ indexName: 'products', objects: PRODUCTS, waitForTasks: true });
      // The service's answer (three products), not the emulator's.
      const { setSettingsTask } = {
        setSettingsTask: await run.client.setSettings({
          indexName: 'products',
          indexSettings: { customRanking: ['asc(price)'] },
        }),
      };
      await run.client.waitForTask({ indexName: 'products', taskID: setSettingsTask.taskID });
      const { nbHits } = await run.client.searchSingleIndex({
        indexName: 'products',
        searchParams: { query: 'phone', clickAnalytics: true, getRankingInfo: true },
      });
      expect(nbHits).toBe(3);
      await expect(run.client.deleteIndex({ indexName: 'products' })).rejects.toThrow(
        /no recorded answer for DELETE \/1\/indexes\/products/,
      );
      const report = (await run.endTest()) as TestReport;
      expect(report.counts).toMatchObject({ exchanges: 6, notRecorded: 1, unmatched: 2 });
      expect(run.emulator.journal.length).toBe(0);
      await run.close();
    });
  });
}
