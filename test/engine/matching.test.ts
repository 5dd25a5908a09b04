import { describe, expect, it } from 'vitest';
import { ids, indexWith } from './helpers';

const words = [
  { objectID: 'phone', title: 'phone' },
  { objectID: 'phonetic', title: 'phonetic alphabet' },
  { objectID: 'iphone', title: 'iphone' },
  { objectID: 'phones-case', title: 'phones case' },
];

describe('prefix rules', () => {
  it('prefixLast: only the last word is a prefix', async () => {
    const { search } = await indexWith(words);
    expect(ids(await search({ query: 'phon', typoTolerance: false }))).toEqual(['phonetic', 'phones-case', 'phone']);
    expect(ids(await search({ query: 'pho cas', typoTolerance: false }))).toEqual([]);
    expect(ids(await search({ query: 'phones cas', typoTolerance: false }))).toEqual(['phones-case']);
  });

  it('prefixAll: every word is a prefix', async () => {
    const { search } = await indexWith(words);
    expect(ids(await search({ query: 'pho cas', queryType: 'prefixAll', typoTolerance: false }))).toEqual([
      'phones-case',
    ]);
  });

  it('prefixNone: whole words only', async () => {
    const { search } = await indexWith(words);
    expect(ids(await search({ query: 'phon', queryType: 'prefixNone', typoTolerance: false }))).toEqual([]);
    expect(ids(await search({ query: 'phone', queryType: 'prefixNone', typoTolerance: false }))).toEqual(['phone']);
  });

  it('disablePrefixOnAttributes keeps whole-word matches only in those attributes', async () => {
    const { search } = await indexWith(
      [
        { objectID: 'a', sku: 'phonetic' },
        { objectID: 'b', title: 'phonetic' },
      ],
      { disablePrefixOnAttributes: ['sku'], searchableAttributes: ['title', 'sku'] },
    );
    expect(ids(await search({ query: 'phon', typoTolerance: false }))).toEqual(['b']);
    expect(ids(await search({ query: 'phonetic' }))).toEqual(['b', 'a']);
  });
});

const typoRecords = [
  { objectID: 'hello', text: 'hello' },
  { objectID: 'hallo', text: 'hallo' },
  { objectID: 'world', text: 'world' },
  { objectID: 'restaurant', text: 'restaurant' },
  { objectID: 'algolia', text: 'algolia' },
  { objectID: 'year', text: '2024' },
];

describe('typo tolerance', () => {
  const typosOf = async (
    query: string,
    extra: Record<string, unknown> = {},
    settings: Record<string, unknown> = {},
  ) => {
    const { search } = await indexWith(typoRecords, settings);
    const body = await search({ query, queryType: 'prefixNone', getRankingInfo: true, ...extra });
    return Object.fromEntries(body.hits.map((hit) => [hit.objectID, hit._rankingInfo!.nbTypos]));
  };

  it('counts one typo for a missing, extra or substituted letter', async () => {
    expect(await typosOf('wrld')).toEqual({ world: 1 });
    expect(await typosOf('worlds')).toEqual({ world: 1 });
    expect(await typosOf('helo')).toEqual({ hello: 1 });
    expect(await typosOf('hxllo')).toEqual({ hello: 1, hallo: 1 });
  });

  it('counts a transposition as one typo', async () => {
    expect(await typosOf('wrold')).toEqual({ world: 1 });
    expect(await typosOf('restuarant')).toEqual({ restaurant: 1 });
    expect(await typosOf('rseatuarnt')).toEqual({});
  });

  it('counts a wrong first letter as two typos', async () => {
    expect(await typosOf('jello')).toEqual({ hello: 2 });
    expect(await typosOf('yallo')).toEqual({ hallo: 2 });
  });

  it('allows 1 typo from 4 letters and 2 from 8 letters by default', async () => {
    expect(await typosOf('wor')).toEqual({});
    expect(await typosOf('algolai')).toEqual({ algolia: 1 });
    expect(await typosOf('algloai')).toEqual({});
    expect(await typosOf('retsuarant')).toEqual({ restaurant: 2 });
  });

  it('follows minWordSizefor1Typo and minWordSizefor2Typos', async () => {
    expect(await typosOf('wrold', { minWordSizefor1Typo: 6 })).toEqual({});
    expect(await typosOf('algloai', { minWordSizefor2Typos: 7 })).toEqual({ algolia: 2 });
    expect(await typosOf('wrold', {}, { minWordSizefor1Typo: 6 })).toEqual({});
  });

  it('typoTolerance false (or "false") allows none', async () => {
    expect(await typosOf('helo', { typoTolerance: false })).toEqual({});
    expect(await typosOf('helo', { typoTolerance: 'false' })).toEqual({});
    expect(await typosOf('helo', {}, { typoTolerance: 'false' })).toEqual({});
  });

  it('min keeps the fewest typos, strict the two fewest', async () => {
    expect(await typosOf('hello', { typoTolerance: 'min' })).toEqual({ hello: 0 });
    expect(await typosOf('hello', { typoTolerance: 'strict' })).toEqual({ hello: 0, hallo: 1 });
    expect(await typosOf('hxllo', { typoTolerance: 'min' })).toEqual({ hello: 1, hallo: 1 });
  });

  it('allowTyposOnNumericTokens false matches numbers exactly', async () => {
    expect(await typosOf('2025')).toEqual({ year: 1 });
    expect(await typosOf('2025', { allowTyposOnNumericTokens: false })).toEqual({});
  });

  it('disableTypoToleranceOnWords and disableTypoToleranceOnAttributes', async () => {
    expect(await typosOf('hallo', {}, { disableTypoToleranceOnWords: ['hallo'] })).toEqual({ hallo: 0 });
    const { search } = await indexWith(
      [
        { objectID: 'a', title: 'hello' },
        { objectID: 'b', body: 'hello' },
      ],
      { searchableAttributes: ['title', 'body'], disableTypoToleranceOnAttributes: ['title'] },
    );
    expect(ids(await search({ query: 'helo' }))).toEqual(['b']);
    expect(ids(await search({ query: 'hello' }))).toEqual(['a', 'b']);
  });

  it('splits a query word and joins consecutive ones', async () => {
    const { search } = await indexWith([
      { objectID: 'kj', name: 'Katherine Johnson' },
      { objectID: 'ice', name: 'icecream shop' },
    ]);
    expect(ids(await search({ query: 'katherinejohnson' }))).toEqual(['kj']);
    expect(ids(await search({ query: 'ice cream' }))).toEqual(['ice']);
    expect(ids(await search({ query: 'katherinejohnson', typoTolerance: false }))).toEqual([]);
  });
});

