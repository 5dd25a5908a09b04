import { describe, expect, it } from 'vitest';
import { indexWith } from './helpers';

const book = {
  objectID: 'b1',
  title: 'The Lord of the Rings',
  author: { name: 'J. R. R. Tolkien', born: 1892 },
  tags: ['fantasy', 'rings', 'classic'],
  pages: 1178,
  body: 'One ring to rule them all, one ring to find them, one ring to bring them all and in the darkness bind them.',
};
const settings = { searchableAttributes: ['title', 'author.name', 'tags', 'pages', 'body'] };

describe('_highlightResult', () => {
  it('mirrors the record: nested objects, arrays, numbers as strings', async () => {
    const { search } = await indexWith([book], settings);
    const hit = (await search({ query: 'rings tolkien' })).hits[0];
    expect(hit._highlightResult).toEqual({
      title: {
        value: 'The Lord of the <em>Rings</em>',
        matchLevel: 'partial',
        fullyHighlighted: false,
        matchedWords: ['rings'],
      },
      author: {
        name: {
          value: 'J. R. R. <em>Tolkien</em>',
          matchLevel: 'partial',
          fullyHighlighted: false,
          matchedWords: ['tolkien'],
        },
      },
      tags: [
        { value: 'fantasy', matchLevel: 'none', matchedWords: [] },
        { value: '<em>rings</em>', matchLevel: 'partial', fullyHighlighted: true, matchedWords: ['rings'] },
        { value: 'classic', matchLevel: 'none', matchedWords: [] },
      ],
      pages: { value: '1178', matchLevel: 'none', matchedWords: [] },
      // "rings" (5 letters) also matches "ring" with one typo.
      body: expect.objectContaining({ matchLevel: 'partial', matchedWords: ['rings'] }),
    });
  });

  it('highlights only the typed part of a prefix match, whole words for typos', async () => {
    const { search } = await indexWith([book], settings);
    const prefix = (await search({ query: 'lor', attributesToHighlight: ['title'] })).hits[0];
    expect(prefix._highlightResult.title).toEqual({
      value: 'The <em>Lor</em>d of the Rings',
      matchLevel: 'full',
      fullyHighlighted: false,
      matchedWords: ['lor'],
    });
    const typo = (await search({ query: 'lrod', queryType: 'prefixNone', attributesToHighlight: ['title'] })).hits[0];
    expect(typo._highlightResult.title.value).toBe('The <em>Lord</em> of the Rings');
  });

  it('uses custom tags, full match level and fullyHighlighted', async () => {
    const { search } = await indexWith([book], settings);
    const hit = (
      await search({
        query: 'the lord of the rings',
        highlightPreTag: '[',
        highlightPostTag: ']',
        attributesToHighlight: ['title'],
      })
    ).hits[0];
    expect(hit._highlightResult).toEqual({
      title: {
        value: '[The] [Lord] [of] [the] [Rings]',
        matchLevel: 'full',
        fullyHighlighted: true,
        matchedWords: ['the', 'lord', 'of', 'rings'],
      },
    });
  });

  it('restrictHighlightAndSnippetArrays keeps only matching items', async () => {
    const { search } = await indexWith([book], settings);
    const hit = (
      await search({ query: 'rings', restrictHighlightAndSnippetArrays: true, attributesToHighlight: ['tags'] })
    ).hits[0];
    expect(hit._highlightResult.tags).toEqual([
      { value: '<em>rings</em>', matchLevel: 'full', fullyHighlighted: true, matchedWords: ['rings'] },
    ]);
  });

  it('attributesToHighlight [] turns it off; "*" highlights every attribute', async () => {
    const { search } = await indexWith([book], settings);
    expect((await search({ query: 'rings', attributesToHighlight: [] })).hits[0]).not.toHaveProperty(
      '_highlightResult',
    );
    const all = (await search({ query: 'rings', attributesToHighlight: ['*'] })).hits[0];
    expect(Object.keys(all._highlightResult).sort()).toEqual(['author', 'body', 'pages', 'tags', 'title']);
    expect(all._highlightResult.author.born).toEqual({ value: '1892', matchLevel: 'none', matchedWords: [] });
  });
});

describe('_snippetResult', () => {
  it('cuts N words around the first match with the ellipsis', async () => {
    const { search } = await indexWith([book], settings);
    const hit = (await search({ query: 'darkness', attributesToSnippet: ['body:5', 'title'] })).hits[0];
    expect(hit._snippetResult).toEqual({
      body: { value: '… in the <em>darkness</em> bind them.', matchLevel: 'full' },
      title: { value: 'The Lord of the Rings', matchLevel: 'none' },
    });
  });

  it('defaults to 10 words from the start without a match, and a custom ellipsis', async () => {
    const { search } = await indexWith([book], settings);
    const hit = (await search({ query: 'tolkien', attributesToSnippet: ['body'], snippetEllipsisText: '...' })).hits[0];
    expect(hit._snippetResult.body).toEqual({
      value: 'One ring to rule them all, one ring to find...',
      matchLevel: 'none',
    });
  });

  it('snippets arrays and nested attributes with the record shape', async () => {
    const { search } = await indexWith([book], settings);
    const hit = (await search({ query: 'fantasy', attributesToSnippet: ['tags:1', 'author.name:2'] })).hits[0];
    expect(hit._snippetResult).toEqual({
      tags: [
        { value: '<em>fantasy</em>', matchLevel: 'full' },
        { value: 'rings', matchLevel: 'none' },
        { value: 'classic', matchLevel: 'none' },
      ],
      author: { name: { value: 'J. R…', matchLevel: 'none' } },
    });
  });
});
