import { algoliasearch } from 'algoliasearch';
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { Emulator } from '../../src';

export const DOCS = 'https://docs.test';

interface DocPage {
  lang: string;
  meta?: Record<string, string>;
  title: string;
  body: string;
}

const page = ({ lang, meta = {}, title, body }: DocPage) =>
  `<!doctype html><html lang="${lang}"><head><title>${title} | Acme Docs</title>` +
  Object.entries(meta)
    .map(([name, content]) => `<meta name="docsearch:${name}" content="${content}">`)
    .join('') +
  `</head><body><nav><a class="navbar__link--active" href="/docs/install">Docs</a></nav>${body}</body></html>`;

/**
 * A small documentation site as Docusaurus renders one: pages declare `docsearch:language`,
 * `docsearch:version` (comma-separated tokens) and `docsearch:docusaurus_tag` meta tags; the
 * current docs in English and French, the 1.0 docs, and a blog post without any meta tag.
 * One heading carries its anchor in `name` rather than `id`.
 */
export function docsSiteHandlers(): RequestHandler[] {
  const current = { version: '2.0.0,latest', docusaurus_tag: 'docs-default-current' };
  const pages: Record<string, string> = {
    '/': page({
      lang: 'en',
      title: 'Home',
      body: '<a href="/docs/install">Install</a><a href="/docs/1.0/install">1.0</a><a href="/fr/docs/install">FR</a><a href="/blog/release">Blog</a>',
    }),
    '/docs/install': page({
      lang: 'en',
      meta: { language: 'en', ...current },
      title: 'Install',
      body:
        '<span class="team">Platform team</span><article><header><h1 id="install">Install Acme</h1></header>' +
        '<p>Acme installs with one command.</p>' +
        '<h2 id="requirements">Requirements</h2><p>Acme needs Node 20 or later.</p><ul><li>Linux or macOS</li></ul>' +
        '<h2 name="configure">Configure</h2><p>Write acme.config.js at the project root.</p>' +
        '<h3 id="environment">Environment variables</h3><p>ACME_TOKEN holds the deploy token.</p></article>',
    }),
    '/docs/1.0/install': page({
      lang: 'en',
      meta: { language: 'en', version: '1.0.0', docusaurus_tag: 'docs-default-1.0' },
      title: 'Install (1.0)',
      body:
        '<span class="team">Platform team</span><article><header><h1 id="install">Install Acme 1.0</h1></header>' +
        '<p>Acme 1.0 installs with a shell script.</p></article>',
    }),
    '/fr/docs/install': page({
      lang: 'fr',
      meta: { language: 'fr', ...current },
      title: 'Installer',
      body:
        '<article><header><h1 id="installer">Installer Acme</h1></header>' +
        "<p>Acme s'installe en une commande.</p></article>",
    }),
    '/blog/release': page({
      lang: 'en',
      title: 'Acme 2.0',
      body: '<article><header><h1 id="release">Acme 2.0 is out</h1></header><p>Acme installs with one command.</p></article>',
    }),
  };
  return [
    http.get(`${DOCS}/robots.txt`, () => new HttpResponse(null, { status: 404 })),
    ...Object.entries(pages).map(([path, html]) => http.get(`${DOCS}${path}`, () => HttpResponse.html(html))),
  ];
}

/** The DocSearch record extractor of the Docusaurus template, with what the users add. */
export const docsearchExtractor = ({ url, helpers }: { url: URL; helpers: any }) =>
  helpers.docsearch({
    recordProps: {
      lvl0: { selectors: '', defaultValue: 'Documentation' },
      lvl1: ['header h1', 'article h1'],
      lvl2: 'article h2',
      lvl3: 'article h3',
      content: 'article p, article li',
      tags: { defaultValue: ['docs'] },
      team: '.team',
      pageRank: /\/blog\//.test(url.pathname) ? '-2000' : '0',
    },
    indexHeadings: true,
    aggregateContent: true,
    recordVersion: 'v3',
  });

/** The DocSearch template's index settings (Docusaurus v2), with `tags` and `team` as facets. */
export const DOCSEARCH_SETTINGS = {
  attributesForFaceting: ['type', 'lang', 'language', 'version', 'docusaurus_tag', 'tags', 'team'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  searchableAttributes: [
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'content',
  ],
  distinct: true,
  attributeForDistinct: 'url',
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
};

/** A crawler configuration from the DocSearch template: no `apiKey` (the crawler generates one). */
export function docsearchConfig(emulator: Pick<Emulator, 'appId'>, overrides: Record<string, unknown> = {}) {
  return {
    appId: emulator.appId,
    rateLimit: 8,
    maxDepth: 10,
    startUrls: [`${DOCS}/`],
    discoveryPatterns: [`${DOCS}/**`],
    ignoreCanonicalTo: true,
    actions: [{ indexName: 'acme', pathsToMatch: [`${DOCS}/**`], recordExtractor: docsearchExtractor }],
    initialIndexSettings: { acme: DOCSEARCH_SETTINGS },
    ...overrides,
  };
}

/**
 * Searches the way DocSearch's front end does (@docsearch/react's request: hierarchy, content,
 * type and url retrieved, `content:10` snippets with `…`, `<mark>` highlights, 20 hits), with
 * the real v5 client over msw and a search-only key, plus Docusaurus-style `facetFilters`.
 */
export async function docsearchQuery(
  emulator: Emulator,
  indexName: string,
  query: string,
  facetFilters?: (string | string[])[],
) {
  const { key } = await emulator.addApiKey({ acl: ['search'] });
  const client = algoliasearch(emulator.appId, key);
  const { results } = await client.search({
    requests: [
      {
        indexName,
        query,
        attributesToRetrieve: [
          'hierarchy.lvl0',
          'hierarchy.lvl1',
          'hierarchy.lvl2',
          'hierarchy.lvl3',
          'hierarchy.lvl4',
          'hierarchy.lvl5',
          'hierarchy.lvl6',
          'content',
          'type',
          'url',
        ],
        attributesToSnippet: [
          'hierarchy.lvl1:10',
          'hierarchy.lvl2:10',
          'hierarchy.lvl3:10',
          'hierarchy.lvl4:10',
          'hierarchy.lvl5:10',
          'hierarchy.lvl6:10',
          'content:10',
        ],
        snippetEllipsisText: '…',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        hitsPerPage: 20,
        ...(facetFilters ? { facetFilters } : {}),
      },
    ],
  });
  return results[0] as {
    hits: {
      objectID: string;
      url: string;
      type: string;
      content: string | null;
      hierarchy: Record<string, string | null>;
      _snippetResult?: { content?: { value: string } };
    }[];
    nbHits: number;
  };
}
