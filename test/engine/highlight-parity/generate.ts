/**
 * Records `expected.json` from the current highlighter: `npx tsx test/engine/highlight-parity/generate.ts`.
 * Run it only to accept a deliberate change of highlighting output.
 */
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { parityCase, runCase } from './cases';

const KEEP = 250;
const out = [];
// Searches without hits show nothing of the highlighter: only cases with hits are kept.
for (const c of fc.sample(parityCase, { seed: 20240611, numRuns: 3 * KEEP })) {
  const expected = await runCase(c);
  if (Object.keys(expected).length > 0) out.push({ case: c, expected });
  if (out.length === KEEP) break;
}
writeFileSync(new URL('./expected.json', import.meta.url), `${JSON.stringify(out)}\n`);
console.log(`${out.length} cases, ${out.reduce((n, e) => n + Object.keys(e.expected).length, 0)} hits`);
