// Records the page's requests from a "service" (a second emulator behind the standalone server on
// loopback) through msw's service worker in Chromium, then verifies the page against that
// recording, as it is and with one answer changed on purpose.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from 'search-emulator/server';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript' };
const files = createServer((req, res) => {
  const path = new URL(req.url, 'http://localhost').pathname;
  try {
    const body = readFileSync(join('public', path === '/' ? 'index.html' : path));
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'text/html' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => files.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${files.address().port}/`;
const service = await startServer({ appId: 'SERVICE', adminApiKey: 'service-admin-key-6c1d', seed: 'the service' });

const artifacts = process.env.ARTIFACTS_DIR ?? 'artifacts';
mkdirSync(artifacts, { recursive: true });
const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'chromium-')), {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});
const check = (ok, what) => {
  if (!ok) throw new Error(what);
};

/** Opens the page with these recorder options; resolves with what it recorded and reported. */
async function open(options, screenshot) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript((given) => (window.recorderOptions = given), options);
  await page.goto(url);
  await page.waitForFunction(() => window.recorderResult !== undefined, undefined, { timeout: 30_000 });
  const result = await page.evaluate(() => window.recorderResult);
  const shown = await page.locator('#hits').innerText();
  check(shown.split(', ').sort().join() === 'Phone 15,Pixel 9 phone', `the page shows both phones: ${shown}`);
  if (screenshot) await page.screenshot({ path: join(artifacts, screenshot), fullPage: true });
  check(errors.length === 0, `errors in the page: ${errors.join('\n')}`);
  await page.close();
  return result;
}

try {
  const { recordings } = await open({
    mode: 'record',
    target: { appId: 'SERVICE', apiKey: 'service-admin-key-6c1d', url: service.url },
    allowWritesTo: 'SERVICE',
  });
  const recorded = recordings.page.tests['a typo finds the phones'].exchanges;
  check(recorded.map((e) => e.operation).join() === 'batch,getTask,searchSingleIndex', 'the page records its requests');
  check(
    !/service-admin-key|admin-key|SERVICE/.test(JSON.stringify(recordings)),
    'no key, no target ID in the recording',
  );
  check((await service.emulator.listIndices()).items.length === 0, 'the recorder cleaned the service up');

  const same = await open({ mode: 'verify', recordings }, 'browser-record.png');
  const counts = same.report.counts;
  check(
    counts.compared === 3 && counts.different + counts.notRecorded + counts.unmatched === 0,
    JSON.stringify(counts),
  );

  const changed = structuredClone(recordings);
  changed.page.tests['a typo finds the phones'].exchanges[2].response.body.nbHits = 9;
  const differs = await open({ mode: 'verify', recordings: changed });
  const [search] = differs.report.exchanges.filter((e) => e.outcome === 'different');
  check(differs.report.counts.different === 1, JSON.stringify(differs.report.counts));
  check(JSON.stringify(search.differences) === '[{"path":"nbHits","recorded":9,"emulator":2}]', JSON.stringify(search));
  console.log(
    `✓ recorded from a service and verified in Chromium through msw's service worker (${join(artifacts, 'browser-record.png')})`,
  );
} finally {
  await context.close();
  await service.close();
  files.close();
}
