/**
 * Type checks of the matchers (compiled by `tsc --noEmit`, never run): each import types them
 * on its runner's `expect`, and a wrong argument fails to compile.
 */
import { expect as jestExpect } from '@jest/globals';
import { expect } from 'vitest';
import type { Emulator } from '../../src';
import '../../src/jest';
import '../../src/vitest';

declare const emulator: Emulator;

export function vitestTyping(): void {
  expect(emulator).toHaveReceived('searchSingleIndex', { query: 'phone' });
  expect(emulator).not.toHaveReceivedTimes('search', 2, { indexName: 'products' });
  expect(emulator).toHaveReceivedEvent({ eventType: 'click', objectIDs: ['p1'] });
  expect(emulator.journal).toHaveSearched({ query: expect.stringContaining('pho') });
  // @ts-expect-error the count is a number
  expect(emulator).toHaveReceivedTimes('search', '2');
  // @ts-expect-error the operation is required
  expect(emulator).toHaveReceived();
}

export function jestTyping(): void {
  jestExpect(emulator).toHaveReceived('saveObject', { indexName: 'products' });
  jestExpect(emulator).toHaveReceivedTimes('getObject', 1);
  jestExpect(emulator).not.toHaveReceivedEvent({ eventType: 'conversion' });
  jestExpect(emulator).toHaveSearched({ indexName: 'products' });
  // @ts-expect-error the expected event is an object
  jestExpect(emulator).toHaveReceivedEvent('click');
}
