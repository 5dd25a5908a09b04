import { describe, expect, it } from 'vitest';
import { ids, indexWith } from './helpers';

const many = Array.from({ length: 45 }, (_, i) => ({
  objectID: `r${i}`,
  name: 'item',
  rank: i,
  group: `g${Math.floor(i / 3)}`,
}));
/** Equally relevant records come back by objectID, descending (as strings: r9, r8, ..., r44, r43, ...). */
const tied = many
  .map((r) => r.objectID)
  .sort()
  .reverse();

describe('pagination', () => {
  it('pages with page / hitsPerPage and reports nbPages', async () => {
    const { search } = await indexWith(many);
    const body = await search({ query: 'item', page: 2, hitsPerPage: 10 });
    expect(body).toMatchObject({ nbHits: 45, page: 2, nbPages: 5, hitsPerPage: 10 });
    expect(ids(body)).toEqual(tied.slice(20, 30));
    expect((await search({ query: 'item', page: 9, hitsPerPage: 10 })).hits).toEqual([]);
  });

  it('uses offset / length over page', async () => {
    const { search } = await indexWith(many);
    const body = await search({ query: 'item', offset: 5, length: 3 });
    expect(ids(body)).toEqual(tied.slice(5, 8));
    expect(body).toMatchObject({ offset: 5, length: 3, nbHits: 45 });
  });

  it('stops at paginationLimitedTo', async () => {
    const { search } = await indexWith(many, { paginationLimitedTo: 25 });
    const body = await search({ query: 'item', page: 2, hitsPerPage: 10 });
    expect(body).toMatchObject({ nbHits: 45, nbPages: 3 });
    expect(ids(body)).toEqual(tied.slice(20, 25));
  });

  it('stops offset / length at paginationLimitedTo too', async () => {
    const { search } = await indexWith(many, { paginationLimitedTo: 25 });
    // The window crosses the limit: it ends there.
    const crossing = await search({ query: 'item', offset: 20, length: 10 });
    expect(ids(crossing)).toEqual(tied.slice(20, 25));
    expect(crossing).toMatchObject({ nbHits: 45, offset: 20, length: 10 });
    // Past the limit: nothing, whatever the records beyond it.
    expect((await search({ query: 'item', offset: 25, length: 5 })).hits).toEqual([]);
    expect((await search({ query: 'item', offset: 30, length: 5 })).hits).toEqual([]);
    // The same through page/hitsPerPage, and with a filter (another path to the records).
    expect((await search({ query: 'item', page: 3, hitsPerPage: 10 })).hits).toEqual([]);
    expect(ids(await search({ query: '', filters: 'rank >= 0', offset: 22, length: 10 }))).toHaveLength(3);
  });

  it('rejects hitsPerPage outside 0..1000 and ill-typed values, naming the parameter', async () => {
    const { search } = await indexWith(many);
    await expect(search({ hitsPerPage: 1001 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('hitsPerPage'),
    });
    await expect(search({ page: 'two' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('page'),
    });
    await expect(search({ hitsPerPage: 0 })).resolves.toMatchObject({ hits: [], nbHits: 45, nbPages: 0 });
  });
});

describe('distinct', () => {
  it('distinct true keeps the best record of each group; nbHits counts groups', async () => {
    const { search } = await indexWith(many, { attributeForDistinct: 'group', customRanking: ['desc(rank)'] });
    const body = await search({ query: 'item', distinct: true, hitsPerPage: 4 });
    expect(ids(body)).toEqual(['r44', 'r41', 'r38', 'r35']);
    expect(body).toMatchObject({ nbHits: 15, nbPages: 4 });
  });

  it('distinct N keeps N per group and pages over groups', async () => {
    const { search } = await indexWith(many, {
      attributeForDistinct: 'group',
      distinct: 2,
      customRanking: ['desc(rank)'],
    });
    const body = await search({ query: 'item', hitsPerPage: 2 });
    expect(ids(body)).toEqual(['r44', 'r43', 'r41', 'r40']);
    expect(body.hits.map((h) => h._distinctSeqID)).toEqual([0, 0, 1, 1]);
    expect(body).toMatchObject({ nbHits: 15, nbPages: 8, hitsPerPage: 2 });
  });

  it('is ignored without attributeForDistinct; records without the attribute stand alone', async () => {
    const { search } = await indexWith([...many.slice(0, 3), { objectID: 'lone', name: 'item' }], {
      attributeForDistinct: 'group',
    });
    expect(ids(await search({ query: 'item', distinct: 1 }))).toEqual(['r2', 'lone']);
    // Several records without it (or with null) are not one group: each is shown.
    const lonely = await indexWith(
      [
        ...many.slice(0, 3),
        { objectID: 'lone1', name: 'item' },
        { objectID: 'lone2', name: 'item' },
        { objectID: 'none1', name: 'item', group: null },
        { objectID: 'none2', name: 'item', group: null },
      ],
      { attributeForDistinct: 'group' },
    );
    const shown = await lonely.search({ query: 'item', distinct: 1 });
    expect(ids(shown).sort()).toEqual(['lone1', 'lone2', 'none1', 'none2', 'r2']);
    expect(shown.nbHits).toBe(5);
    const plain = await indexWith(many.slice(0, 3));
    expect((await plain.search({ query: 'item', distinct: 1 })).nbHits).toBe(3);
  });
});
