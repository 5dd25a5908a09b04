/**
 * `npm run demo`: loads the airports dataset through the real algoliasearch v5 client,
 * intercepted by msw, prints a task's status on the fake clock, lists the indices and
 * runs a typo-tolerant geo search; then loads a fixture folder exported from a real shop
 * (examples/fixtures/ecommerce) and searches it; then crawls a small site that msw serves,
 * over the crawler API with basic auth, and searches what the crawl indexed.
 */
import { readFileSync } from 'node:fs';
import { algoliasearch } from 'algoliasearch';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createEmulator } from '../src';
import { readFixtures } from '../src/server';
import { createHandlers } from '../src/msw';

/** The fields of an airports record the demo prints. */
type Airport = { name: string; city: string; iata_code: string };

const datasetUrl = new URL('../../shared/datasets/airports/airports.json', import.meta.url);

async function main() {
  const emulator = createEmulator({ appId: 'DEMOAPP', adminApiKey: 'demo-admin-key', indexingDelay: '2s' });
  const server = setupServer(...createHandlers(emulator));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const client = algoliasearch('DEMOAPP', 'demo-admin-key');
    const airports = JSON.parse(readFileSync(datasetUrl, 'utf8')) as Record<string, unknown>[];
    console.log(`Loading ${airports.length} airports through the real client (msw intercepts every request)...`);

    const responses = await client.saveObjects({ indexName: 'airports', objects: airports, batchSize: 1000 });
    const last = responses[responses.length - 1];
    const before = await client.getTask({ indexName: 'airports', taskID: last.taskID });
    console.log(`task ${last.taskID}: ${before.status} (indexingDelay is 2s on the fake clock)`);

    emulator.clock.advance('2s');
    const after = await client.getTask({ indexName: 'airports', taskID: last.taskID });
    console.log(`after clock.advance('2s'): task ${last.taskID} is ${after.status}`);

    const { items } = await client.listIndices();
    console.table(items.map(({ name, entries, dataSize, updatedAt }) => ({ name, entries, dataSize, updatedAt })));

    await client.setSettings({
      indexName: 'airports',
      indexSettings: { searchableAttributes: ['name', 'city', 'iata_code'], customRanking: ['desc(links_count)'] },
    });
    emulator.clock.advance('2s'); // settings are a task too
    const { hits, nbHits } = await client.searchSingleIndex<Airport>({
      indexName: 'airports',
      searchParams: { query: 'pari', aroundLatLng: '48.8566, 2.3522', hitsPerPage: 3 },
    });
    console.log(`"pari" near Paris: ${nbHits} hits, first ${hits.length}:`);
    console.table(hits.map((hit) => ({ name: hit.name, city: hit.city, iata: hit.iata_code })));

    const loaded = emulator.load(await readFixtures(new URL('./fixtures/ecommerce', import.meta.url).pathname));
    console.log(
      `Loaded the ecommerce fixtures at once: ${Object.entries(loaded.indices)
        .map(([name, { records }]) => `${name} (${records} records)`)
        .join(', ')}`,
    );
    const articles = await client.searchSingleIndex<{ title: string }>({
      indexName: 'articles',
      searchParams: { query: 'colection', hitsPerPage: 3 },
    });
    console.log(`"colection" in articles: ${articles.nbHits} hits, first: ${articles.hits[0]?.title}`);

    await crawlSmallSite(emulator, server, client);
  } finally {
    server.close();
  }
}

/** A small site, declared with msw handlers: the pages the crawler will see. */
const SITE: Record<string, string> = {
  '/': '<h1>Travel guide</h1><a href="/paris">Paris</a> <a href="/lyon">Lyon</a> <a href="/admin/">Admin</a>',
  '/paris': '<h1>Paris</h1><p>Airports: CDG and Orly.</p><a href="/">Home</a>',
  '/lyon': '<h1>Lyon</h1><p>Airport: Saint-Exupery.</p>',
};

async function crawlSmallSite(
  emulator: ReturnType<typeof createEmulator>,
  server: ReturnType<typeof setupServer>,
  client: ReturnType<typeof algoliasearch>,
) {
  server.use(
    http.get('https://guide.test/robots.txt', () => HttpResponse.text('User-agent: *\nDisallow: /admin/')),
    ...Object.entries(SITE).map(([path, html]) => http.get(`https://guide.test${path}`, () => HttpResponse.html(html))),
  );
  const { userId, apiKey } = emulator.crawlerCredentials;
  const crawler = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`https://crawler.algolia.com/api/1${path}`, {
      method,
      headers: { authorization: `Basic ${btoa(`${userId}:${apiKey}`)}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };
  const { id } = await crawler('POST', '/crawlers', {
    name: 'guide',
    config: {
      appId: 'DEMOAPP',
      apiKey: 'demo-admin-key',
      rateLimit: 1,
      startUrls: ['https://guide.test/'],
      actions: [
        {
          indexName: 'guide',
          pathsToMatch: ['https://guide.test/**'],
          recordExtractor: {
            __type: 'function',
            source: "({ url, $ }) => [{ title: $('h1').text(), text: $('p').text(), path: url.pathname }]",
          },
        },
      ],
    },
  });
  await crawler('POST', `/crawlers/${id}/reindex`);
  console.log('\nCrawling https://guide.test/ at rateLimit 1 (one page per second of the fake clock)...');
  for (let second = 1; second <= 4; second++) {
    await emulator.advance('1s'); // stops at each crawl step and awaits its page fetches
    const stats = await crawler('GET', `/crawlers/${id}/stats/urls`);
    const { reindexing } = await crawler('GET', `/crawlers/${id}`);
    console.log(`  after ${second}s: ${stats.count} URLs processed, reindexing: ${reindexing}`);
  }
  const stats = await crawler('GET', `/crawlers/${id}/stats/urls`);
  console.table(stats.data);
  emulator.clock.advance('2s'); // indexingDelay: the crawl's writes are tasks too
  const { hits } = await client.searchSingleIndex<{ title: string; path: string }>({
    indexName: 'guide',
    searchParams: { query: 'airport' },
  });
  console.log(`"airport" in the crawled index: ${hits.map((hit) => `${hit.title} (${hit.path})`).join(', ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
