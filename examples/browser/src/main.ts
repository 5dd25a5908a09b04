// A page whose InstantSearch UI talks to the emulator through msw's service worker.
import { liteClient } from 'algoliasearch/lite';
import instantsearch from 'instantsearch.js';
import { hits, refinementList, searchBox } from 'instantsearch.js/es/widgets';
import { setupWorker } from 'msw/browser';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';

const emulator = createEmulator({ appId: 'DEMOAPP', adminApiKey: 'admin-key' });
await emulator.setSettings({
  indexName: 'products',
  indexSettings: { searchableAttributes: ['name', 'brand'], attributesForFaceting: ['brand'] },
});
await emulator.saveObjects({
  indexName: 'products',
  objects: [
    { objectID: '1', name: 'Phone 15', brand: 'Apple' },
    { objectID: '2', name: 'Pixel 9 phone', brand: 'Google' },
    { objectID: '3', name: 'Galaxy S24 phone', brand: 'Samsung' },
  ],
});
const { key: searchKey } = await emulator.addApiKey({ acl: ['search'] });

// `npx msw init public` put mockServiceWorker.js in the folder the page is served from.
const worker = setupWorker(...createHandlers(emulator));
await worker.start({ onUnhandledRequest: 'error', quiet: true });

const search = instantsearch({ indexName: 'products', searchClient: liteClient('DEMOAPP', searchKey) });
search.addWidgets([
  searchBox({ container: '#searchbox' }),
  refinementList({ container: '#brands', attribute: 'brand' }),
  hits({
    container: '#hits',
    templates: { item: (hit, { html, components }) => html`${components.Highlight({ hit, attribute: 'name' })}` },
  }),
]);
search.start();