describe('required and optional words', () => {
  const records = [
    { objectID: 'both', text: 'hello world' },
    { objectID: 'hello', text: 'hello there' },
    { objectID: 'world', text: 'world peace' },
  ];

  it('requires every query word by default', async () => {
    const { search } = await indexWith(records);
    expect(ids(await search({ query: 'hello world' }))).toEqual(['both']);
  });

  it('optionalWords lets records miss those words, ranking full matches first', async () => {
    const { search } = await indexWith(records);
    const body = await search({ query: 'hello world', optionalWords: ['world'], getRankingInfo: true });
    expect(ids(body)).toEqual(['both', 'hello']);
    expect(body.hits.map((h) => h._rankingInfo!.words)).toEqual([2, 1]);
  });

  it('removeWordsIfNoResults removes words until something matches', async () => {
    const { search } = await indexWith(records);
    const last = await search({ query: 'hello zzzz', removeWordsIfNoResults: 'lastWords', typoTolerance: false });
    expect(ids(last)).toEqual(['hello', 'both']);
    expect(last.queryAfterRemoval).toBe('hello <em>zzzz</em>');
    const first = await search({ query: 'zzzz world', removeWordsIfNoResults: 'firstWords', typoTolerance: false });
    expect(ids(first)).toEqual(['world', 'both']);
    const all = await search({
      query: 'zzzz peace there',
      removeWordsIfNoResults: 'allOptional',
      typoTolerance: false,
    });
    expect(ids(all).sort()).toEqual(['hello', 'world']);
    const none = await search({ query: 'hello zzzz', typoTolerance: false });
    expect(none.nbHits).toBe(0);
    expect(none).not.toHaveProperty('queryAfterRemoval');
  });

  it('advancedSyntax: exact phrases and excluded words', async () => {
    const { search } = await indexWith([
      { objectID: 'a', text: 'new york city' },
      { objectID: 'b', text: 'york is new' },
    ]);
    expect(ids(await search({ query: '"new york"', advancedSyntax: true }))).toEqual(['a']);
    expect(ids(await search({ query: '"new york"' })).sort()).toEqual(['a', 'b']);
    expect(ids(await search({ query: 'new -city', advancedSyntax: true }))).toEqual(['b']);
    expect(
      ids(await search({ query: 'new -city', advancedSyntax: true, advancedSyntaxFeatures: ['exactPhrase'] })),
    ).toEqual(['a']);
  });
});

