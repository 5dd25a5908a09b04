import type { ParityCase, ParityResult } from './cases';

/**
 * Highlighting cases whose expectations are written by hand from the service's documented
 * behaviour, never recorded from the emulator: the recorded file (expected.json) can only say
 * that the highlighter did not change. Sources: the search API reference for
 * `_highlightResult` / `_snippetResult` (value, matchLevel none/partial/full, matchedWords,
 * fullyHighlighted), `highlightPreTag` / `highlightPostTag` (default `<em>`), `attributesToSnippet`
 * (`attribute:words`), `snippetEllipsisText` (default `…`), `restrictHighlightAndSnippetArrays`,
 * `replaceSynonymsInHighlight`; the CTS recording "single search retrieve snippets" (numbers
 * shown as strings, `matchedWords: []` when nothing matched, no `matchedWords` in snippets);
 * answers of the live service quoted in public write-ups, for where the ellipsis goes: it stands
 * for the words cut, so it follows the last word kept at once ("storage capabilities…") and
 * keeps the separator before the first word kept ("… Docker Compose 部署 <mark>Halo</mark>",
 * for a 5-word snippet of "使用 Docker Compose 部署 Halo").
 */
export interface HandWrittenCase {
  readonly name: string;
  readonly case: ParityCase;
  readonly expected: ParityResult;
}

const none = (value: string) => ({ value, matchLevel: 'none', matchedWords: [] });
const hit = (value: string, matchLevel: 'full' | 'partial', matchedWords: string[], fullyHighlighted: boolean) => ({
  value,
  matchLevel,
  fullyHighlighted,
  matchedWords,
});

const PIE = { objectID: '1', title: 'Apple pie' };
const only = (attributes: string[]) => ({ attributesToHighlight: attributes, attributesToSnippet: [] });

