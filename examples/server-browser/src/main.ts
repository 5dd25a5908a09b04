// A page on one origin whose clients talk to `search-emulator serve` on another: the browser's
// CORS checks, preflights included, meet the server as they would meet the real service.
import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import instantsearch from 'instantsearch.js';
import { hits, searchBox } from 'instantsearch.js/es/widgets';

const emulator = new URLSearchParams(location.search).get('emulator')!; // e.g. 127.0.0.1:9400
const hosts = [{ url: emulator, protocol: 'http' as const, accept: 'readWrite' as const }];

// The official client's browser build sends "simple" requests (credentials in the query
// string, text/plain bodies): the browser checks only the answer's allow-origin header.
const admin = algoliasearch('TESTAPP', 'admin-api-key', { hosts });
const { taskID } = await admin.saveObject({
  indexName: 'articles',
  body: { objectID: 'cors', title: 'Cross-origin collection notes' },
});
await admin.waitForTask({ indexName: 'articles', taskID });

// An app's own fetch with the key in headers and a JSON body: the browser asks first (preflight).
const res = await fetch(`http://${emulator}/1/indexes/articles/raw`, {
  method: 'PUT',
  headers: {
    'x-algolia-application-id': 'TESTAPP',
    'x-algolia-api-key': 'admin-api-key',
    'content-type': 'application/json',
  },
  body: JSON.stringify({ title: 'Raw fetch collection' }),
});
if (!res.ok) throw new Error(`PUT answered ${res.status}`);
document.querySelector('#status')!.textContent = 'saved across origins';

// Searches: the lite client, as InstantSearch apps use it.
const search = instantsearch({
  indexName: 'articles',
  searchClient: liteClient('TESTAPP', 'admin-api-key', { hosts }),
});
search.addWidgets([
  searchBox({ container: '#searchbox' }),
  hits({
    container: '#hits',
    templates: { item: (hit, { html, components }) => html`${components.Highlight({ hit, attribute: 'title' })}` },
  }),
]);
search.start();
