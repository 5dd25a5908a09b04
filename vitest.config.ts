import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // test/types/*.test-d.ts: the public types (typed direct calls, the requester, the handlers).
    typecheck: { enabled: true, include: ['test/types/**/*.test-d.ts'], tsconfig: './test/types/tsconfig.json' },
  },
});
