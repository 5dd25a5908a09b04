import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library (browser-safe) and the Node-only standalone server, sharing chunks in ESM.
    entry: { index: 'src/index.ts', server: 'src/server/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    external: ['msw', 'immer', 'seedrandom', 'flexsearch', 'cheerio', 'picomatch', 'robots-parser', '@breejs/later', /^node:/],
  },
]);
