// @vitest-environment jsdom
import { liteClient } from 'algoliasearch/lite';
import instantsearch from 'instantsearch.js';
import { frequentlyBoughtTogether, relatedProducts } from 'instantsearch.js/es/widgets';
import { describe, expect, it, vi } from 'vitest';
import { createEmulator } from '../../src';
import { createHandlers } from '../../src/msw';
import { setupMsw } from '../support/server';

const server = setupMsw();

const PRODUCTS = [
  { objectID: 'tent', name: 'Tent', category: 'camping' },
  { objectID: 'pegs', name: 'Tent pegs', category: 'camping' },
  { objectID: 'lamp', name: 'Head lamp', category: 'lighting' },
  { objectID: 'stove', name: 'Camping stove', category: 'cooking' },
];

/** A shop whose customers bought the tent with the pegs (twice) and with the lamp (once). */
async function shop() {
  const emulator = createEmulator({ now: '2024-05-06T12:00:00Z' });
  server.use(...createHandlers(emulator));
  await emulator.saveObjects({ indexName: 'gear', objects: PRODUCTS });
  const bought = (userToken: string, objectIDs: string[]) => ({
    eventType: 'conversion',
    eventSubtype: 'purchase',
    eventName: 'Bought',
    index: 'gear',
    userToken,
    objectIDs,
  });
  await emulator.pushEvents({
    events: [
      bought('ann', ['tent', 'pegs']),
      bought('bob', ['tent', 'pegs', 'lamp']),
      bought('cy', ['stove']),
    ] as never,
  });
  emulator.clock.advance('1d');
  return emulator;
}

function mount(widget: (container: HTMLElement) => unknown, emulator: Awaited<ReturnType<typeof shop>>) {
  document.body.innerHTML = '<div id="box"></div>';
  const container = document.querySelector<HTMLElement>('#box')!;
  const search = instantsearch({ indexName: 'gear', searchClient: liteClient(emulator.appId, emulator.adminApiKey) });
  search.addWidgets([widget(container) as never]);
  search.start();
  return { search, container };
}

const names = (container: HTMLElement, itemClass: string) =>
  [...container.querySelectorAll(`.${itemClass}`)].map((item) => item.textContent?.trim());

describe('InstantSearch recommend widgets against the emulator (jsdom)', () => {
  it('frequentlyBoughtTogether renders the model trained overnight, best first', async () => {
    const emulator = await shop();
    const { search, container } = mount(
      (box) =>
        frequentlyBoughtTogether({
          container: box,
          objectIDs: ['tent'],
          templates: { item: (hit: Record<string, unknown>) => `${hit.name} (${hit._score})` },
        }),
      emulator,
    );
    await vi.waitFor(() => expect(container.querySelectorAll('.ais-FrequentlyBoughtTogether-item')).toHaveLength(2));
    // Both of the tent's baskets hold pegs (100 %), one of two holds the lamp (50 %).
    expect(names(container, 'ais-FrequentlyBoughtTogether-item')).toEqual(['Tent pegs (100)', 'Head lamp (50)']);
    search.dispose();
  });

  it('relatedProducts renders with a limit and queryParameters filtering the candidates', async () => {
    const emulator = await shop();
    const { search, container } = mount(
      (box) =>
        relatedProducts({
          container: box,
          objectIDs: ['tent'],
          limit: 1,
          queryParameters: { filters: 'NOT objectID:pegs' },
          templates: { item: (hit: Record<string, unknown>) => String(hit.name) },
        }),
      emulator,
    );
    await vi.waitFor(() => expect(container.querySelectorAll('.ais-RelatedProducts-item')).toHaveLength(1));
    expect(names(container, 'ais-RelatedProducts-item')).toEqual(['Head lamp']);
    search.dispose();
  });
});
