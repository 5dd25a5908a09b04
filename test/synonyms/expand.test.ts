import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandSynonyms, placeholderTokens } from '../../src/emulator/search/synonyms/expand';

const indexWith = (...synonyms: Record<string, unknown>[]) => ({
  synonyms: new Map(synonyms.map((s) => [s.objectID as string, s])),
});

describe('expandSynonyms', () => {
  const index = indexWith(
    { objectID: 'ny', type: 'synonym', synonyms: ['NY', 'New York', 'nyc'] },
    { objectID: 'tv', type: 'onewaysynonym', input: 'tv', synonyms: ['television'] },
    { objectID: 'c1', type: 'altcorrection1', word: 'iphone', corrections: ['phone'] },
    { objectID: 'c2', type: 'altCorrection2', word: 'ipad', corrections: ['tablet'] },
    { objectID: 'st', type: 'placeholder', placeholder: '<Street>', replacements: ['street', 'st'] },
  );

  it('expands multi-way synonyms in every direction, phrases included', () => {
    const { alternatives } = expandSynonyms(index, ['new', 'york', 'pizza']);
    expect(alternatives.map((a) => [a.start, a.end, a.words.join(' '), a.exact])).toEqual([
      [0, 2, 'ny', false],
      [0, 2, 'nyc', false],
    ]);
    const single = expandSynonyms(index, ['nyc']).alternatives;
    expect(single.map((a) => [a.words.join(' '), a.exact])).toEqual([
      ['ny', true],
      ['new york', false],
    ]);
  });

  it('counts multi-word synonyms as exact with multiWordsSynonym', () => {
    const { alternatives } = expandSynonyms(index, ['nyc'], { alternativesAsExact: ['multiWordsSynonym'] });
    expect(alternatives.map((a) => a.exact)).toEqual([false, true]);
  });

  it('expands one-way synonyms only from their input', () => {
    expect(expandSynonyms(index, ['tv']).alternatives.map((a) => a.words)).toEqual([['television']]);
    expect(expandSynonyms(index, ['television']).alternatives).toEqual([]);
  });

  it('counts corrections as one or two typos, never exact', () => {
    const [one] = expandSynonyms(index, ['iphone']).alternatives;
    const [two] = expandSynonyms(index, ['IPAD']).alternatives;
    expect([one.typos, one.exact, one.kind]).toEqual([1, false, 'altcorrection1']);
    expect([two.typos, two.words]).toEqual([2, ['tablet']]);
    expect(expandSynonyms(index, ['phone']).alternatives).toEqual([]);
  });

  it('maps placeholder replacements to the placeholder token', () => {
    expect(expandSynonyms(index, ['main', 'st']).alternatives).toMatchObject([
      { start: 1, end: 2, words: ['<street>'], kind: 'placeholder' },
    ]);
    expect(placeholderTokens(index)).toEqual(['<street>']);
  });

  it('is disabled by synonyms: false and reports replaceSynonymsInHighlight', () => {
    expect(expandSynonyms(index, ['tv'], { synonyms: false, replaceSynonymsInHighlight: true })).toEqual({
      alternatives: [],
      replaceSynonymsInHighlight: true,
    });
  });

  it('only offers alternatives inside the query and never the query words themselves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('new', 'york', 'ny', 'nyc', 'tv', 'st', 'pizza', 'iphone'), { maxLength: 6 }),
        (words) => {
          for (const alt of expandSynonyms(index, words).alternatives) {
            expect(alt.start).toBeGreaterThanOrEqual(0);
            expect(alt.end).toBeLessThanOrEqual(words.length);
            expect(alt.end).toBeGreaterThan(alt.start);
            expect(alt.words.join(' ')).not.toBe(words.slice(alt.start, alt.end).join(' '));
          }
        },
      ),
    );
  });
});
