// Serves the built Storybook and opens the story in Debian's Chromium: its hits come from the emulator.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};
const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://localhost').pathname;
  try {
    const body = readFileSync(join('storybook-static', path === '/' ? 'index.html' : path));
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/iframe.html?id=products--search-results&viewMode=story`;

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
  await page.goto(url);
  await page.locator('ul[aria-label="results"][data-loaded="2"]').waitFor({ timeout: 60_000 });
  const text = await page.locator('ul[aria-label="results"]').innerText();
  if (!/Phone 15/.test(text) || !/Pixel 9 phone/.test(text)) throw new Error(`unexpected story content: ${text}`);
  await page.screenshot({ path: join(artifacts, 'storybook.png') });
  if (errors.length > 0) throw new Error(`errors in the story: ${errors.join('\n')}`);
  console.log(
    `✓ Storybook story with msw-storybook-addon's mswLoader in Chromium (screenshot: ${join(artifacts, 'storybook.png')})`,
  );
} finally {
  await context.close();
  server.close();
}
