import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { createHandlers } from '../../src/msw';
import { setupMsw } from '../support/server';
import { DOCS, docsearchConfig, docsearchQuery, docsSiteHandlers } from './docs-site';
import { crawlerApi, SURFACES, type Surface } from './site';

const server = setupMsw();

type DocRecord = {
  objectID: string;
  url: string;
  anchor: string | null;
  type: string;
  content: string | null;
  hierarchy: Record<string, string | null>;
  weight: { pageRank: number; level: number; position: number };
  [key: string]: unknown;
};

/** Crawls the docs site with a DocSearch configuration through the crawler API on one surface. */
async function crawlDocs(surface: Surface, overrides: Record<string, unknown> = {}) {
  const emulator = createEmulator({ now: Date.UTC(2024, 0, 1) });
  server.use(...createHandlers(emulator), ...docsSiteHandlers());
  const api = crawlerApi(emulator, surface);
  const created = await api.createCrawler({ name: 'acme-docs', config: docsearchConfig(emulator, overrides) });
  await api.startReindex({ id: created.id });
  await emulator.advance('1m');
  const { hits } = await emulator.browse({
    indexName: 'acme',
    browseParams: { hitsPerPage: 1000, attributesToRetrieve: ['*'] },
  });
  return { emulator, api, id: created.id as string, created, records: hits as unknown as DocRecord[] };
}

const onPage = (records: DocRecord[], path: string) => records.filter((r) => r.url.split('#')[0] === `${DOCS}${path}`);

describe.each(SURFACES)('a DocSearch crawler over the crawler API (%s)', (surface) => {
  it('puts docsearch:* meta tags on every record, so contextual search finds the page (point 1)', async () => {
    const { emulator, records } = await crawlDocs(surface);
    for (const record of onPage(records, '/docs/install'))
      expect(record).toMatchObject({
        language: 'en',
        version: ['2.0.0', 'latest'],
        docusaurus_tag: 'docs-default-current',
        lang: 'en',
      });
    // recordVersion v3: none of the fields only the DocSearch v2 UI reads.
    expect(records[0]).not.toHaveProperty('hierarchy_radio');
    for (const record of onPage(records, '/docs/1.0/install')) expect(record.version).toBe('1.0.0');
    expect(onPage(records, '/blog/release')[0]).not.toHaveProperty('language');

    // Docusaurus's contextual search: the current version in English.
    const current = await docsearchQuery(emulator, 'acme', 'install', [
      'language:en',
      ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
    ]);
    expect(current.nbHits).toBeGreaterThan(0);
    expect(new Set(current.hits.map((hit) => hit.url.split('#')[0]))).toEqual(new Set([`${DOCS}/docs/install`]));
    const french = await docsearchQuery(emulator, 'acme', 'installer', ['language:fr', 'version:latest']);
    expect(french.hits.map((hit) => hit.url)).toEqual([`${DOCS}/fr/docs/install#installer`]);
    const old = await docsearchQuery(emulator, 'acme', 'script', ['version:1.0.0']);
    expect(old.hits.map((hit) => hit.hierarchy.lvl1)).toEqual(['Install Acme 1.0']);
  });

  it('answers DocSearch with hierarchy, snippets and anchors; a `name` anchor links its heading (point 5)', async () => {
    const { emulator, records } = await crawlDocs(surface);
    const configure = onPage(records, '/docs/install').filter(
      (r) => r.hierarchy.lvl2 === 'Configure' && r.hierarchy.lvl3 === null,
    );
    expect(configure.map(({ type, anchor, url }) => ({ type, anchor, url }))).toEqual([
      { type: 'lvl2', anchor: 'configure', url: `${DOCS}/docs/install#configure` },
      { type: 'content', anchor: 'configure', url: `${DOCS}/docs/install#configure` },
    ]);
    const { hits } = await docsearchQuery(emulator, 'acme', 'acme.config.js root', ['language:en']);
    expect(hits[0]).toMatchObject({
      type: 'content',
      url: `${DOCS}/docs/install#configure`,
      hierarchy: { lvl0: 'Documentation', lvl1: 'Install Acme', lvl2: 'Configure', lvl3: null },
      content: 'Write acme.config.js at the project root.',
    });
    // Only what DocSearch retrieves comes back, with its snippet.
    expect(Object.keys(hits[0]).sort()).toEqual(
      ['_highlightResult', '_snippetResult', 'content', 'hierarchy', 'objectID', 'type', 'url'].sort(),
    );
    expect(hits[0]._snippetResult?.content?.value).toContain('<mark>');
  });
});

