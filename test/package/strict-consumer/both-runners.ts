/**
 * A strict project (skipLibCheck off) that installs the matchers of both runners, as a repo
 * with Vitest and Jest suites does: compiled by test/package/types.test.ts against the built
 * package, imported by name. The declarations must coexist (they once failed with TS2320).
 */
import 'search-emulator/vitest';
import 'search-emulator/jest';
import { expect as jestExpect } from '@jest/globals';
import { createEmulator } from 'search-emulator';
import { expect } from 'vitest';

const emulator = createEmulator({ indexingDelay: '1h30m' });

export function typed(): void {
  expect(emulator).toHaveReceived('saveObjects', { indexName: 'products' });
  expect(emulator).not.toHaveReceivedTimes('getObjectWithHTTPInfo', 2, {}, { includeDirect: true });
  jestExpect(emulator).toHaveReceived('searchSingleIndex', { query: 'phone' });
  jestExpect(emulator.journal).toHaveSearched({ query: 'phone' });
  emulator.journal.of(['batch', 'replaceAllObjects']);
  emulator.faults.error(503, { operation: 'searchSingleIndex' });
  emulator.clock.advance('2s');
}

export function refused(): void {
  // @ts-expect-error: a misspelt operation
  expect(emulator).toHaveReceived('saveObjet');
  // @ts-expect-error: a misspelt operation, under Jest's expect too
  jestExpect(emulator).toHaveReceivedTimes('searchSingleIndexx', 1);
  // @ts-expect-error: faults act on routes, not on helpers
  emulator.faults.error(503, { operation: 'saveObjects' });
  // @ts-expect-error: not a duration
  emulator.clock.advance('2 seconds');
  // @ts-expect-error: no such search parameter
  void emulator.explain({ indexName: 'products', objectID: 'p1', hitsPerPag: 5 });
}
