import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { hasTable, loadedLanguages } from '../../src/emulator/search/dictionaries/languages';

// Each test file gets fresh modules: no language table is loaded when this file starts.
describe('language tables load per language, on first use', () => {
  const products = [
    { objectID: '1', name: 'les chevaux' },
    { objectID: '2', name: 'the horses' },
  ];

  it('a search loads the tables of the languages it uses, and only those', async () => {
    expect(loadedLanguages()).toEqual({ plurals: [], stopwords: [] });
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'i', objects: products });
    await emulator.searchSingleIndex({ indexName: 'i', searchParams: { query: 'horses' } });
    expect(loadedLanguages()).toEqual({ plurals: [], stopwords: [] });

    const { hits } = await emulator.searchSingleIndex({
      indexName: 'i',
      searchParams: { query: 'cheval', ignorePlurals: ['fr'], removeStopWords: ['fr'] },
    });
    expect(hits.map((hit) => hit.objectID)).toEqual(['1']);
    expect(loadedLanguages()).toEqual({ plurals: ['fr'], stopwords: ['fr'] });
  });

  it('the first use of a language answers, and draws IDs, as a later one', async () => {
    const run = async () => {
      const emulator = createEmulator({ seed: 3 });
      await emulator.saveObjects({ indexName: 'i', objects: products });
      // The first query draws a query ID before the second needs the German plurals.
      return emulator.search({
        requests: [
          { indexName: 'i', query: 'horse', clickAnalytics: true },
          { indexName: 'i', query: 'pferde', ignorePlurals: ['de'], clickAnalytics: true },
        ],
      });
    };
    expect(loadedLanguages().plurals).not.toContain('de');
    const first = await run();
    expect(loadedLanguages().plurals).toContain('de');
    expect(await run()).toEqual(first);
  });

  it('ignorePlurals: true loads every language with plurals in one go', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'i', objects: products });
    const { hits } = await emulator.searchSingleIndex({
      indexName: 'i',
      searchParams: { query: 'horse', ignorePlurals: true },
    });
    expect(hits.map((hit) => hit.objectID)).toEqual(['2']);
    expect(loadedLanguages().plurals).toEqual(['de', 'en', 'es', 'fr']);
  });

  it('knows which languages have tables without loading them', () => {
    expect(hasTable('stopwords', 'ja')).toBe(true);
    expect(hasTable('plurals', 'ja')).toBe(false);
  });
});
