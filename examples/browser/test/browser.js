// Serves public/ and drives Debian's Chromium through the page: search, refine, screenshot.
// Then the safety net: every hostname Chromium resolves goes to a local trap that counts the
// connections, and sealed.html sends requests for an application no emulator serves.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createTrap } from 'node:net';
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

/** Connections that left Chromium, by what their first bytes name (the TLS SNI, or the Host header). */
const trapped = [];
const trap = createTrap((socket) => {
  socket.once('data', (chunk) => {
    const text = chunk.toString('latin1');
    trapped.push(/algolia/i.test(text) ? 'algolia' : /elsewhere/i.test(text) ? 'elsewhere' : 'other');
    socket.destroy();
  });
  socket.on('error', () => undefined);
});
await new Promise((resolve) => trap.listen(0, '127.0.0.1', resolve));

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
    // No name resolves to the network: every hostname reaches the trap (the page itself is an IP).
    `--host-resolver-rules=MAP * 127.0.0.1:${trap.address().port}, EXCLUDE 127.0.0.1`,
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

  for (const strategy of ['error', 'warn', 'bypass']) {
    const before = trapped.length;
    const sealed = await context.newPage();
    const printed = [];
    sealed.on('console', (message) => message.type() === 'error' && printed.push(message.text()));
    await sealed.goto(`${url}sealed.html?strategy=${strategy}`);
    const results = await sealed.waitForFunction(() => window.sealed).then((handle) => handle.jsonValue());
    await sealed.close();
    const left = trapped.slice(before);
    const expected = {
      client: /failed: Unreachable hosts/,
      dsn: /failed/,
      algolianet: /failed/,
      insights: /^401$/,
      // Not an Algolia host: msw's 'error' strategy answers it 500 in a browser, the others let it through.
      elsewhere: strategy === 'error' ? /^500$|failed/ : /failed/,
    };
    for (const [name, pattern] of Object.entries(expected)) {
      if (!pattern.test(String(results[name]))) throw new Error(`${strategy}: ${name} came to ${results[name]}`);
    }
    if (left.includes('algolia')) throw new Error(`${strategy}: a request to an Algolia host left the browser`);
    // The trap works: what msw lets through (an unmatched host, 'warn' and 'bypass') reaches it.
    if (left.includes('elsewhere') !== (strategy !== 'error'))
      throw new Error(`${strategy}: the trap saw ${JSON.stringify(left)}`);
    if (!printed.some((line) => /no emulator serves application PRODAPP/.test(line)))
      throw new Error(`${strategy}: the page printed no refusal: ${printed.join('\n')}`);
  }
  const others = [...new Set(trapped)].join(', ');
  console.log(
    `✓ no connection to an Algolia host leaves the page, whatever onUnhandledRequest says (the trap saw: ${others})`,
  );
} finally {
  await context.close();
  server.close();
  trap.close();
}
