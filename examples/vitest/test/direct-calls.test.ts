import { ApiError } from 'search-emulator';
import { expect, it } from 'vitest';
import { emulator } from './setup';

type Product = { name: string; price: number };

it('seeds and reads the emulator without HTTP', async () => {
  await emulator.setSettings({
    indexName: 'products',
    indexSettings: { searchableAttributes: ['name'], customRanking: ['asc(price)'] },
  });
  await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: '1', name: 'Phone', price: 300 }] });

  // Typed as the official client's methods: `hits[0].price` is a number, a misspelled option does not compile.
  const { hits } = await emulator.searchSingleIndex<Product>({
    indexName: 'products',
    searchParams: { query: 'phone' },
  });
  expect(hits[0].price).toBe(300);

  // Errors are thrown as the client's are: an ApiError with the service's status and message.
  await expect(emulator.getObject({ indexName: 'products', objectID: 'nope' })).rejects.toThrow(ApiError);
  await expect(emulator.getObject({ indexName: 'products', objectID: 'nope' })).rejects.toMatchObject({ status: 404 });
});
