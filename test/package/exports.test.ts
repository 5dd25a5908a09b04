import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
// Search goes through every stage (filters, facets, synonyms, rules): a bundler that
// dropped one would change this answer.
const script = `
  const emulator = createEmulator({ seed: 1 });
  const saved = await emulator.addOrUpdateObject({ indexName: 'i', objectID: 'a', body: { n: 1, name: 'couch', color: 'red' } });
  await emulator.addOrUpdateObject({ indexName: 'i', objectID: 'b', body: { n: 2, name: 'couch', color: 'blue' } });
  await emulator.setSettings({ indexName: 'i', indexSettings: { attributesForFaceting: ['color'] } });
  await emulator.saveSynonym({ indexName: 'i', objectID: 's', synonymHit: { objectID: 's', type: 'synonym', synonyms: ['sofa', 'couch'] } });
  await emulator.saveRule({ indexName: 'i', objectID: 'r', rule: { objectID: 'r', conditions: [{ pattern: 'sofa', anchoring: 'is' }], consequence: { userData: { banner: 1 } } } });
  const record = await emulator.getObject({ indexName: 'i', objectID: 'a' });
  const result = await emulator.searchSingleIndex({ indexName: 'i', searchParams: { query: 'sofa', filters: 'n > 1', facets: ['color'] } });
  // The French plurals load from their own file on first use.
  await emulator.addOrUpdateObject({ indexName: 'fr', objectID: 'c', body: { name: 'les chevaux' } });
  const plural = await emulator.searchSingleIndex({ indexName: 'fr', searchParams: { query: 'cheval', ignorePlurals: ['fr'] } });
  const handlers = createHandlers(emulator);
  console.log(JSON.stringify({ record, handlers: handlers.length > 0, taskID: typeof saved.taskID,
    hits: result.hits.map((h) => h.objectID), facets: result.facets, userData: result.userData, plural: plural.nbHits }));
`;
const expected = {
  record: { n: 1, name: 'couch', color: 'red', objectID: 'a' },
  handlers: true,
  taskID: 'number',
  hits: ['b'],
  facets: { color: { blue: 1 } },
  userData: [{ banner: 1 }],
  plural: 1,
};

function run(args: string[]): unknown {
  const out = execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!);
}

