import { expect, it } from 'vitest';
import { emulator } from './setup';

it('builds a suggestions index from the emulator’s own analytics', async () => {
  await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: '1', name: 'running shoes' }] });
  await emulator.createConfig({ indexName: 'products_qs', sourceIndices: [{ indexName: 'products', minHits: 1 }] });
  await emulator.buildQuerySuggestions({ indexName: 'products_qs' }); // or advance the clock past the build
  const { hits } = await emulator.searchSingleIndex({ indexName: 'products_qs', searchParams: { query: 'run' } });
  expect(hits).toEqual(expect.any(Array)); // the suggestions index exists: searching it answers
});
