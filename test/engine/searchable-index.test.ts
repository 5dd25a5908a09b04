import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import type { SearchBody } from './helpers';

/**
 * Only the searchable attributes' strings are indexed: a change of `searchableAttributes` builds
 * a new index, and attributes that are not searchable still highlight when asked to.
 */
const WORDS = ['apple', 'apples', 'banana', 'cherry', 'quartz', 'delta'];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const record = fc.record({ title: text, body: text, meta: fc.record({ note: text }) });
const SEARCHABLE = [[], ['title'], ['body', 'unordered(meta.note)'], ['meta'], ['title,body']];
const query = fc.constantFrom(...WORDS, 'appl', 'banan', 'quarts', 'cherry delta');

async function searchWith(
  records: Record<string, unknown>[],
  searchable: string[],
  q: string,
  emulator = createEmulator(),
) {
  await emulator.setSettings({ indexName: 'items', indexSettings: { searchableAttributes: searchable } });
  await emulator.saveObjects({ indexName: 'items', objects: records });
  const body = (await emulator.searchSingleIndex({
    indexName: 'items',
    searchParams: { query: q, attributesToHighlight: ['*'], getRankingInfo: true },
  })) as SearchBody;
  return { emulator, body: { hits: body.hits, nbHits: body.nbHits } };
}

describe('the index of the searchable attributes', () => {
  it('answers after searchableAttributes changes as an emulator set up with the last settings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat({ max: SEARCHABLE.length - 1 }), { minLength: 2, maxLength: 4 }),
        query,
        async (bodies, settings, q) => {
          const records = bodies.map((body, i) => ({ ...body, objectID: String(i) }));
          let emulator = createEmulator();
          for (const s of settings) ({ emulator } = await searchWith(records, SEARCHABLE[s], q, emulator));
          const last = SEARCHABLE[settings[settings.length - 1]];
          const got = (await emulator.searchSingleIndex({
            indexName: 'items',
            searchParams: { query: q, attributesToHighlight: ['*'], getRankingInfo: true },
          })) as SearchBody;
          expect({ hits: got.hits, nbHits: got.nbHits }).toEqual((await searchWith(records, last, q)).body);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('highlights an attribute that is not searchable with typos, prefixes and plurals, as its words were matched when every attribute was indexed', async () => {
    const emulator = createEmulator();
    await emulator.setSettings({ indexName: 'items', indexSettings: { searchableAttributes: ['title'] } });
    await emulator.saveObjects({
      indexName: 'items',
      objects: [{ objectID: '1', title: 'apples', note: 'an aple, apples and appletrees' }],
    });
    const body = (await emulator.searchSingleIndex({
      indexName: 'items',
      searchParams: { query: 'apple', attributesToHighlight: ['note'] },
    })) as SearchBody;
    expect(body.hits[0]._highlightResult.note).toEqual({
      value: 'an <em>aple</em>, <em>apples</em> and <em>apple</em>trees',
      matchLevel: 'full',
      fullyHighlighted: false,
      matchedWords: ['apple'],
    });
  });
});
