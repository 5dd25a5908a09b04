import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { build } from 'esbuild';
import { defineConfig } from 'tsup';

/** What `search-emulator --version` prints (src/server/cli.ts). */
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

const DATA = 'src/emulator/search/dictionaries/data';
const TABLES = ['plurals', 'stopwords'];

/**
 * Each language's table is a file of its own under dist/languages/, loaded on first use
 * (data/tables.ts): the imports of the TypeScript tables become imports of those files.
 */
const languageFiles = {
  name: 'language-files',
  setup(build: {
    onResolve(options: { filter: RegExp }, callback: (args: { path: string; importer: string }) => unknown): void;
  }) {
    build.onResolve({ filter: /^\.\/(plurals|stopwords)\/[\w-]+$/ }, (args) => {
      if (!args.importer.replace(/\\/g, '/').endsWith(`${DATA}/tables.ts`)) return undefined;
      const [, table, language] = args.path.split('/');
      return { path: `./languages/${table}-${language}.cjs`, external: true };
    });
  },
};

/**
 * One copy of each table for both builds, as CommonJS (`module.exports = "..."`): `require`d by
 * the CommonJS build (so Jest needs no ESM support), imported by the ES build, bundled by
 * browser bundlers as a chunk of its own.
 */
function writeLanguageFiles() {
  mkdirSync('dist/languages', { recursive: true });
  for (const table of TABLES) {
    for (const file of readdirSync(`${DATA}/${table}`)) {
      const text = /^export default (".*");$/m.exec(readFileSync(`${DATA}/${table}/${file}`, 'utf8'))?.[1];
      if (text === undefined) throw new Error(`${DATA}/${table}/${file}: no default export`);
      writeFileSync(`dist/languages/${table}-${file.replace(/\.ts$/, '')}.cjs`, `module.exports = ${text};\n`);
    }
  }
}

/**
 * The inspector's UI (Preact, uPlot, the views) is one minified file, dist/inspector/ui.cjs: a
 * script that defines `searchEmulatorInspector` for the page the server serves at /_inspector,
 * and a CommonJS module for the entries that import it. One copy in the package, not one per
 * format: it is most of the inspector's weight.
 */
async function buildInspectorUi() {
  await build({
    entryPoints: ['src/inspector/ui/bundle.ts'],
    outfile: 'dist/inspector/ui.cjs',
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'searchEmulatorInspector',
    footer: { js: 'if(typeof module<"u")module.exports=searchEmulatorInspector.default;' },
    target: 'es2022',
    platform: 'browser',
    loader: { '.css': 'text' },
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
  });
}

/** The entries that import the UI bundle, and its path from their built file. */
const UI_IMPORTERS: Record<string, string> = {
  'src/inspector/index.ts': './inspector/ui.cjs',
  'src/storybook/manager.ts': '../inspector/ui.cjs',
};

/** Keeps the UI out of the entries' chunks: they import dist/inspector/ui.cjs. */
const inspectorUi = {
  name: 'inspector-ui',
  setup(build: {
    onResolve(options: { filter: RegExp }, callback: (args: { path: string; importer: string }) => unknown): void;
  }) {
    build.onResolve({ filter: /\/ui\/bundle$/ }, (args) => {
      const importer = relative(process.cwd(), args.importer).replace(/\\/g, '/');
      const path = UI_IMPORTERS[importer];
      if (!path) throw new Error(`${importer} imports the inspector's UI bundle: only an entry in UI_IMPORTERS may`);
      return { path, external: true };
    });
  },
};

export default defineConfig({
  // `search-emulator` never loads msw; `search-emulator/msw` holds the handlers,
  // `search-emulator/server` the Node-only standalone server, `search-emulator/vitest` and
  // `/jest` the test-runner matchers, `search-emulator/record` record and verify (its reporter
  // Node only). They share chunks of the emulator, so every entry sees
  // the same classes (ApiError).
  entry: {
    index: 'src/index.ts',
    msw: 'src/msw.ts',
    server: 'src/server/index.ts',
    vitest: 'src/vitest.ts',
    jest: 'src/jest.ts',
    // The inspector (docs/inspector.md): its UI library (Preact) and charts (uPlot) are
    // devDependencies, so they are bundled into its chunks, never into the emulator's.
    inspector: 'src/inspector/index.ts',
    // The Storybook addon: the decorator stories import, the preview annotation (the channel's
    // answering end, beside the story's emulator) and the manager entry (the panel, with the
    // inspector's UI). `react` and `storybook/*` are Storybook's own, never bundled.
    storybook: 'src/storybook/index.ts',
    'storybook/preview': 'src/storybook/preview.ts',
    'storybook/manager': 'src/storybook/manager.ts',
    record: 'src/record/index.ts',
    'record-reporter': 'src/record/reporter.ts',
  },
  format: ['esm', 'cjs'],
  splitting: true,
  // The official clients' types the direct calls use are written into the declarations: no user
  // installs `@algolia/client-*` for them (docs/packaging.md). Only those and the relative files
  // they import: resolving every package reached the inspector's Preact types, which rollup's
  // dts plugin cannot read.
  dts: { resolve: [/^@algolia\//, /^\.{1,2}\//] },
  // No source maps: the bundles are unminified, keep every name and mark each source file with a
  // `// src/...` comment; maps would double the tarball, or point bundlers at sources not shipped.
  sourcemap: false,
  // The server finds the inspector's page script beside its bundle with `import.meta.url`.
  shims: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  external: [
    'msw',
    'immer',
    'seedrandom',
    'cheerio',
    'picomatch',
    'robots-parser',
    '@breejs/later',
    // Optional peers, imported only when a crawl renders a page or reads a PDF.
    'happy-dom',
    'unpdf',
    'vitest',
    'expect',
    'react',
    /^storybook(\/|$)/,
    /^node:/,
  ],
  define: { __SEARCH_EMULATOR_VERSION__: JSON.stringify(version) },
  esbuildPlugins: [languageFiles, inspectorUi],
  loader: { '.css': 'text' },
  esbuildOptions(options, { format }) {
    // CommonJS loads the tables with require(), never import(): Jest runs it without ESM support.
    if (format === 'cjs') options.supported = { ...options.supported, 'dynamic-import': false };
  },
  onSuccess: async () => {
    writeLanguageFiles();
    await buildInspectorUi();
  },
});
