import { readFixtures } from 'search-emulator/server'; // Node; or pass the object itself
import { expect, it } from 'vitest';
import { emulator } from './setup';

it('starts from production-shaped data', async () => {
  emulator.load(await readFixtures(new URL('../fixtures', import.meta.url).pathname)); // records, settings, synonyms, rules, keys
  const fixture = emulator.dump(); // the same shape back: load(dump()) is lossless
  expect(Object.keys(fixture.indices ?? {})).toEqual(['products']);
  expect((await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'pixel' } })).nbHits).toBe(
    1,
  );
});
