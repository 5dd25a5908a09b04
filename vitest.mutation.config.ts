import { defineConfig } from 'vitest/config';

/** The Vitest config StrykerJS runs (scripts/mutation.ts): one module's tests, no type tests. */
export default defineConfig({
  test: {
    include: (process.env.MUTATION_TESTS ?? 'test/**/*.test.ts').split(','),
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
