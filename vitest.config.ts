import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

export default defineConfig({
  // As tsup.config.ts writes it into the build: what `search-emulator --version` prints.
  define: { __SEARCH_EMULATOR_VERSION__: JSON.stringify(version) },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // test/types/*.test-d.ts: the public types (typed direct calls, the requester, the handlers).
    typecheck: { enabled: true, include: ['test/types/**/*.test-d.ts'], tsconfig: './test/types/tsconfig.json' },
  },
});
