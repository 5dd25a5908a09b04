// Serves public/ and drives Debian's Chromium through the page: search, refine, screenshot.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript' };
const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://localhost').pathname;
  try {
    const body = readFileSync(join('public', path === '/' ? 'index.html' : path));
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'text/html' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

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
  await page.locator('.ais-Hits-item').nth(2).waitFor();
  await page.locator('.ais-SearchBox-input').fill('phnoe');
  await page.locator('.ais-Hits-item', { hasText: 'Pixel' }).waitFor();
  await page.locator('.ais-RefinementList-labelText', { hasText: 'Google' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.ais-Hits-item').length === 1);
  const text = await page.locator('#hits').innerText();
  if (!/Pixel 9 phone/.test(text)) throw new Error(`unexpected hits: ${text}`);
  await page.screenshot({ path: join(artifacts, 'browser.png'), fullPage: true });
  if (errors.length > 0) throw new Error(`errors in the page: ${errors.join('\n')}`);
  console.log(`✓ InstantSearch over msw's service worker in Chromium (screenshot: ${join(artifacts, 'browser.png')})`);
} finally {
  await context.close();
  server.close();
}
