// The same program in CommonJS: the `.d.cts` declarations of both entries coexist too.
import 'search-emulator/vitest';
import 'search-emulator/jest';
import { expect as jestExpect } from '@jest/globals';
import { createEmulator } from 'search-emulator';
import { expect } from 'vitest';

const emulator = createEmulator();
expect(emulator).toHaveReceived('saveObjects');
jestExpect(emulator).toHaveReceived('saveObjects');
// @ts-expect-error: a misspelt operation
jestExpect(emulator).toHaveReceived('saveObjet');
