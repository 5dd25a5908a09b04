import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexWith } from './helpers';

const WORDS = ['lamp', 'lamps', 'table', 'tablet', 'red', 'blue', 'chair', 'char', 'oak', 'steel'];
const text = (picks: number[]) => picks.map((k) => WORDS[k % WORDS.length]).join(' ');

/** What a search answers, without the timing. */
const answer = (body: Record<string, unknown>) => ({ ...body, processingTimeMS: 0, serverTimeMS: 0 });

describe('scratch reused across searches', () => {
  it('answers each search of a sequence as a fresh emulator answers it alone', async () => {
    // The scan's columns and scratch serve one search after another: nothing may leak from one to the next.
    const records = Array.from({ length: 60 }, (_, i) => ({
      name: text([i, i * 3 + 1]),
      description: text([i * 7, i * 11 + 2, i * 13 + 5, i]),
      likes: (i * 37) % 11,
      tags: [text([i + 4]), text([i * 5])],
    }));
    const settings = {
      searchableAttributes: ['name', 'unordered(description)', 'tags'],
      customRanking: ['desc(likes)'],
    };
    const shared = await indexWith(records, settings);
    const query = fc.record({
      query: fc
        .array(fc.constantFrom(...WORDS, 'lam', 'tabel', 'redd', 'xyz', '-oak'), { minLength: 1, maxLength: 3 })
        .map((w) => w.join(' ')),
      typoTolerance: fc.constantFrom(true, 'min', 'strict'),
      hitsPerPage: fc.constantFrom(3, 20),
      removeWordsIfNoResults: fc.constantFrom('none', 'lastWords'),
      advancedSyntax: fc.boolean(),
      getRankingInfo: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(query, { minLength: 2, maxLength: 6 }), async (queries) => {
        for (const params of queries) {
          const alone = await indexWith(records, settings);
          const expected = answer(await alone.search(params));
          // Another search in between, so the one checked inherits what a different search left.
          await shared.search({ query: 'red lamp table', getRankingInfo: true });
          expect(answer(await shared.search(params))).toEqual(expected);
        }
      }),
      { numRuns: 40 },
    );
  });
});
