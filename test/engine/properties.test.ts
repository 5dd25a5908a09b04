import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { damerauLevenshtein, fuzzyTerms } from '../../src/emulator/search/engine/typo';
import { createTokenizer } from '../../src/emulator/search/engine/tokenize';
import { indexWith } from './helpers';

const WORDS = [
  'apple',
  'apples',
  'banana',
  'band',
  'bandana',
  'cherry',
  'chair',
  'charity',
  'delta',
  'dell',
  'echo',
  'eclipse',
];
const word = fc.constantFrom(...WORDS);
const text = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
const records = fc.array(fc.record({ title: text, body: text, likes: fc.integer({ min: 0, max: 5 }) }), {
  minLength: 1,
  maxLength: 25,
});
/** A query word: a vocabulary word, maybe with one edit. */
const queryWord = fc.tuple(word, fc.nat(), fc.constantFrom('', 'x', 'drop', 'swap')).map(([w, at, edit]) => {
  const i = at % w.length;
  if (edit === 'x') return w.slice(0, i) + 'x' + w.slice(i + 1);
  if (edit === 'drop') return w.slice(0, i) + w.slice(i + 1);
  if (edit === 'swap' && i + 1 < w.length) return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  return w;
});

const allowed = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);
const tokenizer = createTokenizer({ keepDiacritics: '', custom: {}, separators: '' });

/** Whether `q` matches some word of the record within its typo budget (prefix for the last query word). */
function wordMatches(q: string, textValue: string, prefix: boolean): boolean {
  return tokenizer.terms(textValue).some((t) => {
    if (damerauLevenshtein(q, t) <= allowed(q.length)) return true;
    if (!prefix) return false;
    return t.length >= q.length && damerauLevenshtein(q, t.slice(0, q.length)) <= allowed(q.length);
  });
}

/** Concatenation of neighbouring query words and two-part splits also satisfy words. */
function explainedByJoinOrSplit(qwords: string[], all: string): boolean {
  const terms = new Set(tokenizer.terms(all));
  const last = qwords.length - 1;
  return qwords.every((q, k) => {
    if (wordMatches(q, all, k === last)) return true;
    if (k < last && terms.has(q + qwords[k + 1])) return true;
    if (k > 0 && terms.has(qwords[k - 1] + q)) return true;
    for (let cut = 1; cut < q.length; cut++) if (terms.has(q.slice(0, cut)) && terms.has(q.slice(cut))) return true;
    return false;
  });
}

