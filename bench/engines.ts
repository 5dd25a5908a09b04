/** The engines of the bench, each built from the catalogue and answering queries. */
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import type { createEmulator } from '../src';
import { loadPackage } from './package';
import type { Product } from './catalogue';

/** A query of the scale kinds: words (none for an empty query), facets asked, a brand filter. */
export interface ScaleRequest {
  readonly query: string;
  /** `['*']` or attribute names. */
  readonly facets?: readonly string[];
  readonly brand?: string;
}

/** A built engine: its search, geo search where it has one, the scale kinds where built for them. */
export interface Built {
  search: (query: string) => unknown;
  geo?: (query: string, aroundLatLng: string) => unknown;
  request?: (request: ScaleRequest) => unknown;
}

/** Hits per query, for every engine. */
const LIMIT = 20;

/**
 * The emulator `create` makes (this checkout's `createEmulator`, or another checkout's in
 * bench/ab.ts), used through its direct calls as a test uses it; the build ends with a first
 * search (index ready).
 */
export async function buildEmulator(
  create: () => ReturnType<typeof createEmulator>,
  records: readonly Product[],
): Promise<Built> {
  const emulator = create();
  await emulator.setSettings({
    indexName: 'bench',
    indexSettings: {
      searchableAttributes: ['name', 'brand', 'category', 'unordered(description)'],
      customRanking: ['desc(popularity)'],
    },
  });
  for (let i = 0; i < records.length; i += 10_000) {
    await emulator.batch({
      indexName: 'bench',
      batchWriteParams: {
        requests: records.slice(i, i + 10_000).map((body) => ({ action: 'updateObject', body: { ...body } })),
      },
    });
  }
  await emulator.searchSingleIndex({ indexName: 'bench', searchParams: { query: 'warmup' } });
  return {
    search: (query) => emulator.searchSingleIndex({ indexName: 'bench', searchParams: { query } }),
    geo: (query, aroundLatLng) =>
      emulator.searchSingleIndex({
        indexName: 'bench',
        searchParams: { query, aroundLatLng, aroundRadius: 2_000_000 },
      }),
  };
}

/** The keyword kinds' engines (name, brand, category, description searchable). */
export const builders: Record<string, (records: readonly Product[]) => Promise<Built>> = {
  'search-emulator': async (records) => buildEmulator((await loadPackage()).createEmulator, records),
  // Document index, forward tokenizer = prefix search.
  flexsearch: async (records) => {
    const flex = new FlexSearch.Document({
      document: { id: 'objectID', index: ['name', 'brand', 'category', 'description'] },
      tokenize: 'forward',
      encoder: { dedupe: false, normalize: true },
    } as any);
    for (const r of records) flex.add(r as any);
    return { search: (query) => flex.search(query, { limit: LIMIT } as any) };
  },
  minisearch: async (records) => {
    const mini = new MiniSearch<Product>({
      fields: ['name', 'brand', 'category', 'description'],
      idField: 'objectID',
      searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'AND' },
    });
    mini.addAll(records as Product[]);
    return { search: (query) => mini.search(query).slice(0, LIMIT) };
  },
  orama: async (records) => {
    const orama = create({
      schema: {
        name: 'string',
        brand: 'string',
        category: 'string',
        description: 'string',
        popularity: 'number',
      } as const,
    });
    await insertMultiple(orama, records.map(({ _geoloc, objectID, ...r }) => ({ ...r, id: objectID })) as any, 5000);
    return { search: (query) => oramaSearch(orama, { term: query, tolerance: 1, limit: LIMIT }) };
  },
};

/**
 * The scale kinds' engines, on the same records: name and brand searchable, brand and
 * category faceted (exact values), popularity ranking an empty query. Each does what a user of
 * it would write for the request: the emulator a search with facets and filters; orama an
 * empty-term search with `facets`, `where` and `sortBy`; minisearch a wildcard (or word) search
 * with a filter callback, then its own sort and facet counts over the results.
 */
export const scaleBuilders: Record<string, (records: readonly Product[]) => Promise<Built>> = {
  'search-emulator': async (records) => {
    const emulator = (await loadPackage()).createEmulator();
    const indexName = 'products';
    await emulator.setSettings({
      indexName,
      indexSettings: {
        searchableAttributes: ['name', 'brand'],
        attributesForFaceting: ['brand', 'category'],
        customRanking: ['desc(popularity)'],
      },
    });
    // The client's helper, default batch size (1000).
    await emulator.saveObjects({ indexName, objects: records as unknown as Record<string, unknown>[] });
    await emulator.searchSingleIndex({ indexName, searchParams: { query: '' } });
    const search = (searchParams: Record<string, unknown>) => emulator.searchSingleIndex({ indexName, searchParams });
    return {
      search: (query) => search({ query }),
      request: ({ query, facets, brand }) =>
        search({
          query,
          ...(facets ? { facets } : {}),
          ...(brand !== undefined ? { filters: `brand:"${brand}"` } : {}),
        }),
    };
  },
  orama: async (records) => {
    const orama = create({
      schema: { name: 'string', brand: 'enum', category: 'enum', popularity: 'number' } as const,
    });
    await insertMultiple(
      orama,
      records.map(({ objectID, name, brand, category, popularity }) => ({
        id: objectID,
        name,
        brand,
        category,
        popularity,
      })) as any,
      5000,
    );
    return {
      search: (query) => oramaSearch(orama, { term: query, tolerance: 1, limit: LIMIT }),
      request: ({ query, facets, brand }) =>
        oramaSearch(orama, {
          term: query,
          // brand is an enum (exact values, for facets and where), which orama does not search as text.
          properties: ['name'],
          ...(query === '' ? { sortBy: { property: 'popularity', order: 'DESC' } } : { tolerance: 1 }),
          ...(facets ? { facets: { brand: {}, category: {} } } : {}),
          ...(brand !== undefined ? { where: { brand: { eq: brand } } } : {}),
          limit: LIMIT,
        } as any),
    };
  },
  minisearch: async (records) => {
    const mini = new MiniSearch<Product>({
      fields: ['name', 'brand'],
      idField: 'objectID',
      storeFields: ['brand', 'category', 'popularity'],
      searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'AND' },
    });
    mini.addAll(records as Product[]);
    return {
      search: (query) => mini.search(query).slice(0, LIMIT),
      request: ({ query, facets, brand }) => {
        const results = mini.search(
          query === '' ? MiniSearch.wildcard : query,
          brand !== undefined ? { filter: (result) => result.brand === brand } : {},
        );
        if (query === '') results.sort((a, b) => b.popularity - a.popularity);
        const counts: Record<string, Record<string, number>> = {};
        if (facets) {
          for (const attribute of ['brand', 'category']) {
            const values: Record<string, number> = (counts[attribute] = {});
            for (const result of results) values[result[attribute]] = (values[result[attribute]] ?? 0) + 1;
          }
        }
        return { hits: results.slice(0, LIMIT), nbHits: results.length, facets: counts };
      },
    };
  },
};
