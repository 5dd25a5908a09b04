// The inspector served by the packed package's server, in Debian's Chromium: every view shows
// what this test seeded, the journal updates live, the clock publishes a pending task, a search
// in the page equals the API's answer, and axe-core finds no violation. Screenshots land in
// ARTIFACTS_DIR.
import { algoliasearch } from 'algoliasearch';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { start } from '../server.js';

const SITE = 'https://site.test';
const pages = {
  '/': '<html><head><title>Home</title></head><body><h1>Home</h1><a href="/docs">docs</a><a href="/gone">gone</a></body></html>',
  '/docs': '<html><head><title>Docs</title></head><body><h1>Docs</h1></body></html>',
};
// The crawler's web: two pages and a 404, served without a network.
const siteFetch = async (input) => {
  const url = new URL(typeof input === 'string' ? input : input.url);
  const html = pages[url.pathname];
  return html
    ? new Response(html, { headers: { 'content-type': 'text/html' } })
    : new Response('not found', { status: 404, headers: { 'content-type': 'text/plain' } });
};

// Writes wait a minute before they are published: the Tasks view shows one waiting.
const server = await start({ indexingDelay: '1m', crawlerFetch: siteFetch });
const shop = server.emulator;
const client = algoliasearch('SHOP', 'shop-admin-key', {
  hosts: [{ url: server.url.replace('http://', ''), protocol: 'http', accept: 'readWrite' }],
});

// What each view should show.
await shop.saveRule({
  indexName: 'products',
  objectID: 'promote-kettle',
  rule: {
    objectID: 'promote-kettle',
    conditions: [{ pattern: 'tea', anchoring: 'contains' }],
    consequence: { promote: [{ objectID: '3', position: 0 }] },
  },
});
await shop.saveSynonym({
  indexName: 'products',
  objectID: 'mobile',
  synonymHit: { objectID: 'mobile', type: 'synonym', synonyms: ['phone', 'mobile'] },
});
await shop.setSettings({
  indexName: 'products',
  indexSettings: { replicas: ['products_by_price', 'virtual(products_cheap)'] },
});
await shop.batchDictionaryEntries({
  dictionaryName: 'stopwords',
  batchDictionaryEntriesParams: {
    requests: [{ action: 'addEntry', body: { objectID: 'the-en', language: 'en', word: 'thee' } }],
  },
});
await shop.addApiKey({ acl: ['search'], description: 'storefront key', validity: 3600 });
await shop.addApiKey({ acl: ['search'], description: 'short-lived key', validity: 60 });
await shop.advance('2m'); // every write above is published
for (const query of ['phone', 'phone', 'kettle', 'tablet'])
  await client.searchSingleIndex({ indexName: 'products', searchParams: { query, clickAnalytics: true } });
await shop.createConfig({
  indexName: 'products_suggestions',
  sourceIndices: [{ indexName: 'products', minHits: 0, minLetters: 2 }],
});
const crawler = await shop.createCrawler({
  name: 'docs-site',
  config: {
    appId: 'SHOP',
    apiKey: 'shop-admin-key',
    indexPrefix: 'crawler_',
    rateLimit: 4,
    startUrls: [`${SITE}/`],
    actions: [
      { indexName: 'pages', pathsToMatch: [`${SITE}/**`], recordExtractor: ({ $ }) => [{ title: $('h1').text() }] },
    ],
  },
});
await shop.startReindex({ id: crawler.id });
await shop.advance('10m'); // the crawl, the analytics refresh (5 minutes), the minute-old key expires
await shop.buildQuerySuggestions({ indexName: 'products_suggestions' });
shop.trainRecommendModels({ indexName: 'products' });

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
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const errors = [];
const checked = [];
const page = await context.newPage();
page.on('pageerror', (error) => errors.push(error.message));
// No request of the page may leave the machine: only the server's own origin.
page.on('request', (request) => {
  if (!request.url().startsWith(server.url)) errors.push(`request outside the server: ${request.url()}`);
});

