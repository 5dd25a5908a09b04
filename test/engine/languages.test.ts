import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTokenizer } from '../../src/emulator/search/engine/tokenize';
import { ids, indexWith, type SearchBody } from './helpers';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

const values = (body: SearchBody, attribute: string) =>
  body.hits.map((hit) => hit._highlightResult?.[attribute]?.value);

describe('camelCaseAttributes', () => {
  const RECORDS = [
    { objectID: 'fn', name: 'lowerCaseLetters', other: 'upperCaseLetters' },
    { objectID: 'http', name: 'HTTPRequest handler', other: 'none' },
  ];

  it('finds a camel case word by each of its parts and as a whole, only in the listed attributes', async () => {
    const { search } = await indexWith(RECORDS, { camelCaseAttributes: ['name'] });
    expect(ids(await search({ query: 'letters' }))).toEqual(['fn']);
    expect(ids(await search({ query: 'case' }))).toEqual(['fn']);
    expect(ids(await search({ query: 'lowercaseletters' }))).toEqual(['fn']);
    expect(ids(await search({ query: 'request' }))).toEqual(['http']);
    expect(ids(await search({ query: 'http' }))).toEqual(['http']);
    // `other` is not listed: its camel case word is one word (found by its beginning only, as a prefix).
    expect(ids(await search({ query: 'upper', queryType: 'prefixNone' }))).toEqual([]);
    expect(ids(await search({ query: 'upper' }))).toEqual(['fn']);
  });

  it('has no effect unset', async () => {
    const { search } = await indexWith(RECORDS);
    expect(ids(await search({ query: 'letters' }))).toEqual([]);
    expect(ids(await search({ query: 'lowercaseletters' }))).toEqual(['fn']);
  });

  it('highlights the matched part inside the word as written', async () => {
    const { search } = await indexWith(RECORDS, { camelCaseAttributes: ['name'] });
    const part = await search({ query: 'case', attributesToHighlight: ['name'] });
    expect(part.hits[0]._highlightResult.name).toEqual({
      value: 'lower<em>Case</em>Letters',
      matchLevel: 'full',
      fullyHighlighted: false,
      matchedWords: ['case'],
    });
    expect(values(await search({ query: 'lett', attributesToHighlight: ['name'] }), 'name')).toEqual([
      'lowerCase<em>Lett</em>ers',
    ]);
    expect(values(await search({ query: 'lower letters', attributesToHighlight: ['name'] }), 'name')).toEqual([
      '<em>lower</em>Case<em>Letters</em>',
    ]);
    expect(values(await search({ query: 'request', attributesToHighlight: ['name'] }), 'name')).toEqual([
      'HTTP<em>Request</em> handler',
    ]);
    const whole = await search({ query: 'lowercaseletters', attributesToHighlight: ['name'] });
    expect(whole.hits[0]._highlightResult.name).toEqual({
      value: '<em>lowerCaseLetters</em>',
      matchLevel: 'full',
      fullyHighlighted: true,
      matchedWords: ['lowercaseletters'],
    });
  });

  it('marks parts only in the listed attributes, in highlights and snippets', async () => {
    const { search } = await indexWith(
      [
        {
          objectID: 'both',
          name: 'lowerCaseLetters',
          other: 'upperCaseLetters',
          nested: { other: 'mixedCaseLetters' },
        },
      ],
      { camelCaseAttributes: ['name'] },
    );
    const body = await search({
      query: 'case',
      attributesToHighlight: ['*'],
      attributesToSnippet: ['other', 'nested'],
    });
    const [hit] = body.hits;
    expect(hit._highlightResult.name.value).toBe('lower<em>Case</em>Letters');
    expect(hit._highlightResult.other).toMatchObject({ value: 'upperCaseLetters', matchLevel: 'none' });
    expect(hit._highlightResult.nested.other).toMatchObject({ value: 'mixedCaseLetters', matchLevel: 'none' });
    expect(hit._snippetResult.other).toEqual({ value: 'upperCaseLetters', matchLevel: 'none' });
    expect(hit._snippetResult.nested.other).toEqual({ value: 'mixedCaseLetters', matchLevel: 'none' });
  });
});

