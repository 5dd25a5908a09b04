import { querySuggestionsClient } from '@algolia/client-query-suggestions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server';
import { parseLog } from './support';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ analyticsRefresh: 'immediate' });
});
afterAll(() => server.close());

describe('Query Suggestions over the standalone server', () => {
  it('serves configurations to the official client, and the log as JSON Lines', async () => {
    const hosts = [{ url: server.url.replace('http://', ''), protocol: 'http' as const, accept: 'readWrite' as const }];
    const client = querySuggestionsClient('TESTAPP', 'admin-api-key', 'us', { hosts });
    await server.emulator.saveObjects({ indexName: 'products', objects: [{ objectID: '1', name: 'running shoes' }] });
    await server.emulator.searchSingleIndex({
      indexName: 'products',
      searchParams: { query: 'running', userToken: 'u1' },
    });
    await client.createConfig({ indexName: 'products_qs', sourceIndices: [{ indexName: 'products', minHits: 1 }] });
    expect(await client.getConfigStatus({ indexName: 'products_qs' })).toEqual({
      indexName: 'products_qs',
      isRunning: true,
    });

    const res = await fetch(`${server.url}/1/logs/products_qs`, {
      headers: { 'x-algolia-application-id': 'TESTAPP', 'x-algolia-api-key': 'admin-api-key' },
    });
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=UTF-8');
    const text = await res.text();
    expect(text.endsWith('}\n')).toBe(true);
    expect(parseLog(text).map((line) => line.message)).toEqual([
      'building the Query Suggestions index "products_qs"',
      'source index "products"',
      '1 popular searches found in the analytics of "products" (last 30 days)',
      'checking 1 candidates on "products"',
      '1 of 1 candidates kept for "products"',
    ]);
  });
});
