import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Marker } from '../../src/emulator/search/engine/mark';
import {
  markedText,
  markTokens,
  renderMarked,
  wordsMatched,
  type MarkedText,
} from '../../src/emulator/search/engine/marked-text';
import type { Alternative, WordPlan } from '../../src/emulator/search/engine/match';
import { createTokenizer } from '../../src/emulator/search/engine/tokenize';

const TERMS = ['apple', 'app', 'a', 'ban', 'banana', 'bananas', 'x1', '42', 'cherry', 'ch', 'newyork', 'new', 'york'];
const term = fc.constantFrom(...TERMS);
const alternative: fc.Arbitrary<Alternative> = fc.record({
  typos: fc.nat(2),
  exact: fc.boolean(),
  prefixOnly: fc.boolean(),
  replace: fc.option(fc.boolean(), { nil: undefined }),
});

/** A query word's plan at position `index` (joined with the next word only when there is one). */
const plan = (index: number, last: boolean): fc.Arbitrary<WordPlan> =>
  fc.record({
    word: fc.record({
      index: fc.constant(index),
      term: fc.constantFrom('ap', 'app', 'apple', 'b', 'ba', 'banan', 'x', '4', 'ch', 'newyork'),
      prefix: fc.boolean(),
      phrase: fc.constant(-1),
      excluded: fc.boolean(),
      optional: fc.boolean(),
    }),
    alts: fc.array(fc.tuple(term, alternative), { maxLength: 4 }).map((entries) => new Map(entries)),
    concat: fc.array(term, { maxLength: last ? 0 : 1 }),
    splits: fc.array(fc.tuple(term, term), { maxLength: 1 }),
    phrases: fc.constant([]),
    aside: fc.constant(new Map()),
    maxTypos: fc.constant(0),
  });

/** A query word that matches nothing, at position `index`. */
const idle = (index: number): WordPlan => ({
  word: { index, term: `w${index}`, prefix: false, phrase: -1, excluded: false, optional: false },
  alts: new Map(),
  concat: [],
  splits: [],
  phrases: [],
  aside: new Map(),
  maxTypos: 0,
});

/** Terms no text holds, enough to turn the marker's term filter off. */
const CROWD = new Map(
  Array.from({ length: 2_100 }, (_, i): [string, Alternative] => [
    `zz${i}`,
    { typos: 0, exact: true, prefixOnly: false },
  ]),
);
const crowded = (p: WordPlan): WordPlan => {
  const alts = new Map(CROWD);
  for (const [t, alt] of p.alts) alts.set(t, alt);
  return { ...p, alts };
};

/** One to four plans, sometimes after 30 that match nothing (word indexes past a 31-bit set), sometimes with thousands of alternatives. */
const plans = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.boolean(), fc.nat(7)).chain(([n, far, crowd]) => {
  const skip = far ? 30 : 0;
  return fc
    .tuple(...Array.from({ length: n }, (_, i) => plan(skip + i, i === n - 1)))
    .map((tail) => [
      ...Array.from({ length: skip }, (_, i) => idle(i)),
      ...(crowd === 0 ? [crowded(tail[0]), ...tail.slice(1)] : tail),
    ]);
});

const word = fc
  .tuple(term, fc.constantFrom('lower', 'upper', 'title'))
  .map(([w, kind]) => (kind === 'upper' ? w.toUpperCase() : kind === 'title' ? w[0].toUpperCase() + w.slice(1) : w));
const text = fc
  .array(fc.tuple(fc.constantFrom(' ', ', ', '-', '.', '  ', '_', "'"), word), { maxLength: 8 })
  .map((pairs) =>
    pairs
      .map(([s, w]) => s + w)
      .join('')
      .slice(1),
  );

const tokenizer = createTokenizer({ keepDiacritics: '', custom: {}, separators: '' });

/** What a marked text says, copied out of its reused arrays. */
function snapshot(marker: Marker, marked: MarkedText) {
  const spans = Array.from({ length: marked.count }, (_, k) => [
    marked.spans[3 * k],
    marked.spans[3 * k + 1],
    marked.marks[k] === null ? -1 : marked.spans[3 * k + 2],
  ]);
  const window = Math.max(1, marked.count >> 1);
  return {
    spans,
    marks: marked.marks.slice(0, marked.count),
    first: marked.first,
    fully: marked.fully,
    match: wordsMatched(marker, marked),
    whole: renderMarked(marked, 0, marked.count, '<b>', '</b>'),
    tail: marked.count === 0 ? '' : renderMarked(marked, marked.count - window, marked.count, '[', ']'),
  };
}

describe('marked text', () => {
  it('the ASCII path (words by offsets, filtered by hash) marks as the token path does (property)', () => {
    fc.assert(
      fc.property(plans, text, (wordPlans, value) => {
        const marker = new Marker(wordPlans, tokenizer);
        const fast = snapshot(marker, markedText(marker, value, 'title'));
        const general = snapshot(marker, markTokens(marker, value, 'title'));
        expect(fast).toEqual(general);
      }),
      { numRuns: 3000 },
    );
  });
});
