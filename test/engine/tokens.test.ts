import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTokenizer } from '../../src/emulator/search/engine/tokenize';

const config = { keepDiacritics: '', custom: {} };

describe('highlight tokens', () => {
  it('split a plain ASCII text as the general scan does, each term character one text character', () => {
    const plain = createTokenizer({ ...config, separators: '' });
    // A separator the texts never hold sends this tokenizer through the general, character-by-character scan.
    const general = createTokenizer({ ...config, separators: '¤' });
    const ascii = fc.string({
      unit: fc.constantFrom('a', 'B', 'z', 'Q', '0', '9', ' ', '-', '.', "'", '_', '\t'),
      maxLength: 40,
    });
    fc.assert(
      fc.property(ascii, (text) => {
        const fast = plain.tokens(text);
        const slow = general.tokens(text);
        expect(fast.map(({ term, start, end }) => ({ term, start, end }))).toEqual(
          slow.map(({ term, start, end }) => ({ term, start, end })),
        );
        for (const token of fast) expect(token.ends).toBeUndefined();
        for (const token of slow) expect(token.ends).toEqual([...token.term].map((_, k) => token.start + k + 1));
      }),
      { numRuns: 500 },
    );
  });

  it('replace ASCII letters and digits customNormalization names, in terms and tokens alike', () => {
    const custom = { o: '0', Q: 'kw', '9': 'n' };
    const mapped = createTokenizer({ ...config, custom, separators: '' });
    const unmapped = createTokenizer({ ...config, separators: '' });
    // A key folds both cases of its character: `Q` maps `q` too, `o` maps `O`.
    const normalized = (written: string) =>
      [...written]
        .map((c) =>
          c.toLowerCase() === 'q' ? 'kw' : c.toLowerCase() === 'o' ? '0' : c === '9' ? 'n' : c.toLowerCase(),
        )
        .join('');
    const ascii = fc.string({ unit: fc.constantFrom('a', 'o', 'O', 'q', 'Q', '0', '9', ' ', '-', "'"), maxLength: 40 });
    fc.assert(
      fc.property(ascii, (text) => {
        const tokens = mapped.tokens(text);
        expect(tokens.map((t) => t.term)).toEqual(mapped.terms(text));
        // The same words as without the setting, their characters replaced; offsets still those of the text.
        const plain = unmapped.tokens(text);
        expect(tokens.map(({ term, start, end }) => ({ term, start, end }))).toEqual(
          plain.map(({ start, end }) => ({ term: normalized(text.slice(start, end)), start, end })),
        );
        expect(mapped.asciiWords(text, new Int32Array(3 * text.length + 3))).toBe(-1);
      }),
      { numRuns: 300 },
    );
  });

  it('take the general scan beyond ASCII', () => {
    const tokens = createTokenizer({ ...config, separators: '' }).tokens('Crème brûlée');
    expect(tokens.map((t) => t.term)).toEqual(['creme', 'brulee']);
    expect(tokens[1].ends).toEqual([7, 8, 9, 10, 11, 12]);
  });
});
