import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPrefix } from '../../src/emulator/logs/json-prefix';

/** Text with the characters JSON escapes (quotes, backslashes, controls, lone and paired surrogates), short or long. */
const text = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc
    .tuple(
      fc.string({
        unit: fc.constantFrom('a', 'b', ' ', 'é', '"', '\\', '\n', '\u0001', '\ud83d', '\ude00', '😀'),
        maxLength: 40,
      }),
      fc.nat({ max: 300 }),
    )
    .map(([tail, pad]) => 'x'.repeat(pad) + tail),
);

/** JSON values plus what JSON.stringify drops or rewrites: undefined fields, functions, dates, non-finite numbers, holes. */
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    text,
    fc.constantFrom(undefined, NaN, Infinity, -0, () => 1, new Date(0)),
    fc.array(tie('any'), { maxLength: 5 }),
    fc.sparseArray(tie('any'), { maxLength: 5 }),
    fc.dictionary(text, tie('any'), { maxKeys: 5 }),
  ),
})).any;

describe('jsonPrefix', () => {
  it('equals the first characters of JSON.stringify', () => {
    fc.assert(
      fc.property(value, fc.nat({ max: 400 }), (input, limit) => {
        expect(jsonPrefix(input, limit)).toBe((JSON.stringify(input) ?? 'null').slice(0, limit));
      }),
      { numRuns: 2000 },
    );
  });

  it('stops writing once the limit is reached', () => {
    let reads = 0;
    const hits = Array.from({ length: 1000 }, (_, i) => ({
      get objectID() {
        reads++;
        return String(i);
      },
    }));
    expect(jsonPrefix({ hits }, 100)).toBe(JSON.stringify({ hits }).slice(0, 100));
    reads = 0;
    jsonPrefix({ hits }, 100);
    expect(reads).toBeLessThan(20);
  });
});
