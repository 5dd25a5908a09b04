import type { SearchClient, SearchResponse } from '@algolia/client-search';
import type { InsightsClient } from '@algolia/client-insights';
import { describe, expectTypeOf, it } from 'vitest';
import { createEmulator } from '../../src';

const emulator = createEmulator();
type Product = { name: string; price: number };

describe('direct calls are typed as the official v5 client', () => {
  it('has the client signature for each operation, generics included', () => {
    expectTypeOf(emulator.searchSingleIndex).toEqualTypeOf<SearchClient['searchSingleIndex']>();
    expectTypeOf(emulator.saveObject).toEqualTypeOf<SearchClient['saveObject']>();
    expectTypeOf(emulator.pushEvents).toEqualTypeOf<InsightsClient['pushEvents']>();
    expectTypeOf(emulator.searchSingleIndex<Product>({ indexName: 'p' })).resolves.toEqualTypeOf<
      SearchResponse<Product>
    >();
    expectTypeOf(emulator.searchSingleIndex<Product>({ indexName: 'p' }))
      .resolves.toHaveProperty('hits')
      .items.toHaveProperty('price')
      .toEqualTypeOf<number>();
  });

  it('types the helpers as the client does', () => {
    expectTypeOf(emulator.saveObjects).toEqualTypeOf<SearchClient['saveObjects']>();
    expectTypeOf(emulator.waitForTask).toEqualTypeOf<SearchClient['waitForTask']>();
    expectTypeOf(emulator.browseObjects<Product>)
      .returns.resolves.toHaveProperty('hits')
      .items.toHaveProperty('name')
      .toEqualTypeOf<string>();
  });

  it("gives each API's calls apart, as the client's init<Api>() does", () => {
    expectTypeOf(emulator.initInsights().pushEvents).toEqualTypeOf<InsightsClient['pushEvents']>();
    expectTypeOf(emulator.as({ apiKey: 'k' }).initInsights().pushEvents).toEqualTypeOf<InsightsClient['pushEvents']>();
    // @ts-expect-error: the insights API has no such operation
    void emulator.initInsights().searchSingleIndex;
  });

  it('types calls made with another key', () => {
    expectTypeOf(emulator.as({ apiKey: 'k' }).listIndices).toEqualTypeOf<SearchClient['listIndices']>();
  });

  it('refuses a misspelled operation', () => {
    // @ts-expect-error: no such operation
    void emulator.saveObjectt;
    // @ts-expect-error: no such operation with another key either
    void emulator.as({ apiKey: 'k' }).serchSingleIndex;
    // @ts-expect-error: no such member
    void emulator.clok;
  });

  it('refuses a misspelled or mistyped option', () => {
    // @ts-expect-error: `indexNme` is not a parameter of saveObject
    void emulator.saveObject({ indexNme: 'p', body: {} });
    // @ts-expect-error: `hitsPerPag` is not a search parameter
    void emulator.searchSingleIndex({ indexName: 'p', searchParams: { hitsPerPag: 5 } });
    // @ts-expect-error: `batchSize` is a number
    void emulator.saveObjects({ indexName: 'p', objects: [], batchSize: '10' });
  });
});
