// A page whose requests go through a recorder inside msw's service worker: recorded from a
// service, then verified against the recording. test/browser.js sets `window.recorderOptions`.
import { algoliasearch } from 'algoliasearch';
import { setupWorker } from 'msw/browser';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';
import { createRecorder, memoryStore, type Recording, type RecorderOptions } from 'search-emulator/record';

declare global {
  interface Window {
    recorderOptions: Pick<RecorderOptions, 'mode' | 'target' | 'allowWritesTo'> & {
      recordings?: Record<string, Recording>;
    };
    recorderResult?: unknown;
  }
}

// No file system in a page: the recordings live in memory, handed in and read back by the test.
const { recordings, ...options } = window.recorderOptions;
const store = memoryStore(recordings);
const emulator = createEmulator({ appId: 'PAGEAPP', adminApiKey: 'admin-key' });
const recorder = createRecorder(emulator, { ...options, store, env: {} });
const worker = setupWorker(...createHandlers(emulator, { recorder }));
await worker.start({ onUnhandledRequest: 'error', quiet: true });

const client = algoliasearch('PAGEAPP', 'admin-key');
recorder.startTest('page', 'a typo finds the phones');
await client.saveObjects({
  indexName: 'products',
  objects: [
    { objectID: '1', name: 'Phone 15' },
    { objectID: '2', name: 'Pixel 9 phone' },
  ],
  waitForTasks: true,
});
const { hits } = await client.searchSingleIndex<{ name: string }>({
  indexName: 'products',
  searchParams: { query: 'phnoe' },
});
document.querySelector('#hits')!.textContent = hits.map((hit) => hit.name).join(', ');
const report = await recorder.endTest();
await recorder.save();
document.querySelector('#report')!.textContent = JSON.stringify(report?.counts ?? 'recorded', null, 2);
window.recorderResult = { recordings: store.recordings, report: report ?? null };
