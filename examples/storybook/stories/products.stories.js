// stories/products.stories.js: the story's requests are answered by an emulator.
import { liteClient } from 'algoliasearch/lite';
import { createEmulator } from 'search-emulator';
import { createHandlers } from 'search-emulator/msw';
import { withSearchEmulator } from 'search-emulator/storybook';

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
  // The "Search emulator" panel shows this emulator: its index, the story's requests, live.
  decorators: [withSearchEmulator(emulator)],
};

/** What the application's component would do: search, then render the hits. */
export const SearchResults = {
  render: () => {
    const client = liteClient('STORYAPP', 'admin-key');
    const list = document.createElement('ul');
    list.setAttribute('aria-label', 'results');
    const search = (query) =>
      seeded
        .then(() => client.searchForHits({ requests: [{ indexName: 'products', query }] }))
        .then(({ results }) => {
          list.replaceChildren(
            ...results[0].hits.map((hit) => Object.assign(document.createElement('li'), { textContent: hit.name })),
          );
          list.dataset.loaded = String(results[0].nbHits);
        });
    const again = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Search "pixel"' });
    again.addEventListener('click', () => search('pixel'));
    void search('phone');
    const story = document.createElement('div');
    story.append(again, list);
    return story;
  },
};
