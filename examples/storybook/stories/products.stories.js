// stories/products.stories.js: the story's requests are answered by an emulator.
import { liteClient } from 'algoliasearch/lite';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';

const emulator = createEmulator({ appId: 'STORYAPP', adminApiKey: 'admin-key' });
const seeded = emulator.saveObjects({
  indexName: 'products',
  objects: [
    { objectID: '1', name: 'Phone 15', brand: 'Apple' },
    { objectID: '2', name: 'Pixel 9 phone', brand: 'Google' },
  ],
});

export default {
  title: 'Products',
  parameters: { msw: createHandlers(emulator) },
};

/** What the application's component would do: search, then render the hits. */
export const SearchResults = {
  render: () => {
    const list = document.createElement('ul');
    list.setAttribute('aria-label', 'results');
    seeded
      .then(() =>
        liteClient('STORYAPP', 'admin-key').searchForHits({ requests: [{ indexName: 'products', query: 'phone' }] }),
      )
      .then(({ results }) => {
        for (const hit of results[0].hits)
          list.append(Object.assign(document.createElement('li'), { textContent: hit.name }));
        list.dataset.loaded = String(results[0].nbHits);
      });
    return list;
  },
};
