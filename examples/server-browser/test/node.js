// The standalone server from Node: the official client over real HTTP with custom hosts, and the
// fake clock moved through the control endpoints, as a test in another process or language does.
import { algoliasearch } from 'algoliasearch';
import { startServer } from 'search-emulator/server';

const server = await startServer({
  port: 0,
  indexingDelay: '1s',
  // Or `data: './fixtures'`: a folder of the files the dashboard exports.
  data: { indices: { articles: { records: [{ objectID: 'a1', title: 'New collection 2021' }] } } },
});
try {
  const client = algoliasearch('TESTAPP', 'admin-api-key', {
    hosts: [{ url: new URL(server.url).host, protocol: 'http', accept: 'readWrite' }],
  });
  const { hits } = await client.searchSingleIndex({ indexName: 'articles', searchParams: { query: 'collection' } });
  console.log(`articles matching "collection": ${hits.map((hit) => hit.title).join(' | ')}`);

  const { taskID } = await client.saveObject({ indexName: 'articles', body: { objectID: 'a2', title: 'Spring' } });
  console.log(`after saveObject: ${(await client.getTask({ indexName: 'articles', taskID })).status}`);
  await fetch(`${server.url}/__emulator/apps/TESTAPP/clock/advance`, {
    method: 'POST',
    body: JSON.stringify({ by: '1s' }),
  });
  console.log(`after the clock moved 1s: ${(await client.getTask({ indexName: 'articles', taskID })).status}`);
} finally {
  await server.close();
}
