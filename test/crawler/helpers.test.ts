import { describe, expect, it } from 'vitest';
import { setupMsw } from '../support/server';
import { html, siteCrawler } from './harness';
import { SITE } from './site';

const server = setupMsw();

const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

/** An article, a product and a plain page, as sites mark them up (JSON-LD and meta tags). */
const PAGES = {
  '/': html('<h1>Shop</h1><a href="/blog/launch">Launch</a><a href="/p/lamp">Lamp</a><a href="/about">About</a>'),
  '/blog/launch': html(
    '<article><h1>We launched</h1><p>The shop opens today with lamps and chairs.</p></article>',
    '<title>Launch | Shop</title><meta property="og:title" content="We launched the shop">' +
      '<meta name="description" content="Opening day"><meta property="og:image" content="https://site.test/launch.png">' +
      '<meta property="article:tag" content="news"><meta property="article:tag" content="shop">' +
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: 'We launched',
        author: [{ '@type': 'Person', name: 'Ada' }],
        keywords: 'launch, shop',
        datePublished: '2024-01-01',
        dateModified: '2024-01-02',
        articleSection: 'News',
      }),
  ),
  '/p/lamp': html(
    '<h1>Desk lamp</h1>',
    '<title>Lamp</title>' +
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'BreadcrumbList' },
          {
            '@type': 'Product',
            name: 'Desk lamp',
            sku: 'LAMP-1',
            description: 'A lamp for desks',
            image: 'https://site.test/lamp.png',
            category: 'Lighting',
            offers: { '@type': 'AggregateOffer', highPrice: '49.00', lowPrice: '39.00', priceCurrency: 'EUR' },
          },
        ],
      }),
  ),
  '/about': html(
    '<main><h1>About us</h1><p>We sell lamps.</p></main><pre class="language-js"><code>shop.open()</code></pre>',
    '<title>About | Shop</title><meta name="description" content="Who we are"><meta name="keywords" content="about, team">',
  ),
};

/** One action per helper, as the crawler's default templates configure them (each into its own index). */
const actions = [
  {
    indexName: 'articles',
    pathsToMatch: [`${SITE}/**`],
    recordExtractor: ({ url, $, helpers }: any) => helpers.article({ url, $ }),
  },
  {
    indexName: 'products',
    pathsToMatch: [`${SITE}/**`],
    recordExtractor: ({ url, $, helpers }: any) => helpers.product({ url, $ }),
  },
  {
    indexName: 'pages',
    pathsToMatch: [`${SITE}/**`],
    recordExtractor: ({ url, $, helpers, contentLength, fileType }: any) =>
      helpers.page({ $, url, contentLength, fileType }),
  },
];

async function browse(emulator: any, indexName: string) {
  const { hits } = await emulator.browse({ indexName, browseParams: { attributesToRetrieve: ['*'] } });
  return hits as Record<string, unknown>[];
}

