// @vitest-environment jsdom
import instantsearch from 'instantsearch.js';
import { configure, hits, refinementList, searchBox } from 'instantsearch.js/es/widgets';
import { describe, expect, it, vi } from 'vitest';
import { createEmulator } from '../../src';
import { createHandlers } from '../../src/msw';
import { setupMsw } from '../support/server';
import { compositionHttpClient, seedShop, shop } from './support';

const server = setupMsw();

/**
 * InstantSearch's composition mode (`compositionID`) calls `searchClient.search({ compositionID,
 * requestBody })` and `searchForFacetValues({ compositionID, facetName, ... })`: no official
 * client on npm has them, so the test writes that small client over HTTP (msw answers).
 */
async function mount() {
  const emulator = createEmulator();
  server.use(...createHandlers(emulator));
  await seedShop(emulator);
  const api = compositionHttpClient(emulator.appId, emulator.adminApiKey);
  await api.putComposition({ compositionID: 'shop', composition: shop() });
  document.body.innerHTML = '<div id="box"></div><div id="brands"></div><div id="hits"></div>';
  const searchClient = { search: api.search, searchForFacetValues: api.searchForFacetValues };
  const search = instantsearch({ compositionID: 'shop', searchClient: searchClient as never });
  search.addWidgets([
    configure({ hitsPerPage: 4 }),
    searchBox({ container: '#box' }),
    refinementList({ container: '#brands', attribute: 'brand' }),
    hits({ container: '#hits', templates: { item: (hit: Record<string, unknown>) => String(hit.objectID) } }),
  ]);
  search.start();
  return { search };
}

const shown = () => [...document.querySelectorAll('.ais-Hits-item')].map((item) => item.textContent?.trim());
const brands = () =>
  [...document.querySelectorAll('.ais-RefinementList-item')].map((item) =>
    item.textContent?.replace(/\s+/g, ' ').trim(),
  );

describe('InstantSearch in composition mode against the emulator (jsdom)', () => {
  it('renders the composed hits, refines by a disjunctive facet and searches', async () => {
    const { search } = await mount();
    await vi.waitFor(() => expect(shown()).toEqual(['p5', 'p7', 'p6', 'p4']));
    expect(brands()).toEqual(['acme4', 'bolt4']);

    document.querySelector<HTMLInputElement>('.ais-RefinementList-checkbox[value="bolt"]')!.click();
    // bolt phones, the sponsored bolt phone injected at slot 1; both brands keep their counts
    // (acme's too: the facet is disjunctive), the refined one listed first.
    await vi.waitFor(() => expect(shown()).toEqual(['p4', 'p6', 'p2', 'p0']));
    expect(brands()).toEqual(['bolt4', 'acme4']);

    const input = document.querySelector<HTMLInputElement>('.ais-SearchBox-input')!;
    input.value = 'phone 2';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect(shown()).toEqual(['p2']));
    search.dispose();
  });
});