describe('CJK segmentation (indexLanguages / queryLanguages)', () => {
  const JA = [
    { objectID: 'tokyo', title: '東京都に住んでいます' },
    { objectID: 'kyoto', title: '京都の寺' },
  ];

  it('splits Japanese runs into words with indexLanguages ja', async () => {
    const { search } = await indexWith(JA, { indexLanguages: ['ja'] });
    expect(ids(await search({ query: '住んで' }))).toEqual(['tokyo']);
    expect(ids(await search({ query: '東京' }))).toEqual(['tokyo']);
    // The query is segmented alike, its last word read as a prefix.
    const typed = await search({ query: '東京都に住ん' });
    expect(ids(typed)).toEqual(['tokyo']);
    expect(typed.parsedQuery).toBe('東京 都 に 住 ん');
    expect(values(typed, 'title')).toEqual(['<em>東京</em><em>都</em><em>に</em><em>住</em><em>ん</em>でいます']);
    expect(values(await search({ query: '住んで' }), 'title')).toEqual(['東京都に<em>住</em><em>んで</em>います']);
  });

  it('keeps a CJK run one word when no CJK language is set', async () => {
    const { search } = await indexWith(JA);
    expect(ids(await search({ query: '住んで' }))).toEqual([]);
    expect(ids(await search({ query: '東京都に住んでいます' }))).toEqual(['tokyo']);
  });

  it('segments Chinese with zh, and with queryLanguages when indexLanguages is empty', async () => {
    const records = [
      { objectID: 'happy', title: '我今天很開心' },
      { objectID: 'latin', title: 'Hello世界abc' },
    ];
    for (const settings of [{ indexLanguages: ['zh'] }, { queryLanguages: ['zh', 'en'] }]) {
      const { search } = await indexWith(records, settings);
      expect(ids(await search({ query: '開心' }))).toEqual(['happy']);
      expect(values(await search({ query: '今天' }), 'title')).toEqual(['我<em>今天</em>很開心']);
      expect(ids(await search({ query: '世界' }))).toEqual(['latin']);
      expect(values(await search({ query: 'abc' }), 'title')).toEqual(['Hello世界<em>abc</em>']);
    }
  });

  it('segmentation never changes the tokens of a text without CJK characters', () => {
    const plain = createTokenizer({ keepDiacritics: '', custom: {}, separators: '' });
    const segmented = createTokenizer({ keepDiacritics: '', custom: {}, separators: '', segment: 'ja' });
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'B', 'é', 'ß', 'ก', 'ไ', 'я', '1', ' ', '-', 'İ', '\u0301', 'ω', '😀'),
        }),
        (text) => {
          expect(segmented.tokens(text)).toEqual(plain.tokens(text));
          expect(segmented.terms(text)).toEqual(plain.terms(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('segmented tokens cover the CJK run and map back onto the original text', () => {
    const segmented = createTokenizer({ keepDiacritics: '', custom: {}, separators: '', segment: 'ja' });
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('東', '京', '都', 'に', 'が', 'カ', 'ー', 'A', 'b', ' ', '한', 'é') }),
        (text) => {
          const tokens = segmented.tokens(text);
          const words = tokens.map((token) => text.slice(token.start, token.end)).join('');
          expect(words).toBe(text.replace(/\s/g, ''));
          for (const token of tokens) expect(segmented.terms(text.slice(token.start, token.end))).toEqual([token.term]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('attributesToTransliterate (indexLanguages ja)', () => {
  const KANA = [
    { objectID: 'tower', name: 'トウキョウ タワー', note: 'ラーメン' },
    { objectID: 'sushi', name: 'すし と てんぷら', note: 'none' },
    { objectID: 'kanji', name: '東京', note: 'none' },
  ];

  it('finds katakana by hiragana and romaji, hiragana by katakana, with every attribute by default', async () => {
    const { search } = await indexWith(KANA, { indexLanguages: ['ja'] });
    expect(ids(await search({ query: 'とうきょう' }))).toEqual(['tower']);
    expect(ids(await search({ query: 'とうき' }))).toEqual(['tower']);
    expect(ids(await search({ query: 'toukyou' }))).toEqual(['tower']);
    expect(ids(await search({ query: 'touk' }))).toEqual(['tower']);
    expect(ids(await search({ query: 'らーめん' }))).toEqual(['tower']);
    expect(ids(await search({ query: 'raamen' }))).toEqual(['tower']);
    expect(ids(await search({ query: 'スシ' }))).toEqual(['sushi']);
    expect(ids(await search({ query: 'sushi' }))).toEqual(['sushi']);
    expect(ids(await search({ query: 'tenpura' }))).toEqual(['sushi']);
    // Kanji readings need a dictionary.
    expect(ids(await search({ query: 'とうきょう', restrictSearchableAttributes: ['name'] }))).toEqual(['tower']);
  });

  it('highlights the whole word found through another script', async () => {
    const { search } = await indexWith(KANA, { indexLanguages: ['ja'] });
    const hit = (await search({ query: 'toukyou', attributesToHighlight: ['name'] })).hits[0];
    expect(hit._highlightResult.name).toEqual({
      value: '<em>トウキョウ</em> タワー',
      matchLevel: 'full',
      fullyHighlighted: false,
      matchedWords: ['toukyou'],
    });
    expect(values(await search({ query: 'たわー', attributesToHighlight: ['name'] }), 'name')).toEqual([
      'トウキョウ <em>タワー</em>',
    ]);
  });

  it('applies to the listed attributes only, and not without indexLanguages ja', async () => {
    const listed = await indexWith(KANA, { indexLanguages: ['ja'], attributesToTransliterate: ['name'] });
    expect(ids(await listed.search({ query: 'toukyou' }))).toEqual(['tower']);
    expect(ids(await listed.search({ query: 'raamen' }))).toEqual([]);
    const none = await indexWith(KANA, { attributesToTransliterate: ['name'] });
    expect(ids(await none.search({ query: 'toukyou' }))).toEqual([]);
    expect(ids(await none.search({ query: 'トウキョウ' }))).toEqual(['tower']);
  });
});

describe('highlighting keeps the text outside the tags', () => {
  it('for camel case parts, CJK words and transliterations (property)', async () => {
    const { search } = await indexWith(
      [{ objectID: '1', text: 'fooBarBaz 東京都に住んでいます トウキョウ camelCase Hello世界' }],
      { indexLanguages: ['ja'], camelCaseAttributes: ['text'] },
    );
    const queries = fc.constantFrom(
      'bar',
      'baz',
      'foo',
      'case',
      '東京',
      '住ん',
      'とうきょう',
      'touk',
      '世界',
      'hello',
      'camel case',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(queries, { minLength: 1, maxLength: 3 }), async (words) => {
        const body = await search({
          query: words.join(' '),
          optionalWords: words,
          highlightPreTag: '[',
          highlightPostTag: ']',
        });
        for (const hit of body.hits) {
          const value: string = hit._highlightResult.text.value;
          expect(value.replace(/[[\]]/g, '')).toBe(hit.text);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('over the real client', () => {
  it('camel case, CJK segmentation and transliteration through setSettings and search', async () => {
    const { client } = env.fresh();
    const indexName = 'langs';
    const settings = await client.setSettings({
      indexName,
      indexSettings: {
        indexLanguages: ['ja'],
        camelCaseAttributes: ['code'],
        searchableAttributes: ['code', 'title', 'kana'],
      },
    });
    await client.waitForTask({ indexName, taskID: settings.taskID });
    const saved = await client.saveObjects({
      indexName,
      objects: [
        { objectID: 'a', code: 'parseQueryString', title: '東京都に住んでいます', kana: 'トウキョウ' },
        { objectID: 'b', code: 'renderHtml', title: '京都の寺', kana: 'キョウト' },
      ],
    });
    for (const response of saved) await client.waitForTask({ indexName, taskID: response.taskID });

    const camel = await client.searchSingleIndex({
      indexName,
      searchParams: { query: 'query', attributesToHighlight: ['code'] },
    });
    expect(camel.hits.map((hit) => hit.objectID)).toEqual(['a']);
    expect(camel.hits[0]._highlightResult).toEqual({
      code: {
        value: 'parse<em>Query</em>String',
        matchLevel: 'full',
        fullyHighlighted: false,
        matchedWords: ['query'],
      },
    });

    const cjk = await client.searchSingleIndex({
      indexName,
      searchParams: { query: '住んで', attributesToHighlight: ['title'] },
    });
    expect(cjk.hits.map((hit) => hit.objectID)).toEqual(['a']);
    expect(cjk.hits[0]._highlightResult).toEqual({
      title: {
        value: '東京都に<em>住</em><em>んで</em>います',
        matchLevel: 'full',
        fullyHighlighted: false,
        matchedWords: ['住', 'んて\u3099'],
      },
    });

    const romaji = await client.searchSingleIndex({
      indexName,
      searchParams: { query: 'kyouto', attributesToHighlight: ['kana'] },
    });
    expect(romaji.hits.map((hit) => hit.objectID)).toEqual(['b']);
    expect(romaji.hits[0]._highlightResult).toEqual({
      kana: { value: '<em>キョウト</em>', matchLevel: 'full', fullyHighlighted: true, matchedWords: ['kyouto'] },
    });
  });
});
