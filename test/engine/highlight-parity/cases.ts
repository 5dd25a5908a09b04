import fc from 'fast-check';
import { indexWith } from '../helpers';

/**
 * Random searches whose `_highlightResult` and `_snippetResult` were recorded from the
 * highlighter before its fast path (`expected.json`): every setting that changes how a text is
 * cut into words or marked, over ASCII, accented, CJK and kana texts.
 */
export interface ParityCase {
  settings: Record<string, unknown>;
  synonyms: Record<string, unknown>[];
  records: Record<string, unknown>[];
  params: Record<string, unknown>;
}

/** Per hit (by objectID): its highlight and snippet trees. */
export type ParityResult = Record<string, { h?: unknown; s?: unknown }>;

const WORDS = [
  'apple',
  'Apple',
  'APPLES',
  'apples',
  'banana',
  'band',
  'Bandana',
  'cherry',
  'chair',
  'the',
  'of',
  'ring',
  'rings',
  'lowerCase',
  'camelCaseWord',
  'HTTPRequest',
  'iPhone',
  'café',
  'Café',
  'naïve',
  'Straße',
  'über',
  'ÉCOLE',
  '42',
  '3d',
  'x1000',
  'new',
  'york',
  'city',
  'newyork',
  'nyc',
  'home',
  'house',
  '<number>',
  '東京',
  'タワー',
  'トウキョウ',
  'とうきょう',
  '北京大学',
  'すし',
  'ラーメン',
  '𝒳yz',
];
const SEPARATORS = [' ', ' ', ' ', ', ', '-', ' + ', '#', '. ', '/', ' (', ') ', "'", '  ', '\u00a0'];
const QUERY_WORDS = [
  'apple',
  'appl',
  'aple',
  'apples',
  'band',
  'bandana',
  'ban',
  'cherry',
  'chery',
  'the',
  'of',
  'ring',
  'case',
  'camel',
  'request',
  'http',
  'cafe',
  'naive',
  'strasse',
  'uber',
  'ecole',
  '42',
  '3d',
  'new',
  'york',
  'city',
  'newyork',
  'nyc',
  'home',
  'house',
  'first',
  'toukyou',
  'とうきょう',
  'タワー',
  '東京',
  '北京',
  'sushi',
  'raamen',
  'a',
  'x',
  'zzz',
];

const word = fc.constantFrom(...WORDS);
const text = fc
  .tuple(
    fc.array(fc.tuple(word, fc.constantFrom(...SEPARATORS)), { minLength: 0, maxLength: 6 }),
    fc.constantFrom('', '.', '!', ' '),
  )
  .map(([pairs, end]) => pairs.map(([w, s], i) => (i === 0 ? w : s + w)).join('') + end);
const record = fc.record(
  {
    title: text,
    body: text,
    tags: fc.array(fc.oneof(word, text), { maxLength: 3 }),
    meta: fc.record({ label: text, count: fc.integer({ min: -5, max: 2000 }) }, { requiredKeys: [] }),
    num: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant(3.5)),
    flag: fc.boolean(),
  },
  { requiredKeys: ['title'] },
);

const settings = fc.record(
  {
    searchableAttributes: fc.constantFrom(
      ['title', 'body', 'tags', 'meta.label', 'num'],
      ['unordered(title)', 'body,tags'],
      ['title'],
      [],
    ),
    separatorsToIndex: fc.constantFrom('', '-+#', '#'),
    camelCaseAttributes: fc.constantFrom(['title'], ['*'], ['body', 'meta']),
    indexLanguages: fc.constantFrom(['ja'], ['zh'], ['en']),
    attributesToTransliterate: fc.constantFrom(['title'], ['*']),
    keepDiacriticsOnCharacters: fc.constantFrom('é', 'ü'),
    advancedSyntax: fc.boolean(),
  },
  { requiredKeys: [] },
);

const synonym = fc.constantFrom(
  { objectID: 'hh', type: 'synonym', synonyms: ['home', 'house'] },
  { objectID: 'ny', type: 'synonym', synonyms: ['nyc', 'new york city'] },
  { objectID: 'ow', type: 'onewaysynonym', input: 'apple', synonyms: ['cherry', 'band'] },
  { objectID: 'ph', type: 'placeholder', placeholder: '<number>', replacements: ['first', '42'] },
  { objectID: 'ac', type: 'altcorrection1', word: 'ring', corrections: ['chair'] },
);

