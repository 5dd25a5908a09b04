import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library (browser-safe), the Node-only standalone server and the test-runner matchers, sharing chunks in ESM.
    entry: { index: 'src/index.ts', server: 'src/server/index.ts', vitest: 'src/vitest.ts', jest: 'src/jest.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    external: ['msw', 'immer', 'seedrandom', 'flexsearch', 'cheerio', 'picomatch', 'robots-parser', '@breejs/later', 'vitest', 'expect', /^node:/],
  },
]);
