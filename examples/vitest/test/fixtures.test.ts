import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFixtures } from 'search-emulator/server'; // Node; or pass the object itself to load()
import { expect, it } from 'vitest';
import { emulator } from './setup';

it('starts from production-shaped data', async () => {
  // A folder as the dashboard and the CLI export an index: records, then settings.
  const folder = await mkdtemp(join(tmpdir(), 'fixtures-'));
  const records = [
    { objectID: '1', name: 'Phone 15', brand: 'Apple' },
    { objectID: '2', name: 'Pixel 9', brand: 'Google' },
  ];
  await writeFile(join(folder, 'products.json'), JSON.stringify(records));
  await writeFile(
    join(folder, 'products_settings.json'),
    JSON.stringify({ searchableAttributes: ['name', 'brand'], attributesForFaceting: ['brand'] }),
  );

  emulator.load(await readFixtures(folder)); // records, settings, synonyms, rules, keys
  const fixture = emulator.dump(); // the same shape back: load(dump()) is lossless
  expect(Object.keys(fixture.indices ?? {})).toEqual(['products']);
  const { nbHits } = await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'pixel' } });
  expect(nbHits).toBe(1);
});
