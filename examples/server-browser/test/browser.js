// Starts the emulator's HTTP server with the shop fixtures, serves the page from another
// origin, and drives Debian's Chromium through it: cross-origin writes (one preflighted), then searches.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from 'search-emulator/server';

const preflights = [];
const emulator = await startServer({
  port: 0,
  onRequest: (line) => line.method === 'OPTIONS' && preflights.push(line.path),
  data: {
    indices: {
      articles: {
        records: [{ objectID: 'a1', title: 'New collection 2021' }],
        settings: { searchableAttributes: ['title'] },
      },
    },
  },
});

const TYPES = { '.html': 'text/html', '.js': 'text/javascript' };
const site = createServer((req, res) => {
  const path = new URL(req.url, 'http://localhost').pathname;
  try {
    res
      .writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'text/html' })
      .end(readFileSync(join('public', path === '/' ? 'index.html' : path)));
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
// `localhost` for the page, `127.0.0.1` for the emulator: two origins.
const url = `http://localhost:${site.address().port}/?emulator=${new URL(emulator.url).host}`;

const artifacts = process.env.ARTIFACTS_DIR ?? 'artifacts';
mkdirSync(artifacts, { recursive: true });
const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'chromium-')), {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const errors = [];
try {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(url);
  await page.locator('#status', { hasText: 'saved across origins' }).waitFor();
  await page.locator('.ais-SearchBox-input').fill('colection');
  await page.waitForFunction(() => document.querySelectorAll('.ais-Hits-item').length === 3);
  const text = await page.locator('#hits').innerText();
  if (
    !/Cross-origin collection notes/.test(text) ||
    !/Raw fetch collection/.test(text) ||
    !/New collection 2021/.test(text)
  )
    throw new Error(`unexpected hits: ${text}`);
  await page.screenshot({ path: join(artifacts, 'server-browser.png'), fullPage: true });
  if (errors.length > 0) throw new Error(`errors in the page: ${errors.join('\n')}`);
  const { items } = await (
    await fetch(`${emulator.url}/1/indexes`, {
      headers: { 'x-algolia-application-id': 'TESTAPP', 'x-algolia-api-key': 'admin-api-key' },
    })
  ).json();
  if (items[0]?.entries !== 3) throw new Error(`the write did not land: ${JSON.stringify(items)}`);
  if (preflights.length === 0) throw new Error('the browser sent no preflight: the raw write did not test CORS');
  console.log(
    `✓ a page on another origin wrote to and searched the emulator server in Chromium (screenshot: ${join(artifacts, 'server-browser.png')})`,
  );
} finally {
  await context.close();
  site.close();
  await emulator.close();
}
