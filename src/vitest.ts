/**
 * `import 'search-emulator/vitest'` (in a test file or a `setupFiles` entry) installs the
 * emulator's matchers in Vitest's `expect` and types them:
 * `expect(emulator).toHaveReceived('searchSingleIndex', { query: 'phone' })`.
 */
import { expect } from 'vitest';
import { emulatorMatchers, type EmulatorMatchers } from './matchers/matchers';

expect.extend(emulatorMatchers);

declare module 'vitest' {
  // `void`, as Vitest's own Jest-style assertions return: `Assertion<T>` extends both these
  // `Matchers` and `jest.Matchers<void, T>`, which `search-emulator/jest` augments; with the
  // same return type both imports coexist in one program (else TS2320).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends EmulatorMatchers<void> {}
}

export { emulatorMatchers, type EmulatorMatchers, type ExpectedEvent, type MatcherOptions } from './matchers/matchers';
