import type { Emulator } from '../../src';
import type { Api, Surface } from '../support/surfaces';

/**
 * The Composition API has no client on npm: over HTTP the tests call it as a generated client
 * would (path parameters in the path, `requestBody`-style bodies, the read host for searches),
 * through msw, with `fetch`.
 */
export function compositionHttpClient(appId: string, apiKey: string): Api {
  const send = async (method: string, path: string, body?: unknown, query: Record<string, unknown> = {}) => {
    const read = method === 'GET' || path.endsWith('/run') || path.includes('/facets/');
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const url = `https://${appId}${read ? '-dsn' : ''}.algolia.net${path}${search.size > 0 ? `?${search}` : ''}`;
    const res = await fetch(url, {
      method,
      headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': apiKey, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const json = text === '' ? undefined : JSON.parse(text);
    if (res.status >= 400)
      throw Object.assign(new Error(json?.message ?? `HTTP ${res.status}`), { status: res.status });
    return json;
  };
  const c = (id: string) => `/1/compositions/${encodeURIComponent(id)}`;
  return {
    search: ({ compositionID, requestBody }) => send('POST', `${c(compositionID)}/run`, requestBody),
    searchForFacetValues: ({ compositionID, facetName, searchForFacetValuesRequest }) =>
      send(
        'POST',
        `${c(compositionID)}/facets/${encodeURIComponent(facetName)}/query`,
        searchForFacetValuesRequest ?? {},
      ),
    listCompositions: (params = {}) => send('GET', '/1/compositions', undefined, params),
    getComposition: ({ compositionID }) => send('GET', c(compositionID)),
    putComposition: ({ compositionID, composition }) => send('PUT', c(compositionID), composition),
    deleteComposition: ({ compositionID }) => send('DELETE', c(compositionID)),
    multipleBatch: (params) => send('POST', '/1/compositions/*/batch', params),
    updateSortingStrategyComposition: ({ compositionID, requestBody }) =>
      send('POST', `${c(compositionID)}/sortingStrategy`, requestBody),
    getRule: ({ compositionID, objectID }) => send('GET', `${c(compositionID)}/rules/${encodeURIComponent(objectID)}`),
    putCompositionRule: ({ compositionID, objectID, compositionRule }) =>
      send('PUT', `${c(compositionID)}/rules/${encodeURIComponent(objectID)}`, compositionRule),
    deleteCompositionRule: ({ compositionID, objectID }) =>
      send('DELETE', `${c(compositionID)}/rules/${encodeURIComponent(objectID)}`),
    saveRules: ({ compositionID, rules }) => send('POST', `${c(compositionID)}/rules/batch`, rules),
    searchCompositionRules: ({ compositionID, searchCompositionRulesParams }) =>
      send('POST', `${c(compositionID)}/rules/search`, searchCompositionRulesParams ?? {}),
    getTask: ({ compositionID, taskID }) => send('GET', `${c(compositionID)}/task/${taskID}`),
  };
}

/** The Composition API of a surface: `emulator.initComposition()`, or HTTP over msw. */
export const compositionOf = (surface: Surface, emulator: Emulator): Api =>
  surface === 'direct'
    ? (emulator.initComposition() as unknown as Api)
    : compositionHttpClient(emulator.appId, emulator.adminApiKey);

/** Eight phones, `p0`..`p7`, half acme half bolt, the last two sponsored; ranked by `rank`, best last. */
export async function seedShop(emulator: Emulator): Promise<void> {
  await emulator.setSettings({
    indexName: 'products',
    indexSettings: {
      attributesForFaceting: ['searchable(brand)', 'sponsored'],
      customRanking: ['desc(rank)'],
      replicas: ['products_price_asc'],
    },
  });
  await emulator.setSettings({ indexName: 'products_price_asc', indexSettings: { customRanking: ['asc(rank)'] } });
  await emulator.saveObjects({
    indexName: 'products',
    objects: Array.from({ length: 8 }, (_, i) => ({
      objectID: `p${i}`,
      name: `phone ${i}`,
      brand: i % 2 ? 'acme' : 'bolt',
      sponsored: i >= 6,
      rank: i,
    })),
  });
}

/** A composition on `products` injecting the sponsored phones (2 from position 1). */
export const shop = (extra: Record<string, unknown> = {}) => ({
  objectID: 'shop',
  name: 'Shop',
  behavior: {
    injection: {
      main: { source: { search: { index: 'products' } } },
      injectedItems: [
        {
          key: 'ads',
          position: 1,
          length: 2,
          source: { search: { index: 'products', params: { filters: 'sponsored:true' } } },
          metadata: { hits: { addItemKey: true, extra: { ad: true } } },
        },
      ],
      ...extra,
    },
  },
});

export const ids = (hits: { objectID: string }[]) => hits.map((hit) => hit.objectID);