describe('helpers.article, product and page (crawled over HTTP)', () => {
  it('give one record per matching page, from its JSON-LD and meta tags, and none for other pages', async () => {
    const { emulator, crawl } = await siteCrawler(server, PAGES, { actions });
    const { reasons } = await crawl();
    expect(reasons).toEqual({ success: 4 });
    expect(await browse(emulator, 'articles')).toEqual([
      {
        objectID: `${SITE}/blog/launch`,
        url: `${SITE}/blog/launch`,
        lang: 'en',
        depth: 2,
        headline: 'We launched the shop',
        description: 'Opening day',
        keywords: ['launch', 'shop'],
        tags: ['news', 'shop'],
        image: 'https://site.test/launch.png',
        authors: ['Ada'],
        datePublished: '2024-01-01',
        dateModified: '2024-01-02',
        category: 'News',
        content: 'We launched The shop opens today with lamps and chairs.',
      },
    ]);
    expect(await browse(emulator, 'products')).toEqual([
      {
        objectID: `${SITE}/p/lamp`,
        url: `${SITE}/p/lamp`,
        lang: 'en',
        depth: 2,
        name: 'Desk lamp',
        sku: 'LAMP-1',
        description: 'A lamp for desks',
        image: 'https://site.test/lamp.png',
        price: '49.00',
        currency: 'EUR',
        category: 'Lighting',
      },
    ]);
    const pages = await browse(emulator, 'pages');
    expect(pages.map((record) => record.objectID).sort()).toEqual(
      ['/', '/about', '/blog/launch', '/p/lamp'].map((path) => `${SITE}${path}`).sort(),
    );
    expect(pages.find((record) => record.objectID === `${SITE}/about`)).toEqual({
      objectID: `${SITE}/about`,
      url: `${SITE}/about`,
      lang: 'en',
      depth: 1,
      title: 'About | Shop',
      description: 'Who we are',
      keywords: ['about', 'team'],
      content: 'About us We sell lamps.',
    });
  });

  it('codeSnippets gives the code blocks with their language; split helpers refuse unknown options by name', async () => {
    const codeExtractor = ({ helpers }: any) => helpers.codeSnippets().map((snippet: any) => ({ ...snippet }));
    const { api, id } = await siteCrawler(server, PAGES, {
      actions: [{ indexName: 'pages', pathsToMatch: [`${SITE}/**`], recordExtractor: codeExtractor }],
    });
    const tested = await api.testUrl({ id, url: `${SITE}/about` });
    expect(tested.records[0].records).toEqual([
      { content: 'shop.open()', language: 'js', anchor: null, url: `${SITE}/about`, objectID: `${SITE}/about` },
    ]);
    const wrong = ({ helpers }: any) => helpers.splitContentIntoRecords({ maxBytes: 10 });
    const refused = await api.testUrl({
      id,
      url: `${SITE}/about`,
      config: { actions: [{ indexName: 'pages', recordExtractor: wrong }] },
    });
    expect(refused.error).toEqual({
      code: 'extractor_error',
      message:
        'TypeError: helpers.splitContentIntoRecords: unknown option `maxBytes` (expected $elements, baseRecord, maxRecordBytes, textAttributeName, orderingAttributeName)',
    });
    const markdown = ({ helpers }: any) => helpers.markdown('main');
    const missing = await api.testUrl({
      id,
      url: `${SITE}/about`,
      config: { actions: [{ indexName: 'pages', recordExtractor: markdown }] },
    });
    expect(missing.error.message).toMatch(/helpers\.markdown is not emulated/);
  });

  it('splitContentIntoRecords takes a selector for $elements, splitTextIntoRecords splits a text', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const pages = { '/': html(`<main><p>${words}</p></main><footer>Footer text</footer>`) };
    const split = ({ url, helpers }: any) => [
      ...helpers.splitContentIntoRecords({
        $elements: 'main',
        baseRecord: { url: url.href, kind: 'main' },
        maxRecordBytes: 200,
        textAttributeName: 'body',
        orderingAttributeName: 'part',
      }),
      ...helpers.splitTextIntoRecords({ text: 'one two three', baseRecord: { kind: 'text' } }),
    ];
    const { crawl } = await siteCrawler(server, pages, {
      actions: [{ indexName: 'pages', pathsToMatch: [`${SITE}/**`], recordExtractor: split }],
    });
    const { records } = await crawl();
    const chunks = records.filter((record) => record.kind === 'main').sort((a, b) => a.part - b.part);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((chunk) => chunk.body).join(' ')).toBe(words);
    for (const chunk of chunks) {
      const { objectID: _, ...fields } = chunk;
      expect(new TextEncoder().encode(JSON.stringify(fields)).length).toBeLessThanOrEqual(200);
    }
    expect(records.find((record) => record.kind === 'text')).toMatchObject({ text: 'one two three' });
  });
});