const view = (name) => page.getByRole('navigation', { name: 'Inspector views' }).getByRole('button', { name });
const section = () => page.locator('section.se-view');
async function expectText(text) {
  await section().getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 });
}
async function axe(name) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  if (result.violations.length > 0)
    throw new Error(
      `axe on ${name}: ${result.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target).join(' ')})`).join('; ')}`,
    );
}
async function visit(name, file, ...texts) {
  await view(name).click();
  for (const text of texts) await expectText(text);
  await axe(name);
  await page.screenshot({ path: join(artifacts, `inspector-${file}.png`), fullPage: true });
  checked.push(name);
}

try {
  await page.goto(`${server.url}/_inspector`);
  await visit('Applications', 'applications', 'SHOP', 'records');
  await visit('Indices', 'indices', 'products_by_price', 'crawler_pages');

  // Index: the search box runs the emulator's own search; the page shows what the API answers.
  await section().getByRole('button', { name: 'products', exact: true }).click();
  await expectText('3 hits');
  await section().getByLabel('Search products').fill('phone');
  await page.locator('[data-testid="nbHits"]', { hasText: '2 hits' }).waitFor();
  const shown = await page
    .locator('[data-testid="hits"] > li')
    .evaluateAll((items) => items.map((li) => li.dataset.objectId));
  const api = await client.searchSingleIndex({
    indexName: 'products',
    searchParams: { query: 'phone', page: 0, hitsPerPage: 20, facets: ['*'], getRankingInfo: true, facetFilters: [] },
  });
  if (JSON.stringify(shown) !== JSON.stringify(api.hits.map((hit) => hit.objectID)))
    throw new Error(`the inspector shows ${shown}, the API answers ${api.hits.map((hit) => hit.objectID)}`);
  if ((await page.locator('[data-testid="hits"] mark').count()) === 0) throw new Error('no highlighted match');
  await section().getByRole('button', { name: 'Google (1)' }).click();
  await page.locator('[data-testid="nbHits"]', { hasText: '1 hits' }).waitFor();
  await section().getByRole('button', { name: 'Explain 2' }).click();
  await page.locator('[data-testid="explanation"]').waitFor();
  await axe('Index');
  await page.screenshot({ path: join(artifacts, 'inspector-index-search.png'), fullPage: true });
  for (const [tab, text] of [
    ['Settings', 'searchableAttributes'],
    ['Rules', 'promote-kettle'],
    ['Synonyms', 'mobile'],
    ['Replicas', 'products_cheap'],
  ]) {
    await section().getByRole('tab', { name: tab }).click();
    await expectText(text);
    await axe(`Index ${tab}`);
  }
  checked.push('Index (records, search, facets, explain, settings, rules, synonyms, replicas)');

  await visit('Dictionaries', 'dictionaries', 'thee');
  await visit('API keys', 'keys', 'storefront key', 'expired at');
  await view('Analytics').click();
  await section().getByLabel('Index').selectOption('products');
  await visit('Analytics', 'analytics', 'Top searches', 'tablet');
  const summary = await page.locator('[data-testid="analytics-summary"]').innerText();
  const { count } = await shop.getSearchesCount({ index: 'products' });
  if (count === 0 || !summary.startsWith(`${count} searches`))
    throw new Error(`analytics: the page says "${summary}", the API counts ${count}`);
  await visit('Crawler', 'crawler', 'docs-site', `${SITE}/docs`);
  await visit('Recommend', 'recommend', 'Trained models');
  await page
    .locator('section.se-view td', { hasText: /^products$/ })
    .first()
    .waitFor();
  await visit('Query Suggestions', 'suggestions', 'products_suggestions');

  // The journal: a request to the server appears without reloading the page.
  await visit('Journal', 'journal', 'searchSingleIndex');
  await client.getObject({ indexName: 'products', objectID: '3' });
  await page.locator('[data-testid="journal"] td', { hasText: '/1/indexes/products/3' }).waitFor({ timeout: 15_000 });
  await page.locator('[data-testid="journal"] button').first().click();
  await page.locator('[data-testid="journal-detail"]', { hasText: 'Kettle' }).waitFor();
  await page.screenshot({ path: join(artifacts, 'inspector-journal-live.png'), fullPage: true });

  // Read-only until the admin key: then advancing the clock publishes a pending task.
  const delayed = await shop.saveObject({
    indexName: 'products',
    body: { objectID: '4', name: 'Teapot', brand: 'Bosch' },
  });
  await visit('Tasks', 'tasks', String(delayed.taskID));
  const button = section().getByRole('button', { name: 'Move the clock to the next publication' });
  if (!(await button.isDisabled())) throw new Error('a write button works without the admin key');
  await page.getByLabel('Admin API key').fill('wrong');
  await page.getByRole('button', { name: 'Unlock writes' }).click();
  await page.getByText('That is not the admin API key').waitFor();
  await page.getByLabel('Admin API key').fill('shop-admin-key');
  await page.getByRole('button', { name: 'Unlock writes' }).click();
  await button.click();
  await expectText('No pending task');
  const task = await client.getTask({ indexName: 'products', taskID: delayed.taskID });
  if (task.status !== 'published') throw new Error(`task ${delayed.taskID} is ${task.status}`);
  await page.screenshot({ path: join(artifacts, 'inspector-tasks-published.png'), fullPage: true });

  await visit('Clock & faults', 'clock', 'Jobs waiting on the clock');
  await section().getByRole('button', { name: 'Advance the clock +1 h' }).click();
  await page.locator('[data-testid="clock-now"]', { hasText: 'T01:' }).waitFor({ timeout: 15_000 });
  await section().getByRole('button', { name: 'Add the fault' }).click();
  await section().getByRole('button', { name: 'Remove fault 1' }).waitFor();
  await axe('Clock & faults with a fault');
  await section().getByRole('button', { name: 'Remove fault 1' }).click();
  await expectText('No active fault');

  // Snapshot, reset, restore.
  await view('Applications').click();
  const held = await page.locator('[data-testid="overview"] dd').nth(1).innerText();
  await section().getByRole('button', { name: 'Take a snapshot' }).click();
  await section().getByRole('button', { name: 'Restore SHOP-1' }).waitFor();
  await section().getByRole('button', { name: 'Reset the application' }).click();
  await expectText('0 indices, 0 records');
  await section().getByRole('button', { name: 'Restore SHOP-1' }).click();
  await page.locator('[data-testid="overview"] dd', { hasText: held }).waitFor();

  // Keyboard: the views are reached with Tab and the arrow keys.
  await view('Applications').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.locator('section.se-view[data-view="indices"]').waitFor();
  checked.push('keyboard navigation');

  if (errors.length > 0) throw new Error(`errors in the page: ${errors.join('\n')}`);
  console.log(`✓ inspector in Chromium: ${checked.join(', ')} (screenshots: ${artifacts}/inspector-*.png)`);
} finally {
  await context.close();
  await server.close();
}
