/**
 * `npm run demo`: loads the airports dataset through the real algoliasearch v5 client,
 * intercepted by msw, prints a task's status on the fake clock, lists the indices and
 * runs a typo-tolerant geo search; then loads a fixture folder exported from a real shop
 * (examples/fixtures/ecommerce) and searches it.
 */
import { readFileSync } from 'node:fs';
import { algoliasearch } from 'algoliasearch';
import { setupServer } from 'msw/node';
import { createEmulator } from '../src';
import { readFixtures } from '../src/server';

/** The fields of an airports record the demo prints. */
type Airport = { name: string; city: string; iata_code: string };

const datasetUrl = new URL('../../shared/datasets/airports/airports.json', import.meta.url);

async function main() {
  const emulator = createEmulator({ appId: 'DEMOAPP', adminApiKey: 'demo-admin-key', indexingDelay: '2s' });
  const server = setupServer(...emulator.handlers);
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
    console.log(`Loaded the ecommerce fixtures at once: ${Object.entries(loaded.indices).map(([name, { records }]) => `${name} (${records} records)`).join(', ')}`);
    const articles = await client.searchSingleIndex<{ title: string }>({ indexName: 'articles', searchParams: { query: 'colection', hitsPerPage: 3 } });
    console.log(`"colection" in articles: ${articles.nbHits} hits, first: ${articles.hits[0]?.title}`);
  } finally {
    server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