export const HAND_WRITTEN: readonly HandWrittenCase[] = [
  {
    name: 'a whole word: marked with the default tags, the attribute full but not fully highlighted',
    case: { settings: {}, synonyms: [], records: [PIE], params: { query: 'apple', ...only(['title']) } },
    expected: { '1': { h: { title: hit('<em>Apple</em> pie', 'full', ['apple'], false) } } },
  },
  {
    name: 'every word of the attribute matched: fully highlighted',
    case: {
      settings: {},
      synonyms: [],
      records: [{ objectID: '1', title: 'Apple' }],
      params: { query: 'apple', ...only(['title']) },
    },
    expected: { '1': { h: { title: hit('<em>Apple</em>', 'full', ['apple'], true) } } },
  },
  {
    name: 'the last word read as a prefix: only the typed part is marked',
    case: { settings: {}, synonyms: [], records: [PIE], params: { query: 'app', ...only(['title']) } },
    expected: { '1': { h: { title: hit('<em>App</em>le pie', 'full', ['app'], false) } } },
  },
  {
    name: 'a word matched with a typo: the record word is marked whole',
    case: { settings: {}, synonyms: [], records: [PIE], params: { query: 'aple', ...only(['title']) } },
    expected: { '1': { h: { title: hit('<em>Apple</em> pie', 'full', ['aple'], false) } } },
  },
  {
    name: 'custom tags',
    case: {
      settings: {},
      synonyms: [],
      records: [PIE],
      params: { query: 'pie', highlightPreTag: '[', highlightPostTag: ']', ...only(['title']) },
    },
    expected: { '1': { h: { title: hit('Apple [pie]', 'full', ['pie'], false) } } },
  },
  {
    name: 'one of two words (the other optional): partial, that word only in matchedWords',
    case: {
      settings: {},
      synonyms: [],
      records: [PIE],
      params: { query: 'apple tart', optionalWords: ['tart'], ...only(['title']) },
    },
    expected: { '1': { h: { title: hit('<em>Apple</em> pie', 'partial', ['apple'], false) } } },
  },
  {
    name: 'an attribute the query does not reach: its text as is, matchLevel none, no matchedWords',
    case: {
      settings: {},
      synonyms: [],
      records: [{ objectID: '1', title: 'Apple pie', body: 'Baked on Sunday' }],
      params: { query: 'apple', ...only(['title', 'body']) },
    },
    expected: {
      '1': { h: { title: hit('<em>Apple</em> pie', 'full', ['apple'], false), body: none('Baked on Sunday') } },
    },
  },
  {
    name: 'accents: the query without them marks the record word as written',
    case: {
      settings: {},
      synonyms: [],
      records: [{ objectID: '1', title: 'Café crème' }],
      params: { query: 'cafe', ...only(['title']) },
    },
    expected: { '1': { h: { title: hit('<em>Café</em> crème', 'full', ['cafe'], false) } } },
  },
  {
    name: 'arrays: one result per item, in order; nested objects: one per field',
    case: {
      settings: {},
      synonyms: [],
      records: [{ objectID: '1', tags: ['red apple', 'green'], meta: { label: 'apple box' } }],
      params: { query: 'apple', ...only(['tags', 'meta']) },
    },
    expected: {
      '1': {
        h: {
          tags: [hit('red <em>apple</em>', 'full', ['apple'], false), none('green')],
          meta: { label: hit('<em>apple</em> box', 'full', ['apple'], false) },
        },
      },
    },
  },
  {
    name: 'restrictHighlightAndSnippetArrays: only the items that match',
    case: {
      settings: {},
      synonyms: [],
      records: [{ objectID: '1', tags: ['green', 'red apple', 'blue'] }],
      params: { query: 'apple', restrictHighlightAndSnippetArrays: true, ...only(['tags']) },
    },
    expected: { '1': { h: { tags: [hit('red <em>apple</em>', 'full', ['apple'], false)] } } },
  },
  {
    name: 'a synonym: the record word is marked, the query word is what matched',
    case: {
      settings: {},
      synonyms: [{ objectID: 'hh', type: 'synonym', synonyms: ['home', 'house'] }],
      records: [{ objectID: '1', title: 'big house' }],
      params: { query: 'home', ...only(['title']) },
    },
    expected: { '1': { h: { title: hit('big <em>house</em>', 'full', ['home'], false) } } },
  },
  {
    name: 'replaceSynonymsInHighlight: the synonym shows as the query word',
    case: {
      settings: {},
      synonyms: [{ objectID: 'hh', type: 'synonym', synonyms: ['home', 'house'] }],
      records: [{ objectID: '1', title: 'big house' }],
      params: { query: 'home', replaceSynonymsInHighlight: true, ...only(['title']) },
    },
    expected: { '1': { h: { title: hit('big <em>home</em>', 'full', ['home'], false) } } },
  },
  {
    name: 'a snippet of 3 words from the match at the start, the ellipsis right after the last word kept',
    case: {
      settings: {},
      synonyms: [],
      records: [{ objectID: '1', body: 'apple two three four five six' }],
      params: { query: 'apple', attributesToHighlight: [], attributesToSnippet: ['body:3'] },
    },
    expected: { '1': { s: { body: { value: '<em>apple</em> two three…', matchLevel: 'full' } } } },
  },
  {
    name: 'a snippet longer than the text: the text, no ellipsis; a custom ellipsis elsewhere',
    case: {
      settings: {},
      synonyms: [],
      records: [{ objectID: '1', title: 'apple pie', body: 'apple two three four five six' }],
      params: {
        query: 'apple',
        attributesToHighlight: [],
        attributesToSnippet: ['title:10', 'body:2'],
        snippetEllipsisText: '[…]',
      },
    },
    expected: {
      '1': {
        s: {
          title: { value: '<em>apple</em> pie', matchLevel: 'full' },
          body: { value: '<em>apple</em> two[…]', matchLevel: 'full' },
        },
      },
    },
  },
  {
    name: 'a snippet without a match: the first words, matchLevel none',
    case: {
      settings: {},
      synonyms: [],
      records: [{ objectID: '1', title: 'apple', body: 'one two three four five' }],
      params: { query: 'apple', attributesToHighlight: [], attributesToSnippet: ['body:3'] },
    },
    expected: { '1': { s: { body: { value: 'one two three…', matchLevel: 'none' } } } },
  },
  {
    name: 'a snippet ending at the match at the end: the ellipsis, then the separator before the first word kept',
    case: {
      settings: {},
      synonyms: [],
      records: [{ objectID: '1', body: 'one two three four apple' }],
      params: { query: 'apple', attributesToHighlight: [], attributesToSnippet: ['body:2'] },
    },
    expected: { '1': { s: { body: { value: '… four <em>apple</em>', matchLevel: 'full' } } } },
  },
];
