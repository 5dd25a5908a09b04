// The files: one recording per test file beside it (pretty JSON, tests in order, the other
// tests kept when one is recorded again), the reports, and the reporter's summary of them.
import { algoliasearch } from 'algoliasearch';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmulator, createRequester } from '../../src';
import { createRecorder, type RecorderOptions } from '../../src/record';
import VerifyReporter from '../../src/record/reporter';
import { LOCAL, REAL, setupTarget } from './support';

const target = setupTarget();
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'record-'));
  dirs.push(dir);
  return dir;
}

/** Runs the named tests of a test file `file` through a requester, one search each. */
async function run(options: RecorderOptions, file: string, tests: Record<string, string>) {
  const emulator = createEmulator(LOCAL);
  const recorder = createRecorder(emulator, { env: {}, ...options });
  const client = algoliasearch(LOCAL.appId, LOCAL.adminApiKey, { requester: createRequester(emulator, { recorder }) });
  for (const [name, query] of Object.entries(tests)) {
    recorder.startTest(file, name);
    if (query !== '') {
      await client.saveObjects({ indexName: 'products', objects: [{ objectID: '1', name: 'Phone' }] });
      await client.searchSingleIndex({ indexName: 'products', searchParams: { query } });
    }
    await recorder.endTest();
  }
  return recorder.save();
}

const recordInto = (): RecorderOptions => ({
  mode: 'record',
  target: { appId: REAL.appId, apiKey: REAL.apiKey, url: target.url },
  allowWritesTo: REAL.appId,
});

describe('the file store', () => {
  it('writes __recordings__/<test file>.json beside the test, tests in alphabetical order, pretty', async () => {
    const dir = tempDir();
    const file = join(dir, 'search.test.ts');
    await run(recordInto(), file, { 'z last': 'phone', 'a first': 'case', 'sends nothing': '' });
    const text = readFileSync(join(dir, '__recordings__', 'search.test.ts.json'), 'utf8');
    const recording = JSON.parse(text);
    expect(Object.keys(recording.tests)).toEqual(['a first', 'z last']);
    expect(recording).toMatchObject({ format: 'search-emulator/recording@1', appId: LOCAL.appId });
    expect(recording.tests['a first']).toMatchObject({
      target: 'http://127.0.0.1',
      recordedAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(text).toBe(`${JSON.stringify(recording, null, 2)}\n`);
  });

  it('records one test again and keeps the others; a test that now sends nothing leaves', async () => {
    const dir = tempDir();
    const file = join(dir, 'search.test.ts');
    const path = join(dir, '__recordings__', 'search.test.ts.json');
    await run(recordInto(), file, { one: 'phone', two: 'case', three: 'phone' });
    const before = JSON.parse(readFileSync(path, 'utf8'));
    await run(recordInto(), file, { two: 'phne', three: '' });
    const after = JSON.parse(readFileSync(path, 'utf8'));
    expect(Object.keys(after.tests)).toEqual(['one', 'two']);
    expect(after.tests.one).toEqual(before.tests.one);
    expect(after.tests.two.exchanges[1].request.body).toEqual({ query: 'phne' });
  });

  it('writes each file report, which the reporter merges, prints and saves as report.json', async () => {
    const dir = tempDir();
    const reportDir = join(dir, 'reports');
    const reporter = new VerifyReporter({ dir: reportDir });
    reporter.onTestRunStart();
    const file = join(dir, 'search.test.ts');
    await run(recordInto(), file, { same: 'phone', changed: 'phone' });
    await target.app.saveObjects({ indexName: 'products', objects: [{ objectID: '2', name: 'Phone 2' }] });
    await run(recordInto(), file, { changed: 'phone' });
    const reports = await run({ mode: 'verify', reportDir }, file, { same: 'phone', changed: 'phone', fresh: 'case' });
    expect(reports[0].counts).toMatchObject({ exchanges: 6, compared: 4, different: 1, notRecorded: 2 });
    const [name] = readdirSync(join(reportDir, 'files'));
    expect(name).toMatch(/__search\.test\.ts\.json$/);
    const written = JSON.parse(readFileSync(join(reportDir, 'files', name), 'utf8'));
    expect(written).toEqual(JSON.parse(JSON.stringify(reports[0])));

    const print = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    reporter.onTestRunEnd();
    const printed = print.mock.calls.map(([text]) => String(text)).join('');
    print.mockRestore();
    expect(printed).toContain('search-emulator verify: 1 file, 3 tests, 6 exchanges');
    expect(printed).toContain('compared 4: equal 1, normalized equal 2, different 1; not recorded 2; unmatched 0');
    expect(printed).toMatch(
      /search\.test\.ts > changed\n\s+#2 searchSingleIndex POST \/1\/indexes\/products\/query: different from recorded #2 \(normalized: timings\)\n\s+hits\[1\]: recorded \{"objectID":"2",.*\.\.\., emulator absent\n\s+nbHits: recorded 2, emulator 1\n/,
    );
    expect(printed).toContain('fresh\n    #1 batch POST /1/indexes/products/batch: not recorded');
    expect(JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))).toMatchObject({
      format: 'search-emulator/verify-summary@1',
      tests: 3,
      counts: { different: 1 },
    });
    // Jest's names for the same hooks; a new run starts from no report.
    new VerifyReporter({}, { dir: reportDir }).onRunStart();
    expect(new VerifyReporter({ dir: reportDir }).summarize()).toBeUndefined();
  });
});
