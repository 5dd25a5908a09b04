// Serves the built Storybook and opens it in Debian's Chromium: the story's hits come from the
// emulator; the "Search emulator" panel shows the story's index and its requests live; the
// in-page inspector story shows its own emulator; axe-core finds no violation in either.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
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
  const pathname = new URL(req.url, 'http://localhost').pathname;
  const path = pathname === '/' ? 'index.html' : pathname;
  try {
    const body = readFileSync(join('storybook-static', path));
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const artifacts = process.env.ARTIFACTS_DIR ?? 'artifacts';
mkdirSync(artifacts, { recursive: true });
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'chromium-')), {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1280, height: 900 },
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
const checked = [];
/** Page errors, and the emulator's own warnings (a story its service worker does not control). */
function watch(page) {
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.text().startsWith('[search-emulator]')) errors.push(message.text());
  });
}

/** axe-core on `selector` (the inspector's root) in `frame`: WCAG 2.1 A and AA. */
async function axe(frame, selector, name) {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.addScriptTag({ content: axeSource });
  const result = await frame.evaluate(
    (root) =>
      window.axe.run(document.querySelector(root), {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      }),
    selector,
  );
  if (result.violations.length > 0)
    throw new Error(
      `axe on ${name}: ${result.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target).join(' ')})`).join('; ')}`,
    );
}

let page;
try {
  page = await context.newPage();
  watch(page);

  // The story alone: its hits come from the emulator through msw.
  await page.goto(`${origin}/iframe.html?id=products--search-results&viewMode=story`);
  await page.locator('ul[aria-label="results"][data-loaded="2"]').waitFor({ timeout: 60_000 });
  const text = await page.locator('ul[aria-label="results"]').innerText();
  if (!/Phone 15/.test(text) || !/Pixel 9 phone/.test(text)) throw new Error(`unexpected story content: ${text}`);
  await page.screenshot({ path: join(artifacts, 'storybook.png') });
  checked.push("msw-storybook-addon's mswLoader");

  // Storybook's own page, in a second tab: the addon's panel over the channel, beside the story.
  // Not `page.goto`: msw's worker unregisters itself when its last page closes, and a page that
  // navigates while that is under way loads uncontrolled, so its requests would bypass msw.
  const standalone = page;
  page = await context.newPage();
  watch(page);
  await page.goto(`${origin}/?path=/story/products--search-results`);
  await standalone.close();
  const story = page.frameLocator('#storybook-preview-iframe');
  await story.locator('ul[aria-label="results"][data-loaded="2"]').waitFor({ timeout: 60_000 });
  await page.getByRole('tab', { name: 'Search emulator' }).click();
  const panel = page.locator('.se-inspector');
  const view = (name) => panel.getByRole('navigation', { name: 'Inspector views' }).getByRole('button', { name });
  const section = panel.locator('section.se-view');
  await panel.getByText('STORYAPP', { exact: false }).first().waitFor({ timeout: 30_000 });
  await view('Indices').click();
  await section.locator('tr', { hasText: 'products' }).getByText('2', { exact: true }).first().waitFor();
  await section.getByRole('button', { name: 'products', exact: true }).click();
  await section.locator('[data-testid="nbHits"]', { hasText: '2 hits' }).waitFor();
  checked.push("the panel shows the story's seeded index");

  // The journal holds the story's search, and a new one appears without reloading anything.
  await view(/^Journal/).click();
  const rows = section.locator('[data-testid="journal"] tbody tr');
  await rows.first().waitFor();
  const before = await rows.count();
  await story.getByRole('button', { name: 'Search "pixel"' }).click();
  await story.locator('ul[aria-label="results"][data-loaded="1"]').waitFor();
  await rows.nth(before).waitFor({ timeout: 15_000 });
  await rows.first().getByRole('button').first().click();
  await section.locator('[data-testid="journal-detail"]', { hasText: 'pixel' }).waitFor();
  await axe(page, '.se-inspector', 'the Storybook panel');
  await page.screenshot({ path: join(artifacts, 'storybook-panel.png') });
  checked.push('a live journal entry when the story searches', 'axe-core on the panel');

  // The panel writes to the story's emulator: advancing its clock shows in the header.
  await view('Clock & faults').click();
  await section.getByRole('button', { name: 'Advance the clock +1 h' }).click();
  await section.locator('[data-testid="clock-now"]', { hasText: 'T01:' }).waitFor({ timeout: 15_000 });
  checked.push("the panel moves the story's clock");

  // mountInspector(emulator, element) in the story's own page.
  await page.goto(`${origin}/iframe.html?id=inspector--in-page&viewMode=story`);
  const inPage = page.locator('.se-inspector');
  await inPage.locator('section.se-view').getByRole('button', { name: 'articles', exact: true }).waitFor({
    timeout: 60_000,
  });
  await inPage.locator('section.se-view').getByRole('button', { name: 'articles', exact: true }).click();
  await inPage.locator('[data-testid="nbHits"]', { hasText: '3 hits' }).waitFor();
  await inPage.locator('section.se-view').getByLabel('Search articles').fill('kettle');
  await inPage.locator('[data-testid="nbHits"]', { hasText: '1 hits' }).waitFor();
  await axe(page, '.se-inspector', 'the in-page inspector');
  await page.screenshot({ path: join(artifacts, 'storybook-in-page.png') });
  checked.push('mountInspector(emulator, element) in a story, with axe-core');

  if (errors.length > 0) throw new Error(`errors in the page: ${errors.join('\n')}`);
  console.log(`✓ Storybook in Chromium: ${checked.join(', ')} (screenshots: ${artifacts}/storybook*.png)`);
} finally {
  await context.close();
  server.close();
}
