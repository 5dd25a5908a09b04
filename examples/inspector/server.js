// server.js: a standalone server with a seeded application; its inspector is at /_inspector
// (read-only until the admin key is typed in the page; `--no-inspector` / `inspector: false` turns it off).
import { startServer } from 'search-emulator/server';

export async function start(options = {}) {
  const server = await startServer({ port: 0, appId: 'SHOP', adminApiKey: 'shop-admin-key', ...options });
  const shop = server.emulator;
  await shop.setSettings({
    indexName: 'products',
    indexSettings: { searchableAttributes: ['name', 'brand'], attributesForFaceting: ['brand'] },
  });
  await shop.saveObjects({
    indexName: 'products',
    objects: [
      { objectID: '1', name: 'Phone 15', brand: 'Apple', price: 900 },
      { objectID: '2', name: 'Pixel 9 phone', brand: 'Google', price: 700 },
      { objectID: '3', name: 'Kettle', brand: 'Bosch', price: 40 },
    ],
  });
  console.log(`inspector: ${server.url}/_inspector`);
  return server;
}