describe('the DocSearch helper as the templates and docs use it (over HTTP)', () => {
  it('a custom variable with only a defaultValue gives that value (point 2); one from a selector gives a string (point 6)', async () => {
    const { emulator, records } = await crawlDocs('http');
    const install = onPage(records, '/docs/install');
    expect(install.length).toBeGreaterThan(0);
    for (const record of install) expect(record).toMatchObject({ tags: ['docs'], team: 'Platform team' });
    // The French page has no `.team`: no value.
    for (const record of onPage(records, '/fr/docs/install')) expect(record.team).toBeNull();
    const { facets } = await emulator.searchSingleIndex({
      indexName: 'acme',
      searchParams: { query: '', facets: ['tags', 'team'], distinct: false },
    });
    expect(facets?.team).toEqual({ 'Platform team': install.length + onPage(records, '/docs/1.0/install').length });
    expect(Object.keys(facets?.tags ?? {})).toEqual(['docs']);
  });

  it('pageRank written as a string ranks the records it weighs (point 3)', async () => {
    const { emulator, records } = await crawlDocs('http');
    expect(new Set(onPage(records, '/blog/release').map((r) => r.weight.pageRank))).toEqual(new Set([-2000]));
    expect(new Set(onPage(records, '/docs/install').map((r) => r.weight.pageRank))).toEqual(new Set([0]));
    // The blog post says exactly what the install page says: the page rank puts the docs first.
    const { hits } = await docsearchQuery(emulator, 'acme', 'installs with one command');
    const pages = hits.map((hit) => hit.url.split('#')[0]);
    expect(pages.indexOf(`${DOCS}/docs/install`)).toBeGreaterThanOrEqual(0);
    expect(pages.indexOf(`${DOCS}/docs/install`)).toBeLessThan(pages.indexOf(`${DOCS}/blog/release`));
  });

  it('indexHeadings { from, to } makes heading records for those levels only (point 4)', async () => {
    const extractor = ({ helpers }: { helpers: any }) =>
      helpers.docsearch({
        recordProps: {
          lvl0: { selectors: '', defaultValue: 'Documentation' },
          lvl1: 'article h1',
          lvl2: 'article h2',
          lvl3: 'article h3',
          content: 'article p, article li',
        },
        indexHeadings: { from: 2, to: 2 },
        recordVersion: 'v3',
      });
    const { records } = await crawlDocs('http', {
      actions: [{ indexName: 'acme', pathsToMatch: [`${DOCS}/**`], recordExtractor: extractor }],
    });
    const types = onPage(records, '/docs/install').map((r) => r.type);
    expect(new Set(types)).toEqual(new Set(['lvl2', 'content']));
    expect(types.filter((type) => type === 'lvl2')).toHaveLength(2);
    // The headings still frame the content records below them.
    expect(onPage(records, '/docs/install').find((r) => r.content?.startsWith('ACME_TOKEN'))?.hierarchy).toMatchObject({
      lvl1: 'Install Acme',
      lvl2: 'Configure',
      lvl3: 'Environment variables',
    });
  });

  it('recordVersion v2 (the default) adds the fields the DocSearch v2 UI reads; v3 leaves them out', async () => {
    const extractor = ({ helpers }: { helpers: any }) =>
      helpers.docsearch({
        recordProps: { lvl0: { selectors: '', defaultValue: 'Docs' }, lvl1: 'h1', lvl2: 'h2', content: 'p' },
      });
    const { records } = await crawlDocs('http', {
      actions: [{ indexName: 'acme', pathsToMatch: [`${DOCS}/docs/install`], recordExtractor: extractor }],
    });
    const heading = records.find((r) => r.type === 'lvl2' && r.hierarchy.lvl2 === 'Requirements')!;
    expect(heading).toMatchObject({
      hierarchy_radio: { lvl0: null, lvl1: null, lvl2: 'Requirements' },
      hierarchy_camel: heading.hierarchy,
      content_camel: null,
    });
  });

  it('a configuration without apiKey gets a generated key with the crawler rights, and crawls with it (point 7)', async () => {
    const { emulator, api, id, records } = await crawlDocs('http');
    const { config } = await api.getCrawler({ id, withConfig: true });
    expect(config.apiKey).toMatch(/^[0-9a-f]{32}$/);
    expect(config.apiKey).not.toBe(emulator.adminApiKey);
    const key = await emulator.getApiKey({ key: config.apiKey });
    expect([...key.acl].sort()).toEqual(
      [
        'addObject',
        'browse',
        'deleteIndex',
        'deleteObject',
        'editSettings',
        'listIndexes',
        'search',
        'settings',
      ].sort(),
    );
    expect(records.length).toBeGreaterThan(10);
    expect((await api.getCrawler({ id })).blocked).toBe(false);
    // With an index prefix, the key reaches the prefixed indices only.
    const prefixed = await api.createCrawler({
      name: 'prefixed',
      config: docsearchConfig(emulator, { indexPrefix: 'crawler_' }),
    });
    const second = await api.getCrawler({ id: prefixed.id, withConfig: true });
    expect((await emulator.getApiKey({ key: second.config.apiKey })).indexes).toEqual(['crawler_*']);
  });
});

describe('what DocSearch sees stays deterministic', () => {
  it('the same crawl gives the same records twice', async () => {
    const first = (await crawlDocs('http')).records;
    const again = (await crawlDocs('http')).records;
    expect(again).toEqual(first);
  });
});
