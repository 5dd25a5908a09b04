import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

/**
 * The CTS case "search filters end to end" of api-clients-automation, recorded from the
 * service: the index holds one record per editor, and each result echoes its parameters
 * form-encoded (spaces as `+`, quotes as `%27`, lists as JSON).
 */
const RECORDED = [
  {
    request: { filters: "editor:'visual studio' OR editor:neovim" },
    nbHits: 2,
    params: 'filters=editor%3A%27visual+studio%27+OR+editor%3Aneovim',
  },
  {
    request: { facetFilters: ["editor:'visual studio'", 'editor:neovim'] },
    nbHits: 0,
    params: 'facetFilters=%5B%22editor%3A%27visual+studio%27%22%2C%22editor%3Aneovim%22%5D',
  },
  {
    request: { facetFilters: ["editor:'visual studio'", ['editor:neovim']] },
    nbHits: 0,
    params: 'facetFilters=%5B%22editor%3A%27visual+studio%27%22%2C%5B%22editor%3Aneovim%22%5D%5D',
  },
  {
    request: { facetFilters: ["editor:'visual studio'", ['editor:neovim', ['editor:goland']]] },
    nbHits: 0,
    params:
      'facetFilters=%5B%22editor%3A%27visual+studio%27%22%2C%5B%22editor%3Aneovim%22%2C%5B%22editor%3Agoland%22%5D%5D%5D',
  },
];

describe.each(SURFACES)('the params echo (%s)', (surface) => {
  it('is form-encoded as the recorded answers are', async () => {
    const { api, emulator } = open(surface);
    const indexName = 'cts_e2e_search_facet';
    await emulator.setSettings({ indexName, indexSettings: { attributesForFaceting: ['editor'] } });
    await emulator.saveObjects({
      indexName,
      objects: ['goland', 'neovim', 'visual studio', 'vscode'].map((editor, i) => ({ objectID: `${i}`, editor })),
    });
    const { results } = await api.search({ requests: RECORDED.map(({ request }) => ({ indexName, ...request })) });
    expect(results.map(({ nbHits, params }: { nbHits: number; params: string }) => ({ nbHits, params }))).toEqual(
      RECORDED.map(({ nbHits, params }) => ({ nbHits, params })),
    );
    // The recording's first result holds the two editors its filters name.
    expect(results[0].hits.map((hit: { editor: string }) => hit.editor).sort()).toEqual(['neovim', 'visual studio']);
  });

  it('decodes back to what was sent, whatever the characters', async () => {
    const { api, emulator } = open(surface);
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: '1', name: 'a' }] });
    const query = "l'été + 100% (*~!) & co";
    const result = await api.searchSingleIndex({ indexName: 'products', searchParams: { query, hitsPerPage: 3 } });
    expect(result.params).toBe('query=l%27%C3%A9t%C3%A9+%2B+100%25+%28*%7E%21%29+%26+co&hitsPerPage=3');
    expect(Object.fromEntries(new URLSearchParams(result.params))).toEqual({ query, hitsPerPage: '3' });
  });
});
