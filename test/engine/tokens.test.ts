import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTokenizer } from '../../src/emulator/search/engine/tokenize';

const config = { keepDiacritics: '', custom: {} };

describe('highlight tokens', () => {
  it('split a plain ASCII text as the general scan does, each term character one text character', () => {
    const plain = createTokenizer({ ...config, separators: '' });
    // A separator the texts never hold sends this tokenizer through the general, character-by-character scan.
    const general = createTokenizer({ ...config, separators: '¤' });
    const ascii = fc.string({ unit: fc.constantFrom('a', 'B', 'z', 'Q', '0', '9', ' ', '-', '.', "'", '_', '\t'), maxLength: 40 });
    fc.assert(
      fc.property(ascii, (text) => {
        const fast = plain.tokens(text);
        const slow = general.tokens(text);
        expect(fast.map(({ term, start, end }) => ({ term, start, end }))).toEqual(slow.map(({ term, start, end }) => ({ term, start, end })));
        for (const token of fast) expect(token.ends).toBeUndefined();
        for (const token of slow) expect(token.ends).toEqual([...token.term].map((_, k) => token.start + k + 1));
      }),
      { numRuns: 500 },
    );
  });

  it('take the general scan beyond ASCII', () => {
    const tokens = createTokenizer({ ...config, separators: '' }).tokens('Crème brûlée');
    expect(tokens.map((t) => t.term)).toEqual(['creme', 'brulee']);
    expect(tokens[1].ends).toEqual([7, 8, 9, 10, 11, 12]);
  });
});
