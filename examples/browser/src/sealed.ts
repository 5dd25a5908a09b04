// Not a README recipe: the safety net in a browser. The page sends requests for an application
// no emulator serves, with the msw strategy its query string names; test/browser.js runs it in a
// Chromium whose every hostname resolves to a local trap, and counts what reaches the trap.
import { liteClient } from 'algoliasearch/lite';
import { setupWorker } from 'msw/browser';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';

const strategy = new URLSearchParams(location.search).get('strategy') as 'error' | 'warn' | 'bypass';
const emulator = createEmulator({ appId: 'DEMOAPP', adminApiKey: 'admin-key' });
const worker = setupWorker(...createHandlers(emulator));
await worker.start({ onUnhandledRequest: strategy, quiet: true });

/** What a request came to: an HTTP status, or the error it failed with. */
const outcome = (request: Promise<unknown>) =>
  request.then(
    (res) => (res instanceof Response ? res.status : 'answered'),
    (error: Error) => `failed: ${error.message}`,
  );
const prod = { 'x-algolia-application-id': 'PRODAPP', 'x-algolia-api-key': 'production-key' };

const results = {
  client: await outcome(liteClient('PRODAPP', 'production-key').search([{ indexName: 'products', query: 'a' }])),
  dsn: await outcome(fetch('https://prodapp-dsn.algolia.net/1/indexes/*/queries', { method: 'POST', body: '{}' })),
  algolianet: await outcome(fetch('https://prodapp-1.algolianet.com/1/indexes')),
  insights: await outcome(
    fetch('https://insights.algolia.io/1/events', { method: 'POST', headers: prod, body: '{"events":[]}' }),
  ),
  // Not an Algolia host: msw's strategy decides ('bypass' and 'warn' let it through to the trap).
  elsewhere: await outcome(fetch('https://elsewhere.example/')),
};
(window as unknown as { sealed: typeof results }).sealed = results;
