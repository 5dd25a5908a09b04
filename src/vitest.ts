/**
 * `import 'search-emulator/vitest'` (in a test file or a `setupFiles` entry) installs the
 * emulator's matchers in Vitest's `expect` and types them:
 * `expect(emulator).toHaveReceived('searchSingleIndex', { query: 'phone' })`.
 */
import { expect } from 'vitest';
import { emulatorMatchers, type EmulatorMatchers } from './matchers/matchers';

expect.extend(emulatorMatchers);

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends EmulatorMatchers<T> {}
}

export { emulatorMatchers, type EmulatorMatchers, type ExpectedEvent } from './matchers/matchers';
