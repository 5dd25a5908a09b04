// stories/inspector.stories.js: the inspector in the page itself, over an emulator object.
import { createEmulator } from 'search-emulator';
import { mountInspector } from 'search-emulator/inspector';

const emulator = createEmulator({ appId: 'INPAGE' });
const seeded = emulator.saveObjects({
  indexName: 'articles',
  objects: [
    { objectID: 'a1', title: 'Choosing a kettle' },
    { objectID: 'a2', title: 'Phones compared' },
    { objectID: 'a3', title: 'Tea for beginners' },
  ],
});

export default { title: 'Inspector' };

export const InPage = {
  render: () => {
    const element = document.createElement('div');
    element.style.height = '100vh';
    // Writes are on in-page (the page holds the emulator); { readOnly: true } turns them off.
    seeded.then(() => mountInspector(emulator, element, { view: 'indices' }));
    return element;
  },
};
