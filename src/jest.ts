/**
 * `import 'search-emulator/jest'` (or `require`, in a test file or `setupFilesAfterEnv`)
 * installs the emulator's matchers in Jest's global `expect` and types them, for the global
 * `expect` (`@types/jest`) and `import { expect } from '@jest/globals'` alike.
 */
// Brings Jest's `expect` types into the program, so the augmentation below has a module to extend.
import type {} from 'expect';
import { emulatorMatchers, type EmulatorMatchers } from './matchers/matchers';

const runner = (globalThis as { expect?: { extend?: (matchers: object) => void } }).expect;
if (typeof runner?.extend !== 'function') {
  throw new Error(
    "search-emulator/jest: there is no global `expect` to extend (Jest's injectGlobals is off, or this is not Jest). Install the matchers yourself: `import { expect } from '@jest/globals'; import { emulatorMatchers } from 'search-emulator'; expect.extend(emulatorMatchers);`",
  );
}
runner.extend(emulatorMatchers);

declare module 'expect' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Matchers<R extends void | Promise<void>, T = unknown> extends EmulatorMatchers<R> {}
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Matchers<R, T = {}> extends EmulatorMatchers<R> {}
  }
}

export { emulatorMatchers, type EmulatorMatchers, type ExpectedEvent, type MatcherOptions } from './matchers/matchers';
