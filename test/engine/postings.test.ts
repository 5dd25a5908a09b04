import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributeRules } from '../../src/emulator/search/engine/attributes';
import { InvertedIndex } from '../../src/emulator/search/engine/inverted-index';
import type { RecordStore } from '../../src/emulator/search/record-store';
import { evaluate, planWords, termTable } from '../../src/emulator/search/engine/match';
import { resolveOptions } from '../../src/emulator/search/engine/options';
import { matchPostings, postingsApply } from '../../src/emulator/search/engine/postings-match';
import { parseQuery } from '../../src/emulator/search/engine/query';
import { effectiveSettings } from '../../src/emulator/search/settings/effective';
import type { SearchRecord } from '../../src/emulator/state';

const WORDS = ['apple', 'apples', 'app', 'band', 'bandana', 'ban', 'dana', 'cherry', 'chair', 'delta'];
const word = fc.constantFrom(...WORDS);
const text = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
const record = fc.record({ title: text, body: text, tags: fc.array(text, { maxLength: 2 }) });
const queryWord = fc.oneof(
  word,
  word.map((w) => `-${w}`),
  word.map((w) => w.slice(0, 3)),
  word.map((w) => `${w.slice(0, -1)}x`),
);
const SETTINGS = [
  {},
  { searchableAttributes: ['title', 'unordered(body)'], disableTypoToleranceOnAttributes: ['body'] },
  {
    searchableAttributes: ['body', 'tags'],
    disablePrefixOnAttributes: ['tags'],
    disableExactOnAttributes: ['body'],
    exactOnSingleWordQuery: 'word',
  },
];

/**
 * Checks the postings' answer for one query against `evaluate` on every doc (of `index` when
 * given, synced to `records`: the records without an objectID get their position as one; the
 * index's records it does not hold are deleted).
 */
function checkAgainstEvaluate(
  records: readonly Record<string, unknown>[],
  query: string,
  settingsIndex: number,
  optional: string | undefined,
  index = new InvertedIndex({ keepDiacritics: '', custom: {}, separators: '' }),
): void {
  const keyed = records.map(
    (r, i) => (typeof r.objectID === 'string' ? r : { ...r, objectID: String(i) }) as SearchRecord,
  );
  const kept = new Set(keyed.map((r) => r.objectID));
  const store: RecordStore = index.source.edit((editor) => {
    for (const objectID of [...index.source.keys()]) if (!kept.has(objectID)) editor.delete(objectID);
    for (const record of keyed) editor.set(record.objectID, record);
  });
  expect(index.sync(store)).toBe(true);
  const settings = effectiveSettings({ settings: SETTINGS[settingsIndex] });
  const options = resolveOptions(settings, {
    query,
    advancedSyntax: true,
    ...(optional !== undefined ? { optionalWords: [optional] } : {}),
  });
  const plans = planWords(index, parseQuery(options, index.tokenizer), options);
  if (!postingsApply(index, plans)) return;
  const rules = attributeRules(index.paths, options);
  const attributeOn = !!options.searchableAttributes?.length;
  const table = termTable(index, plans);
  const expected = [...index.all()]
    .map((doc) => evaluate(doc, plans, table, rules, options, attributeOn))
    .filter((info) => info !== null);
  const found = matchPostings(index, plans, { rules, options, attributeOn });
  const unsettled = [...found.ids].filter((_, k) => k >= found.settled);
  // Docs left to evaluate may still fail it; every settled doc and every match is found.
  expect(
    [...found.ids]
      .filter((id) => !unsettled.includes(id) || expected.some((e) => e.doc.id === id))
      .sort((a, b) => a - b),
  ).toEqual(expected.map((e) => e.doc.id));
  found.ids.forEach((id, k) => {
    if (k >= found.settled) return;
    const info = expected.find((e) => e.doc.id === id)!;
    expect({
      typos: found.typos[k],
      words: found.words[k],
      proximity: found.proximity[k],
      first: found.firstMatchedWord[k],
      exact: found.exactWords[k],
    }).toEqual({
      typos: info.typos,
      words: info.words,
      proximity: info.proximity,
      first: info.firstMatchedWord,
      exact: info.exactWords,
    });
  });
}