// The built package, imported by name through its `exports` map, as users import it.
describe('the published package', () => {
  beforeAll(() => {
    // `npm test` builds first (pretest); a bare `vitest run` builds here when dist is missing.
    if (
      !['dist/index.js', 'dist/server.js', 'dist/jest.js', 'dist/vitest.js', 'dist/record.js'].every((file) =>
        existsSync(new URL(file, root)),
      )
    )
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  });

  it('works from an ES module consumer', () => {
    const imports = `import { createEmulator } from 'search-emulator';\nimport { createHandlers } from 'search-emulator/msw';`;
    expect(run(['--input-type=module', '-e', `${imports}\n${script}`])).toEqual(expected);
  });

  it('works from a CommonJS consumer', () => {
    const cjs = `const { createEmulator } = require('search-emulator');\nconst { createHandlers } = require('search-emulator/msw');\n(async () => {${script}})();`;
    expect(run(['-e', cjs])).toEqual(expected);
  });

  it('crawls from both consumers, the crawl engine loaded on first use only', () => {
    const crawl = `
      const pages = { 'https://site.test/': '<h1>Home</h1><a href="/a">A</a>', 'https://site.test/a': '<h1>A</h1>' };
      const crawlerFetch = async (url) => new Response(pages[url] ?? 'nope', { status: pages[url] ? 200 : 404, headers: { 'content-type': 'text/html' } });
      const emulator = createEmulator({ crawlerFetch });
      const { id } = await emulator.createCrawler({ name: 's', config: { appId: emulator.appId, apiKey: emulator.adminApiKey, rateLimit: 1,
        startUrls: ['https://site.test/'], actions: [{ indexName: 'p', recordExtractor: ({ $ }) => [{ t: $('h1').text() }] }] } });
      await emulator.startReindex({ id });
      await emulator.advance('10s');
      console.log(JSON.stringify((await emulator.browse({ indexName: 'p' })).hits.map((h) => h.t)));
    `;
    // Browse lists the records by objectID (their URLs), descending.
    expect(
      run([
        '--input-type=module',
        '-e',
        `import { createEmulator } from 'search-emulator';\n(async () => {${crawl}})();`,
      ]),
    ).toEqual(['A', 'Home']);
    expect(run(['-e', `const { createEmulator } = require('search-emulator');\n(async () => {${crawl}})();`])).toEqual([
      'A',
      'Home',
    ]);
    // The core's own imports never name the crawler's dependencies: they load with the crawl chunk.
    for (const file of loadedFiles(['dist/index.js'], /from\s*['"](\.\/[^'"]+)['"]/g)) {
      expect(readFileSync(new URL(file, root), 'utf8'), file).not.toMatch(
        /^import[^;]*from\s*['"](?:cheerio|picomatch|robots-parser|@breejs\/later|happy-dom|unpdf)['"]/m,
      );
    }
  });

  it('loads no msw for direct calls: the handlers are search-emulator/msw', () => {
    const cjs = `const { createEmulator } = require('search-emulator');
      createEmulator().listIndices().then(() => console.log(JSON.stringify(Object.keys(require.cache).filter((f) => /[\\\\/]node_modules[\\\\/]msw[\\\\/]/.test(f)))));`;
    expect(run(['-e', cjs])).toEqual([]);
    // The ES build too: no file the main entry loads names msw.
    for (const file of loadedFiles(['dist/index.js', 'dist/index.cjs'])) {
      expect(readFileSync(new URL(file, root), 'utf8'), file).not.toMatch(/(?:from\s+|require\(|import\()\s*['"]msw/);
    }
  });

  it('installs the matchers from search-emulator/jest and search-emulator/vitest, ESM and CommonJS', () => {
    const fakeExpect = `globalThis.expect = { extend: (m) => console.log(JSON.stringify(Object.keys(m))) };`;
    const names = ['toHaveReceived', 'toHaveReceivedTimes', 'toHaveReceivedEvent', 'toHaveSearched'];
    expect(run(['--input-type=module', '-e', `${fakeExpect}\nawait import('search-emulator/jest');`])).toEqual(names);
    expect(run(['-e', `${fakeExpect}\nrequire('search-emulator/jest');`])).toEqual(names);
    const vitest = `import { expect } from 'vitest';\nawait import('search-emulator/vitest');\nconsole.log(JSON.stringify(typeof expect({}).toHaveReceived));`;
    expect(run(['--input-type=module', '-e', vitest])).toBe('function');
  });

  it('keeps Node built-ins out of the library bundles (and the chunks they load), so browsers and jsdom resolve working code', () => {
    for (const file of loadedFiles([
      'dist/index.js',
      'dist/index.cjs',
      'dist/jest.js',
      'dist/jest.cjs',
      'dist/vitest.js',
      'dist/vitest.cjs',
    ])) {
      const code = readFileSync(new URL(file, root), 'utf8');
      expect(code, file).not.toMatch(
        /(?:from\s+|require\()\s*['"](?:node:)?(?:fs|path|crypto|http|https|child_process|buffer|os|url)['"]/,
      );
    }
  });

  it('loads search-emulator/record from both module systems; no other entry loads it', () => {
    const script = `
      const emulator = createEmulator();
      const recorder = createRecorder(emulator, { mode: 'verify', store: memoryStore(), env: {} });
      const handlers = createHandlers(emulator, { recorder });
      console.log(JSON.stringify({ mode: recorder.mode, handlers: handlers.length > 0, defaults: defaultNormalizers.length, reporter: typeof Reporter }));
    `;
    const expected = { mode: 'verify', handlers: true, defaults: 7, reporter: 'function' };
    const esm = `import { createEmulator } from 'search-emulator';\nimport { createHandlers } from 'search-emulator/msw';\nimport { createRecorder, memoryStore, defaultNormalizers } from 'search-emulator/record';\nimport Reporter from 'search-emulator/record/reporter';\n${script}`;
    expect(run(['--input-type=module', '-e', esm])).toEqual(expected);
    const cjs = `const { createEmulator } = require('search-emulator');\nconst { createHandlers } = require('search-emulator/msw');\nconst { createRecorder, memoryStore, defaultNormalizers } = require('search-emulator/record');\nconst Reporter = require('search-emulator/record/reporter').default;\n${script}`;
    expect(run(['-e', cjs])).toEqual(expected);
    // The recorder's code (src/record/) is in no file another entry loads.
    for (const entry of ['index', 'msw', 'server', 'vitest', 'jest'])
      for (const file of loadedFiles([`dist/${entry}.js`, `dist/${entry}.cjs`]))
        expect(readFileSync(new URL(file, root), 'utf8'), file).not.toMatch(/^\/\/ src\/record\//m);
  });

  const serverScript = `
    const server = await startServer({ port: 0 });
    const res = await fetch(server.url + '/1/indexes', { headers: { 'x-algolia-application-id': 'TESTAPP', 'x-algolia-api-key': 'admin-api-key' } });
    const body = await res.json();
    await server.close();
    console.log(JSON.stringify({ status: res.status, body, main: typeof main }));
  `;
  const served = { status: 200, body: { items: [], nbPages: 1 }, main: 'function' };

  it('serves HTTP from search-emulator/server in an ES module consumer', () => {
    expect(
      run([
        '--input-type=module',
        '-e',
        `import { startServer, main } from 'search-emulator/server';\n${serverScript}`,
      ]),
    ).toEqual(served);
  });

  it('serves HTTP from search-emulator/server in a CommonJS consumer', () => {
    expect(
      run([
        '-e',
        `const { startServer, main } = require('search-emulator/server');\n(async () => {${serverScript}})();`,
      ]),
    ).toEqual(served);
  });
});

/**
 * The files a bundle loads: itself and, transitively, the chunks it imports by relative path
 * (statically or not, unless `imports` says which imports to follow).
 */
function loadedFiles(entries: string[], imports = /(?:from\s+|require\(|import\()\s*['"](\.\/[^'"]+)['"]/g): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(new URL(file, root), 'utf8');
    for (const [, spec] of code.matchAll(imports)) visit(`dist/${spec.slice(2)}`);
  };
  entries.forEach(visit);
  return [...seen];
}
