// The recorder driven by Vitest itself: `runner: { expect, afterEach, afterAll }` names each
// test from `expect.getState()`, compares it in `afterEach`, writes the file's report in `afterAll`.
import { algoliasearch } from 'algoliasearch';
import { bypass } from 'msw';
import { setupServer } from 'msw/node';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, createRequester } from '../../src';
import { createHandlers } from '../../src/msw';
import { createRecorder, OUTSIDE_TESTS, type TestReport } from '../../src/record';
import { LOCAL, memoryStore, REAL, setupTarget } from './support';

const testPath = fileURLToPath(import.meta.url);
const store = memoryStore();
const reports: TestReport[] = [];

// Registered before the recorder's: Vitest runs `afterAll` hooks last registered first, so this
// one reads the report the recorder's hook wrote.
afterAll(() => {
  const file = store.reports[testPath];
  expect(file.recording).toBe(`memory:${testPath}`);
  expect(
    file.tests.map((test) => [test.name, test.counts.compared, test.counts.different, test.counts.notRecorded]),
  ).toEqual([
    ['runner > matches its recording', 2, 0, 0],
    ['runner > differs from its recording', 2, 1, 0],
    ['runner > was never recorded', 0, 0, 1],
    [OUTSIDE_TESTS, 1, 0, 0],
  ]);
  expect(reports.map((report) => report.name)).toEqual(file.tests.map((test) => test.name));
  expect(file.counts).toMatchObject({ exchanges: 6, compared: 5, different: 1, notRecorded: 1, unmatched: 0 });
});

const target = setupTarget();
const emulator = createEmulator(LOCAL);
const recorder = createRecorder(emulator, {
  mode: 'verify',
  store,
  runner: { expect, afterEach, afterAll },
  onReport: (report) => reports.push(report),
  env: {},
});
const server = setupServer(...createHandlers(emulator, { recorder }));
const client = algoliasearch(LOCAL.appId, LOCAL.adminApiKey);
const products = [{ objectID: '1', name: 'Phone' }];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // The recording, made from the loopback service by hand (its requester reaches it past msw).
  const maker = createEmulator(LOCAL);
  const making = createRecorder(maker, {
    mode: 'record',
    store,
    target: { appId: REAL.appId, apiKey: REAL.apiKey, url: target.url },
    allowWritesTo: REAL.appId,
    fetch: (url, init) => fetch(bypass(url, init)),
    env: {},
  });
  const recording = algoliasearch(LOCAL.appId, LOCAL.adminApiKey, {
    requester: createRequester(maker, { recorder: making }),
  });
  making.startTest(testPath, OUTSIDE_TESTS);
  await recording.listIndices();
  await making.endTest();
  for (const name of ['runner > matches its recording', 'runner > differs from its recording']) {
    // The service holds one more product when the second test is recorded.
    if (name.includes('differs'))
      await target.app.saveObjects({ indexName: 'products', objects: [{ objectID: '2', name: 'Phone 2' }] });
    making.startTest(testPath, name);
    await recording.saveObjects({ indexName: 'products', objects: products });
    await recording.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
    await making.endTest();
  }
  await making.save();
  // Outside any test: compared when the file ends.
  await client.listIndices();
});
afterAll(() => server.close());

describe('runner', () => {
  it('matches its recording', async () => {
    await client.saveObjects({ indexName: 'products', objects: products });
    await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
  });

  it('differs from its recording', async () => {
    await client.saveObjects({ indexName: 'products', objects: products });
    await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
  });

  it('was never recorded', async () => {
    await client.getSettings({ indexName: 'products' }).catch(() => undefined);
  });
});