describe('flat postings', () => {
  it('find exactly the docs evaluate matches, with the same figures for the docs they settle', () => {
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 20 }),
        fc.array(queryWord, { minLength: 1, maxLength: 3 }),
        fc.nat({ max: 2 }),
        fc.boolean(),
        (records, qwords, s, optional) => {
          checkAgainstEvaluate(records, qwords.join(' '), s, optional ? qwords[0] : undefined);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('find the docs a split or a join of query words matches', () => {
    // Words whose pairs are words too: "rain bow" in a record meets the query "rainbow", and the reverse.
    const PARTS = ['sun', 'flower', 'sunflower', 'rain', 'bow', 'rainbow', 'coat', 'raincoat'];
    const part = fc.constantFrom(...PARTS);
    const line = fc.array(part, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
    const query = fc.oneof(
      fc.tuple(part, part).map(([a, b]) => a + b),
      fc.tuple(part, part).map(([a, b]) => `${a} ${b}`),
      fc.tuple(part, part, part).map((w) => w.join(' ')),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ title: line, body: line, tags: fc.array(line, { maxLength: 2 }) }), {
          minLength: 1,
          maxLength: 20,
        }),
        query,
        fc.nat({ max: 2 }),
        (records, q, s) => {
          checkAgainstEvaluate(records, q, s, undefined);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('find the same docs when thousands enter through the parts of a rare compound', () => {
    // Compounds are rare and their parts common: the compound opens with a few docs, then the
    // docs holding its parts in a row enter by the thousand.
    const PARTS = ['sun', 'flower', 'rain', 'bow', 'coat'];
    const COMPOUNDS = ['sunflower', 'rainbow', 'raincoat'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom('rainbow', 'sunflower coat', 'raincoat sun', 'rain'),
        (seed, query) => {
          // A plain LCG: records differ per seed, thousands of them, cheap to make.
          let state = seed;
          const next = () => (state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff) >>> 4;
          const word = () => (next() % 40 === 0 ? COMPOUNDS[next() % COMPOUNDS.length] : PARTS[next() % PARTS.length]);
          const line = () => Array.from({ length: 2 + (next() % 5) }, word).join(' ');
          const records = Array.from({ length: 3000 }, () => ({ title: line(), body: line(), tags: [line()] }));
          checkAgainstEvaluate(records, query, seed % 3, undefined);
        },
      ),
      { numRuns: 4 },
    );
  });

  it('find the same docs and figures when the other words run to thousands of occurrences, before and after writes', () => {
    // A rare word opens with a few dozen docs; the common words' lists run to thousands.
    const COMMON = ['market', 'markets', 'marked', 'basket'];
    const RARE = ['zephyr', 'zephyrs', 'quartz'];
    const OTHER = ['alpha', 'beta', 'gamma', 'delta', 'omega'];
    const queries = [
      'zephyr market',
      'market zephyr',
      'basket zephyr',
      'quartz marke',
      'zephyr markte',
      'zephyr -basket',
      'quartz zephyr market',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(...queries),
        fc.boolean(),
        (seed, query, optional) => {
          let state = seed;
          const next = () => (state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff) >>> 4;
          const pick = (list: readonly string[]) => list[next() % list.length];
          const word = () => (next() % 40 === 0 ? pick(RARE) : next() % 3 === 0 ? pick(COMMON) : pick(OTHER));
          const line = () => Array.from({ length: 1 + (next() % 5) }, word).join(' ');
          const records = Array.from({ length: 3000 }, (_, i) => ({
            objectID: `r${i}`,
            title: line(),
            body: line(),
            tags: [line(), line()],
          }));
          const optionalWord = optional ? query.split(' ').find((w) => COMMON.some((c) => c.startsWith(w))) : undefined;
          const index = new InvertedIndex({ keepDiacritics: '', custom: {}, separators: '' });
          checkAgainstEvaluate(records, query, seed % 3, optionalWord, index);
          // Written to after a first search: records added (the common lists grow) and removed.
          const more = Array.from({ length: 300 }, (_, i) => ({
            objectID: `m${i}`,
            title: `${pick(RARE)} ${line()}`,
            body: line(),
            tags: [line()],
          }));
          checkAgainstEvaluate([...records.slice(100), ...more], query, seed % 3, optionalWord, index);
        },
      ),
      { numRuns: 12 },
    );
  });
});
