import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

/** The editors of CTS "search filters end to end", and the numbers of algoliasearch-helper's numerics spec. */
async function seeded(surface: (typeof SURFACES)[number]) {
  const { api, emulator } = open(surface);
  await emulator.saveObjects({
    indexName: 'editors',
    objects: [
      { objectID: 'a', editor: 'visual studio' },
      { objectID: 'b', editor: 'neovim' },
      { objectID: 'c', editor: 'goland' },
      { objectID: 'd', editor: 'vscode' },
    ],
  });
  await emulator.setSettings({
    indexName: 'editors',
    indexSettings: { attributesForFaceting: ['searchable(editor)'] },
  });
  await emulator.saveObjects({
    indexName: 'numbers',
    objects: [
      { objectID: '0', n: [6] },
      { objectID: '1', n: [6, 10] },
      { objectID: '2', n: [5, 45] },
      { objectID: '3', n: 12 },
    ],
  });
  return api;
}

const ids = (result: { hits: { objectID: string }[] }) => result.hits.map((h) => h.objectID).sort();

describe.each(SURFACES)('array-form filters through %s calls', (surface) => {
  it('facetFilters nested three levels deep answer 200: the deeper arrays join their OR group', async () => {
    const api = await seeded(surface);
    const { results } = await api.search({
      requests: [
        { indexName: 'editors', facetFilters: ["editor:'visual studio'", ['editor:neovim', ['editor:goland']]] },
        { indexName: 'editors', facetFilters: [['editor:neovim', ['editor:goland', ['editor:vscode']]]] },
        { indexName: 'editors', facetFilters: JSON.stringify([['editor:neovim', ['editor:goland']]]) },
      ],
    });
    // Single quotes are part of a facetFilters value: nothing is called 'visual studio' with them.
    expect(results[0].nbHits).toBe(0);
    expect(ids(results[1])).toEqual(['b', 'c', 'd']);
    expect(ids(results[2])).toEqual(['b', 'c']);
  });

  it('numericFilters read a range with a lowercase `to`, as algoliasearch-helper sends it', async () => {
    const api = await seeded(surface);
    const { results } = await api.search({
      requests: [
        { indexName: 'numbers', numericFilters: 'n:11 to 46' },
        { indexName: 'numbers', numericFilters: ['n:5 To 5'] },
        { indexName: 'numbers', params: 'numericFilters=n%3A11%20to%2046' },
      ],
    });
    expect(ids(results[0])).toEqual(['2', '3']);
    expect(ids(results[1])).toEqual(['2']);
    expect(ids(results[2])).toEqual(['2', '3']);
  });

  it("a single-quoted list in a params string (facetFilters=['bar']) is neither JSON nor a legacy list: 400 naming it", async () => {
    const api = await seeded(surface);
    const message = expect.stringContaining("facetFilters: invalid JSON array ['editor:neovim']");
    await expect(
      api.searchSingleIndex({ indexName: 'editors', searchParams: { params: "facetFilters=['editor:neovim']" } }),
    ).rejects.toMatchObject({ status: 400, message });
    await expect(
      api.searchForFacetValues({
        indexName: 'editors',
        facetName: 'editor',
        searchForFacetValuesRequest: { params: "query=foo&facetFilters=['editor:neovim']", facetQuery: 'n' },
      }),
    ).rejects.toMatchObject({ status: 400, message });
  });

  it('`filters` keeps TO a keyword in capitals only', async () => {
    const api = await seeded(surface);
    await expect(
      api.searchSingleIndex({ indexName: 'numbers', searchParams: { filters: 'n:11 to 46' } }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