describe('engine properties', () => {
  it('terms() (ASCII fast path) equals the terms of tokens()', () => {
    const unit = fc.constantFrom('a', 'Z', 'q', '0', '9', ' ', '-', '.', "'", 'é', 'ß', '\u0301', '<', '>', 'Ä');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), fc.constantFrom('', '-'), (text, separators) => {
        const tokenizerOf = createTokenizer({ keepDiacritics: '', custom: {}, separators });
        expect(tokenizerOf.terms(text)).toEqual(tokenizerOf.tokens(text).map((token) => token.term));
      }),
      { numRuns: 500 },
    );
  });

  it('fuzzyTerms finds exactly the terms within the distance (sorted-array walk = brute force)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 7 })),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 2 }),
        (vocabulary, q, max) => {
          const sorted = [...vocabulary].sort();
          const found = fuzzyTerms(sorted, q, max, false).map((m) => m.term);
          expect(found).toEqual(sorted.filter((t) => damerauLevenshtein(q, t) <= max));
          const prefixed = fuzzyTerms(sorted, q, max, true);
          expect(prefixed.map((m) => m.term)).toEqual(
            sorted.filter(
              (t) =>
                damerauLevenshtein(q, t) <= max ||
                (t.length >= q.length && damerauLevenshtein(q, t.slice(0, q.length)) <= max),
            ),
          );
          // Each match tells its distance (of the closer reading in prefix mode) and whether the whole term is within the budget (what decides a prefix-only match).
          for (const m of fuzzyTerms(sorted, q, max, false)) expect(m.distance).toBe(damerauLevenshtein(q, m.term));
          for (const m of prefixed)
            expect(m.distance).toBe(
              Math.min(
                damerauLevenshtein(q, m.term),
                m.term.length >= q.length ? damerauLevenshtein(q, m.term.slice(0, q.length)) : Infinity,
              ),
            );
          for (const budget of [0, max])
            for (const m of fuzzyTerms(sorted, q, budget, true))
              expect(Math.min(m.whole, budget + 1)).toBe(Math.min(damerauLevenshtein(q, m.term), budget + 1));
        },
      ),
    );
  });

  it('a record is a hit exactly when every query word matches within its typo budget (or by join/split)', async () => {
    await fc.assert(
      fc.asyncProperty(records, fc.array(queryWord, { minLength: 1, maxLength: 3 }), async (recs, qwords) => {
        const { search } = await indexWith(recs.map((r, i) => ({ objectID: `r${i}`, ...r })));
        const body = await search({ query: qwords.join(' '), hitsPerPage: 1000, typoTolerance: true });
        const hitIds = new Set(body.hits.map((h) => h.objectID));
        recs.forEach((r, i) => {
          const all = `${r.title} ${r.body}`;
          const expected = qwords.every(
            (q, k) =>
              wordMatches(q, r.title, k === qwords.length - 1) || wordMatches(q, r.body, k === qwords.length - 1),
          );
          expect(hitIds.has(`r${i}`), `${qwords.join(' ')} in ${all}`).toBe(
            expected || explainedByJoinOrSplit(qwords, all),
          );
        });
      }),
      { numRuns: 40 },
    );
  });

  it('hits come in a stable order: the ranking comparator never prefers a later hit', async () => {
    await fc.assert(
      fc.asyncProperty(records, queryWord, async (recs, q) => {
        const { search } = await indexWith(
          recs.map((r, i) => ({ objectID: `r${i}`, ...r })),
          { searchableAttributes: ['title', 'body'], customRanking: ['desc(likes)'] },
        );
        const body = await search({ query: q, hitsPerPage: 1000, getRankingInfo: true });
        const key = (h: any) => [
          h._rankingInfo.nbTypos,
          -h._rankingInfo.words,
          h._rankingInfo.proximityDistance,
          h._rankingInfo.firstMatchedWord,
          -h._rankingInfo.nbExactWords,
          -h.likes,
        ];
        for (let i = 1; i < body.hits.length; i++) {
          const [a, b] = [key(body.hits[i - 1]), key(body.hits[i])];
          const first = a.findIndex((v, k) => v !== b[k]);
          // Ties on every criterion: objectID, descending.
          expect(first === -1 ? body.hits[i - 1].objectID > body.hits[i].objectID : a[first] < b[first]).toBe(true);
        }
        const again = await search({ query: q, hitsPerPage: 1000 });
        expect(again.hits.map((h) => h.objectID)).toEqual(body.hits.map((h) => h.objectID));
      }),
      { numRuns: 30 },
    );
  });

  it('a page and nbHits are the same whether or not the engine lists the matches past the page', async () => {
    // A page of a one-word query lists the better typo tiers only, once they fill it; facets need
    // every match, so the same query with facets lists them all. Words with many neighbours one
    // or two typos away make several tiers.
    const NEAR = [
      'card',
      'cards',
      'care',
      'cart',
      'cord',
      'bard',
      'painting',
      'paintings',
      'printing',
      'pointing',
      'planting',
    ];
    const nearWord = fc.constantFrom(...NEAR);
    const nearText = fc.array(nearWord, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
    const nearRecords = fc.array(
      fc.record({ title: nearText, body: nearText, likes: fc.integer({ min: 0, max: 3 }) }),
      { minLength: 1, maxLength: 25 },
    );
    const query = fc.oneof(
      nearWord,
      nearWord.map((w) => `${w.slice(0, -1)}x`),
    );
    const settings = fc.constantFrom(
      {},
      { disableTypoToleranceOnAttributes: ['body'] },
      {
        searchableAttributes: ['title', 'unordered(body)'],
        ranking: ['words', 'typo', 'attribute', 'exact', 'custom'],
      },
      { searchableAttributes: ['title'] },
    );
    await fc.assert(
      fc.asyncProperty(
        nearRecords,
        query,
        fc.integer({ min: 0, max: 4 }),
        fc.nat({ max: 2 }),
        settings,
        fc.array(fc.nat(), { maxLength: 6 }),
        async (recs, q, hitsPerPage, page, s, removed) => {
          const { emulator, search, indexName } = await indexWith(
            recs.map((r, i) => ({ objectID: `r${i}`, ...r })),
            { customRanking: ['desc(likes)'], ...s },
          );
          await search({ query: q });
          // Removed records leave their ids in the postings until they are compacted.
          await emulator.batch({
            indexName,
            batchWriteParams: {
              requests: removed.map((k) => ({ action: 'deleteObject', body: { objectID: `r${k % recs.length}` } })),
            },
          });
          const params = { query: q, hitsPerPage, page, getRankingInfo: true };
          const paged = await search(params);
          const listed = await search({ ...params, facets: ['*'] });
          expect(paged.hits).toEqual(listed.hits);
          expect(paged.nbHits).toBe(listed.nbHits);
          expect(paged.nbPages).toBe(listed.nbPages);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('pagination partitions the hit list', async () => {
    await fc.assert(
      fc.asyncProperty(records, fc.integer({ min: 1, max: 7 }), async (recs, hitsPerPage) => {
        const { search } = await indexWith(recs.map((r, i) => ({ objectID: `r${i}`, ...r })));
        const all = await search({ query: '', hitsPerPage: 1000 });
        const pages: string[] = [];
        for (let page = 0; page < all.nbHits / hitsPerPage + 1; page++) {
          const body = await search({ query: '', hitsPerPage, page });
          expect(body.nbPages).toBe(Math.ceil(all.nbHits / hitsPerPage));
          pages.push(...body.hits.map((h) => h.objectID));
        }
        expect(pages).toEqual(all.hits.map((h) => h.objectID));
      }),
      { numRuns: 20 },
    );
  });

  it('highlighting never alters the text outside the tags', async () => {
    const unicodeText = fc
      .array(
        fc.constantFrom('Crème', 'brûlée', 'C++', 'e-mail', 'ÆSIR', 'straße', ' ', ', ', 'apple', 'ｆｕｌｌ', '😀'),
        { maxLength: 10 },
      )
      .map((p) => p.join(' '));
    await fc.assert(
      fc.asyncProperty(
        unicodeText,
        fc.constantFrom('creme', 'brulee', 'c', 'mail', 'aesir', 'strasse', 'app', 'full', 'e'),
        async (value, query) => {
          const { search } = await indexWith([{ objectID: '1', value }]);
          const body = await search({ query, highlightPreTag: '<<', highlightPostTag: '>>', typoTolerance: false });
          for (const hit of body.hits) expect(hit._highlightResult.value.value.replace(/<<|>>/g, '')).toBe(value);
        },
      ),
      { numRuns: 60 },
    );
  });
});
