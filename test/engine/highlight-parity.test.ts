import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCase, type ParityCase, type ParityResult } from './highlight-parity/cases';
import { HAND_WRITTEN } from './highlight-parity/hand-written';

const recorded = JSON.parse(readFileSync(new URL('./highlight-parity/expected.json', import.meta.url), 'utf8')) as {
  case: ParityCase;
  expected: ParityResult;
}[];

describe('highlighting parity with the recorded output (random records, settings and queries)', () => {
  it('gives the same _highlightResult and _snippetResult, hit by hit', async () => {
    expect(recorded.length).toBeGreaterThan(200);
    for (const [n, { case: c, expected }] of recorded.entries()) {
      const actual = await runCase(c);
      expect({ n, params: c.params, actual }).toEqual({ n, params: c.params, actual: expected });
      // Byte for byte: the same keys in the same order.
      expect(JSON.stringify(actual), `case ${n}`).toBe(JSON.stringify(expected));
    }
  });
});

describe('highlighting by hand-written expectations (independent of the recorded output)', () => {
  it.each(HAND_WRITTEN.map((c) => [c.name, c] as const))('%s', async (_, { case: c, expected }) => {
    expect(await runCase(c)).toEqual(expected);
  });
});
