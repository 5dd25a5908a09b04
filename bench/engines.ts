/** The four engines of the bench, each built from the catalogue and answering a query string. */
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import type { createEmulator } from '../src';
import { loadPackage } from './package';
import type { Product } from './catalogue';

/** A built engine: its search, and geo search where it has one. */
export interface Built {
  search: (query: string) => unknown;
  geo?: (query: string, aroundLatLng: string) => unknown;
}

/**
 * The emulator `create` makes (this checkout's `createEmulator`, or another checkout's in
 * bench/ab.ts), used through its direct calls as a test uses it; the build ends with a first
 * search (index ready).
 */
export async function buildEmulator(create: () => ReturnType<typeof createEmulator>, records: readonly Product[]): Promise<Built> {
  const emulator = create();
  await emulator.setSettings({ indexName: 'bench', indexSettings: { searchableAttributes: ['name', 'brand', 'category', 'unordered(description)'], customRanking: ['desc(popularity)'] } });
  for (let i = 0; i < records.length; i += 10_000) {
    await emulator.batch({ indexName: 'bench', batchWriteParams: { requests: records.slice(i, i + 10_000).map((body) => ({ action: 'updateObject', body: { ...body } })) } });
  }
  await emulator.searchSingleIndex({ indexName: 'bench', searchParams: { query: 'warmup' } });
  return {
    search: (query) => emulator.searchSingleIndex({ indexName: 'bench', searchParams: { query } }),
    geo: (query, aroundLatLng) => emulator.searchSingleIndex({ indexName: 'bench', searchParams: { query, aroundLatLng, aroundRadius: 2_000_000 } }),
  };
}

export const builders: Record<string, (records: readonly Product[]) => Promise<Built>> = {
  'search-emulator': async (records) => buildEmulator((await loadPackage()).createEmulator, records),
  // Document index, forward tokenizer = prefix search.
  flexsearch: async (records) => {
    const flex = new FlexSearch.Document({ document: { id: 'objectID', index: ['name', 'brand', 'category', 'description'] }, tokenize: 'forward', encoder: { dedupe: false, normalize: true } } as any);
    for (const r of records) flex.add(r as any);
    return { search: (query) => flex.search(query, { limit: 20 } as any) };
  },
  minisearch: async (records) => {
    const mini = new MiniSearch<Product>({ fields: ['name', 'brand', 'category', 'description'], idField: 'objectID', searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'AND' } });
    mini.addAll(records as Product[]);
    return { search: (query) => mini.search(query).slice(0, 20) };
  },
  orama: async (records) => {
    const orama = create({ schema: { name: 'string', brand: 'string', category: 'string', description: 'string', popularity: 'number' } as const });
    await insertMultiple(orama, records.map(({ _geoloc, objectID, ...r }) => ({ ...r, id: objectID })) as any, 5000);
    return { search: (query) => oramaSearch(orama, { term: query, tolerance: 1, limit: 20 }) };
  },
};
