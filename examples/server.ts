/**
 * The README's "Standalone server" recipe, run by the test suite (test/server/example.test.ts):
 * start the server with a fixture folder, point the official client at it with custom hosts,
 * and drive its fake clock through the control endpoints.
 */
import { algoliasearch } from 'algoliasearch';
import { startServer } from 'search-emulator/server';

const server = await startServer({
  port: 0,
  indexingDelay: '1s',
  data: new URL('./fixtures/ecommerce', import.meta.url).pathname,
});
try {
  const client = algoliasearch('TESTAPP', 'admin-api-key', {
    hosts: [{ url: new URL(server.url).host, protocol: 'http', accept: 'readWrite' }],
  });

  const { hits } = await client.searchSingleIndex<{ title: string }>({
    indexName: 'articles',
    searchParams: { query: 'collection', hitsPerPage: 2 },
  });
  console.log(`articles matching "collection": ${hits.map((hit) => hit.title).join(' | ')}`);

  const { taskID } = await client.saveObject({
    indexName: 'articles',
    body: { objectID: 'new', title: 'Spring collection 2025' },
  });
  console.log(`after saveObject: ${(await client.getTask({ indexName: 'articles', taskID })).status}`);
  // Tests that cannot import the library move the clock over HTTP.
  await fetch(`${server.url}/__emulator/apps/TESTAPP/clock/advance`, {
    method: 'POST',
    body: JSON.stringify({ by: '1s' }),
  });
  console.log(`after the clock moved 1s: ${(await client.getTask({ indexName: 'articles', taskID })).status}`);
} finally {
  await server.close();
}
