import { algoliasearch } from 'algoliasearch';
import type { SetupServer } from 'msw/node';
import * as searchInsights from 'search-insights';
import { createEmulator, type EmulatorOptions } from '../../src';
import { createHandlers } from '../../src/msw';

/**
 * A small shop over ten clock days, driven the way an application drives the real service:
 * searches with `clickAnalytics` through the v5 client, clicks, views and purchases through
 * `search-insights`, add-to-cart conversions through the v5 insights client. The script keeps
 * its own log of what each user did, so tests compute the models' expectations from it
 * without the emulator's code.
 */

const { AlgoliaAnalytics } = searchInsights;
// The node entry's requester; its types ship with the browser entry only.
const { getRequesterForNode } = searchInsights as unknown as {
  getRequesterForNode: () => (url: string, data: Record<string, unknown>) => Promise<boolean>;
};

export const PRODUCTS = [
  { objectID: 'phone-x', name: 'Phone X', brand: 'Acme', category: 'phone', color: 'black', price: 800 },
  { objectID: 'phone-y', name: 'Phone Y', brand: 'Zen', category: 'phone', color: 'black', price: 600 },
  { objectID: 'case-x', name: 'Case for Phone X', brand: 'Acme', category: 'case', color: 'black', price: 30 },
  { objectID: 'case-y', name: 'Case for Phone Y', brand: 'Zen', category: 'case', color: 'red', price: 25 },
  { objectID: 'charger', name: 'Fast charger', brand: 'Acme', category: 'charger', color: 'white', price: 20 },
  { objectID: 'cable', name: 'USB cable', brand: 'Zen', category: 'cable', color: 'white', price: 10 },
  { objectID: 'earbuds', name: 'Wireless earbuds', brand: 'Acme', category: 'audio', color: 'black', price: 150 },
  { objectID: 'speaker', name: 'Speaker', brand: 'Zen', category: 'audio', color: 'red', price: 90 },
];

/** Day 1 of the script, a Monday. */
export const START = Date.UTC(2024, 5, 3, 9);
export const DAY = 86_400_000;
/** The training the tests read: the daily one at 03:00 UTC on day 11 (after the last event). */
export const LAST_TRAINING = Date.UTC(2024, 5, 13, 3);

export interface Logged {
  readonly user: string;
  readonly kind: 'view' | 'click' | 'conversion';
  readonly objectIDs: readonly string[];
  readonly at: number;
}

/** search-insights as an application sets it up, sending to the emulator's insights host. */
export function insightsFor(emulator: { appId: string; adminApiKey: string }, userToken: string) {
  const insights = new AlgoliaAnalytics({ requestFn: getRequesterForNode() });
  insights.init({ appId: emulator.appId, apiKey: emulator.adminApiKey, userToken });
  return insights;
}

export async function openShop(server: SetupServer, options: EmulatorOptions = {}) {
  const emulator = createEmulator({ now: START, analyticsRefresh: 'immediate', ...options });
  server.use(...createHandlers(emulator));
  const client = algoliasearch(emulator.appId, emulator.adminApiKey);
  const insightsClient = client.initInsights({});
  const insights = insightsFor(emulator, 'anonymous');
  await client.setSettings({
    indexName: 'shop',
    indexSettings: {
      attributesForFaceting: ['brand', 'category'],
      searchableAttributes: ['name', 'brand', 'category'],
    },
  });
  await client.saveObjects({ indexName: 'shop', objects: PRODUCTS });
  emulator.configureRecommendModel({
    indexName: 'shop',
    model: 'looking-similar',
    attributes: ['category', 'brand', 'color'],
  });

  const log: Logged[] = [];
  const note = (user: string, kind: Logged['kind'], objectIDs: string[]) =>
    log.push({ user, kind, objectIDs, at: emulator.clock.now() });
  const at = (day: number, hour: number) => emulator.clock.set(START + (day - 1) * DAY + (hour - 9) * 3_600_000);

  /** A tracked search, a click on the first wanted hit, and a purchase of `bought` after it. */
  async function searchClickBuy(user: string, query: string, clicked: string, bought: string[]) {
    const result = await client.searchSingleIndex({
      indexName: 'shop',
      searchParams: { query, clickAnalytics: true, userToken: user },
    });
    const position = result.hits.findIndex((hit) => hit.objectID === clicked) + 1;
    insights.setUserToken(user);
    await insights.clickedObjectIDsAfterSearch({
      index: 'shop',
      eventName: 'Product Clicked',
      queryID: result.queryID!,
      objectIDs: [clicked],
      positions: [position],
    });
    note(user, 'click', [clicked]);
    if (bought.length === 0) return;
    await insights.purchasedObjectIDsAfterSearch({
      index: 'shop',
      eventName: 'Bought',
      queryID: result.queryID!,
      objectIDs: bought,
      objectData: bought.map(() => ({ price: 10, quantity: 1 })),
      currency: 'EUR',
    });
    note(user, 'conversion', bought);
  }
  async function buy(user: string, bought: string[]) {
    insights.setUserToken(user);
    await insights.purchasedObjectIDs({ index: 'shop', eventName: 'Bought', objectIDs: bought });
    note(user, 'conversion', bought);
  }
  async function view(user: string, objectID: string) {
    insights.setUserToken(user);
    await insights.viewedObjectIDs({ index: 'shop', eventName: 'Product Viewed', objectIDs: [objectID] });
    note(user, 'view', [objectID]);
  }
  async function addToCart(user: string, objectIDs: string[]) {
    await insightsClient.pushEvents({
      events: [
        {
          eventType: 'conversion',
          eventSubtype: 'addToCart',
          eventName: 'Added to cart',
          index: 'shop',
          userToken: user,
          objectIDs,
        },
      ],
    });
    note(user, 'conversion', objectIDs);
  }
  async function clickWithoutSearch(user: string, objectID: string) {
    await insightsClient.pushEvents({
      events: [
        { eventType: 'click', eventName: 'Product Clicked', index: 'shop', userToken: user, objectIDs: [objectID] },
      ],
    });
    note(user, 'click', [objectID]);
  }

  // The week before: days 1 to 3.
  await searchClickBuy('ann', 'phone', 'phone-x', ['phone-x', 'case-x']);
  await searchClickBuy('bob', 'phone', 'phone-y', ['phone-y', 'case-y']);
  at(2, 10);
  await buy('cy', ['speaker']);
  await view('cy', 'earbuds');
  at(3, 11);
  await searchClickBuy('dee', 'case', 'case-x', []);
  await addToCart('dee', ['case-x', 'charger']);
  // This week: days 8 to 10.
  at(8, 14);
  await buy('ann', ['charger', 'cable']);
  await searchClickBuy('eve', 'phone', 'phone-x', ['phone-x', 'case-x', 'charger']);
  at(9, 16);
  await buy('bob', ['speaker', 'earbuds']);
  await view('dee', 'phone-x');
  await clickWithoutSearch('dee', 'phone-y');
  at(10, 9);
  await buy('cy', ['case-x']);
  // Past the last daily training the tests read.
  at(11, 4);
  return { emulator, client, log };
}
