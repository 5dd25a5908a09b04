/**
 * `npm run soak`: 100,000 requests over loopback against the built server (CI runs it after
 * the tests). Reads and writes on three applications, insights events, control calls, and
 * bad requests (invalid JSON, unknown paths, a wrong key) mixed in; it fails on any 5xx or
 * dropped connection, and on a server that does not stop cleanly.
 */
import { startChild } from './child';

const TOTAL = Number(process.env.SOAK_REQUESTS ?? 100_000);
const CONCURRENCY = 32;
const APPS = ['SOAKA', 'SOAKB', 'SOAKC'];

const server = await startChild(['--indexing-delay', '0']);
const statuses = new Map<number, number>();
let failures = 0;
let next = 0;

function requestFor(i: number): [string, RequestInit] {
  const app = APPS[i % APPS.length];
  const headers = {
    'x-algolia-application-id': app,
    'x-algolia-api-key': 'admin-api-key',
    'content-type': 'application/json',
  };
  const id = String(i % 500);
  switch (i % 10) {
    case 0:
      return [
        `/1/indexes/products/${id}`,
        { method: 'PUT', headers, body: JSON.stringify({ name: `product ${id} phone`, price: i % 97 }) },
      ];
    case 1:
      return [`/1/indexes/products/${id}`, { headers }];
    case 2:
      return [
        `/1/indexes/products/query`,
        { method: 'POST', headers, body: JSON.stringify({ query: `product ${i % 50}` }) },
      ];
    case 3:
      return [
        `/1/indexes/products/query`,
        { method: 'POST', headers, body: JSON.stringify({ query: '', facets: ['*'], filters: `price < ${i % 97}` }) },
      ];
    case 4:
      return [
        `/insights/1/events`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            events: [{ eventType: 'view', eventName: 'v', index: 'products', userToken: `u${i % 7}`, objectIDs: [id] }],
          }),
        },
      ];
    case 5:
      return [`/1/indexes/products/batch`, { method: 'POST', headers, body: '{"requests": [' }];
    case 6:
      return [`/1/indexes/products/${id}`, { method: 'DELETE', headers }];
    case 7:
      return [`/1/no/such/path`, { headers }];
    case 8:
      return [`/1/indexes`, { headers: { ...headers, 'x-algolia-api-key': 'wrong' } }];
    default:
      return i % 1000 === 9
        ? [`/__emulator/apps/${app}/clock/advance`, { method: 'POST', body: '{"by":"1m"}' }]
        : [`/1/indexes`, { headers }];
  }
}

async function worker(): Promise<void> {
  while (next < TOTAL) {
    const [path, init] = requestFor(next++);
    try {
      const res = await fetch(`${server.url}${path}`, init);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) failures++;
    } catch {
      failures++;
    }
  }
}

await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const code = await server.stop();
const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
console.log(`soak: ${TOTAL} requests, statuses { ${counts.join(', ')} }, failures ${failures}, server exit ${code}`);
if (failures > 0 || code !== 0 || [...statuses.keys()].some((status) => status >= 500)) process.exit(1);