describe('normalization', () => {
  it('ignores case and diacritics', async () => {
    const { search } = await indexWith([{ objectID: 'c', name: 'Crème Brûlée' }]);
    expect(ids(await search({ query: 'CREME brulee', typoTolerance: false }))).toEqual(['c']);
  });

  it('keepDiacriticsOnCharacters keeps the listed characters distinct', async () => {
    const { search } = await indexWith([{ objectID: 'c', name: 'café' }], { keepDiacriticsOnCharacters: 'é' });
    expect(ids(await search({ query: 'cafe', typoTolerance: false, queryType: 'prefixNone' }))).toEqual([]);
    expect(ids(await search({ query: 'CAFÉ', typoTolerance: false, queryType: 'prefixNone' }))).toEqual(['c']);
  });

  it('customNormalization replaces characters', async () => {
    const { search } = await indexWith([{ objectID: 'b', name: 'Bär' }], {
      customNormalization: { default: { ä: 'ae' } },
    });
    expect(ids(await search({ query: 'baer', typoTolerance: false }))).toEqual(['b']);
  });

  it('customNormalization folds both cases of the character a key names, so case still does not matter', async () => {
    const records = [
      { objectID: 'lower', name: 'bär' },
      { objectID: 'upper', name: 'BÄR' },
    ];
    for (const table of [{ Ä: 'ae' }, { ä: 'ae' }]) {
      const { search } = await indexWith(records, { customNormalization: { default: table } });
      for (const query of ['baer', 'BÄR', 'bär']) {
        expect(
          ids(await search({ query, typoTolerance: false, queryType: 'prefixNone' })).sort(),
          `${JSON.stringify(table)} ${query}`,
        ).toEqual(['lower', 'upper']);
      }
    }
    // Both cases named: each keeps its own replacement.
    const { search } = await indexWith(records, { customNormalization: { default: { Ä: 'ae', ä: 'a' } } });
    expect(ids(await search({ query: 'baer', typoTolerance: false, queryType: 'prefixNone' }))).toEqual(['upper']);
    expect(ids(await search({ query: 'bar', typoTolerance: false, queryType: 'prefixNone' }))).toEqual(['lower']);
  });

  it('customNormalization of an ASCII letter or digit applies to records and queries alike', async () => {
    const records = [
      { objectID: 'o', name: 'Foo bar' },
      { objectID: 'zero', name: 'f0o' },
      { objectID: 'other', name: 'fox' },
    ];
    const { search } = await indexWith(records, { customNormalization: { default: { o: '0', k: 'c' } } });
    for (const query of ['foo', 'F00', 'f0o']) {
      const body = await search({ query, typoTolerance: false, queryType: 'prefixNone' });
      expect(ids(body).sort(), query).toEqual(['o', 'zero']);
      // Highlighting shows the record's own characters.
      expect(body.hits.find((hit) => hit.objectID === 'o')!._highlightResult.name.value).toBe('<em>Foo</em> bar');
    }
    expect(ids(await search({ query: 'f0x', typoTolerance: false }))).toEqual(['other']);
    // Without the setting, `0` and `o` stay apart.
    const plain = await indexWith(records);
    expect(ids(await plain.search({ query: 'f0o', typoTolerance: false, queryType: 'prefixNone' }))).toEqual(['zero']);
  });

  it('separatorsToIndex makes separators searchable tokens', async () => {
    const records = [
      { objectID: 'sharp', lang: 'C#' },
      { objectID: 'plus', lang: 'C++' },
    ];
    const plain = await indexWith(records);
    expect(ids(await plain.search({ query: 'c#', typoTolerance: false })).sort()).toEqual(['plus', 'sharp']);
    const indexed = await indexWith(records, { separatorsToIndex: '#+' });
    expect(ids(await indexed.search({ query: 'c#', typoTolerance: false }))).toEqual(['sharp']);
  });

  it('splits words on punctuation', async () => {
    const { search } = await indexWith([{ objectID: 'e', text: 'e-mail: jane.doe@example.com' }]);
    expect(ids(await search({ query: 'example', typoTolerance: false }))).toEqual(['e']);
    expect(ids(await search({ query: 'jane doe', typoTolerance: false }))).toEqual(['e']);
  });
});

describe('searchable attributes', () => {
  const records = [
    { objectID: 'title', title: 'red shoe', secret: 'blue' },
    { objectID: 'nested', author: { name: 'blue', bio: 'red' } },
  ];

  it('searches only the listed attributes, nested paths included', async () => {
    const { search } = await indexWith(records, { searchableAttributes: ['title', 'author.name'] });
    expect(ids(await search({ query: 'blue' }))).toEqual(['nested']);
    expect(ids(await search({ query: 'red' }))).toEqual(['title']);
  });

  it('restrictSearchableAttributes narrows them per query', async () => {
    const { search } = await indexWith(records, { searchableAttributes: ['title', 'author'] });
    expect(ids(await search({ query: 'red' }))).toEqual(['title', 'nested']);
    expect(ids(await search({ query: 'red', restrictSearchableAttributes: ['author'] }))).toEqual(['nested']);
  });

  it('searches every attribute when none are listed', async () => {
    const { search } = await indexWith(records);
    expect(ids(await search({ query: 'blue' }))).toEqual(['title', 'nested']);
  });
});

describe('odd query text', () => {
  it('answers a query holding half a character (a lone surrogate), echoing it as U+FFFD in params', async () => {
    const { search } = await indexWith([{ objectID: 'x', name: 'math 𝒳 letters' }]);
    // A prefix cut inside "𝒳" leaves its high surrogate: URL encoding throws on it.
    const body = await search({ query: 'math \ud835' });
    expect(body.nbHits).toBe(1);
    expect(body.query).toBe('math \ud835');
    expect(body.params).toBe('query=math+%EF%BF%BD');
  });
});
