// Record and verify under Jest, against the built package: the recorder names each test from
// Jest's `expect.getState()` and ends it in Jest's `afterEach`; the "service" is a second
// emulator behind the standalone server on loopback.
import { createEmulator, createRequester } from 'search-emulator';
import { createRecorder, OUTSIDE_TESTS } from 'search-emulator/record';
import { startServer } from 'search-emulator/server';
import { algoliasearch } from 'algoliasearch';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REAL = { appId: 'REALAPP', apiKey: 'real-admin-key-for-jest-0123' };
const testPath = expect.getState().testPath;
// The default file store, its recording in a temporary folder; its report where the reporter of
// jest.config.cjs reads it (`npm run test:jest` ends with that summary: one difference, on purpose).
const recordings = mkdtempSync(join(tmpdir(), 'jest-record-'));
const files = { recordingPath: () => join(recordings, 'record.test.mjs.json'), reportDir: '.search-emulator/jest' };
const reports = [];
let service;

const emulator = createEmulator({ appId: 'JESTAPP', adminApiKey: 'jest-admin-key' });
const recorder = createRecorder(emulator, {
  mode: 'verify',
  ...files,
  runner: { expect, afterEach, afterAll },
  onReport: (report) => reports.push(report),
  env: {},
});
const client = algoliasearch('JESTAPP', 'jest-admin-key', { requester: createRequester(emulator, { recorder }) });
const products = [{ objectID: '1', name: 'Phone' }];

beforeAll(async () => {
  service = await startServer({ appId: REAL.appId, adminApiKey: REAL.apiKey, seed: 'the service' });
  // The recording, made by hand from the loopback service.
  const maker = createEmulator({ appId: 'JESTAPP', adminApiKey: 'jest-admin-key' });
  const making = createRecorder(maker, {
    mode: 'record',
    ...files,
    target: { ...REAL, url: service.url },
    allowWritesTo: REAL.appId,
    env: {},
  });
  const recording = algoliasearch('JESTAPP', 'jest-admin-key', {
    requester: createRequester(maker, { recorder: making }),
  });
  for (const name of ['verify under jest matches', 'verify under jest differs (on purpose)']) {
    if (name.includes('differs'))
      await service.emulator.saveObjects({ indexName: 'products', objects: [{ objectID: '2', name: 'Phone 2' }] });
    making.startTest(testPath, name);
    await recording.saveObjects({ indexName: 'products', objects: products });
    await recording.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
    await making.endTest();
  }
  await making.save();
  expect(readFileSync(files.recordingPath(), 'utf8')).not.toContain(REAL.apiKey);
});

describe('verify under jest', () => {
  test('matches', async () => {
    await client.saveObjects({ indexName: 'products', objects: products });
    await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
  });

  test('differs (on purpose)', async () => {
    await client.saveObjects({ indexName: 'products', objects: products });
    await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
  });
});

// Jest runs `afterAll` hooks in the order they were declared: this one after the recorder's.
afterAll(async () => {
  await service.close();
  rmSync(recordings, { recursive: true, force: true });
  const expected = [
    ['verify under jest matches', 2, 0],
    ['verify under jest differs (on purpose)', 2, 1],
  ];
  expect(reports.map((test) => [test.name, test.counts.compared, test.counts.different])).toEqual(expected);
  const file = JSON.parse(readFileSync('.search-emulator/jest/files/test__jest__record.test.mjs.json', 'utf8'));
  expect(file.tests.map((test) => [test.name, test.counts.compared, test.counts.different])).toEqual(expected);
  expect(file.tests.some((test) => test.name === OUTSIDE_TESTS)).toBe(false);
});