/** A word of the records, maybe cut to a prefix or with a letter changed. */
const recordWord = (recordWords: readonly string[]) =>
  fc.tuple(fc.constantFrom(...recordWords), fc.nat(), fc.constantFrom('', 'prefix', 'typo')).map(([w, at, edit]) => {
    // By code points: half a surrogate pair is no query anyone types.
    const chars = Array.from(w);
    const i = 1 + (at % Math.max(1, chars.length - 1));
    return (
      edit === 'prefix'
        ? chars.slice(0, i)
        : edit === 'typo'
          ? [...chars.slice(0, i), 'q', ...chars.slice(i + 1)]
          : chars
    ).join('');
  });

/** Mostly words of the records, so most searches have hits. */
const queryWord = (recordWords: readonly string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...QUERY_WORDS), weight: 1 },
    { arbitrary: recordWord(recordWords), weight: 3 },
  );

const query = (recordWords: readonly string[]) =>
  fc
    .tuple(
      fc.array(fc.tuple(queryWord(recordWords), fc.constantFrom('', '', '', '-', '"')), { minLength: 0, maxLength: 3 }),
      fc.boolean(),
    )
    .map(([words, upper]) => {
      const q = words.map(([w, mark]) => (mark === '"' ? `"${w}"` : mark + w)).join(' ');
      return upper ? q.toUpperCase() : q;
    });

const params = fc.record(
  {
    highlightPreTag: fc.constantFrom('<b>', '[', '<mark class="h">', ''),
    highlightPostTag: fc.constantFrom('</b>', ']', '</mark>', ''),
    attributesToHighlight: fc.constantFrom(
      ['*'],
      ['title', 'meta.label', 'tags'],
      ['body', 'missing', 'meta'],
      ['num', 'flag', 'meta.count'],
      [],
    ),
    attributesToSnippet: fc.constantFrom(
      ['body:3'],
      ['title:1', 'tags:2'],
      ['*'],
      ['body:0', 'meta.label:5'],
      ['title', 'body:30'],
    ),
    snippetEllipsisText: fc.constantFrom('...', '', '[…]'),
    restrictHighlightAndSnippetArrays: fc.boolean(),
    replaceSynonymsInHighlight: fc.boolean(),
    queryType: fc.constantFrom('prefixAll', 'prefixNone', 'prefixLast'),
    typoTolerance: fc.constantFrom(false, 'min', 'strict', true),
    removeWordsIfNoResults: fc.constantFrom('allOptional', 'lastWords', 'none'),
    optionalWords: fc.constantFrom(['apple'], ['new', 'york']),
    ignorePlurals: fc.boolean(),
    queryLanguages: fc.constantFrom(['ja'], ['zh', 'en']),
  },
  { requiredKeys: [] },
);

const wordsOf = (records: readonly Record<string, unknown>[]) => {
  const words = records.flatMap((r) => JSON.stringify(r).split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 0);
  return words.length > 0 ? words : ['apple'];
};

export const parityCase: fc.Arbitrary<ParityCase> = fc.array(record, { minLength: 1, maxLength: 3 }).chain((records) =>
  fc.record({
    settings,
    synonyms: fc.uniqueArray(synonym, { maxLength: 3, selector: (s) => s.objectID }),
    records: fc.constant(records),
    params: fc.tuple(params, query(wordsOf(records))).map(([p, q]) => ({ ...p, query: q })),
  }),
);

/** Runs a case through the emulator: each hit's highlight and snippet trees. */
export async function runCase(c: ParityCase): Promise<ParityResult> {
  const index = await indexWith(c.records, c.settings);
  if (c.synonyms.length > 0)
    await index.emulator.saveSynonyms({ indexName: index.indexName, synonymHit: c.synonyms } as never);
  const body = await index.search({ ...c.params, hitsPerPage: 100 });
  const out: ParityResult = {};
  for (const hit of body.hits) out[hit.objectID] = { h: hit._highlightResult, s: hit._snippetResult };
  return out;
}
