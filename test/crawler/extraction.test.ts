import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { makePdf } from './pdf';
import { crawlerApi, SITE, siteConfig, siteHandlers, SURFACES } from './site';
import { createHandlers } from '../../src/msw';
import { setupMsw } from '../support/server';

const server = setupMsw();

const html = (body: string, head = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

/** An emulator serving `pages` (path -> HTML) on site.test, and a crawler for it. */
async function crawlerFor(
  pages: Record<string, string | Response>,
  overrides: Record<string, unknown> = {},
  seed = 'search-emulator',
) {
  const emulator = createEmulator({ now: Date.UTC(2024, 0, 1), seed });
  server.use(
    ...createHandlers(emulator),
    http.get(`${SITE}/robots.txt`, () => new HttpResponse(null, { status: 404 })),
    ...Object.entries(pages).map(([path, page]) =>
      http.get(`${SITE}${path}`, () => (typeof page === 'string' ? HttpResponse.html(page) : page)),
    ),
  );
  const config = siteConfig(emulator, {
    sitemaps: [],
    exclusionPatterns: [],
    actions: [
      {
        indexName: 'pages',
        pathsToMatch: [`${SITE}/**`],
        recordExtractor: ({ $ }: any) => [{ title: $('h1').text() }],
      },
    ],
    ...overrides,
  });
  const { id } = await emulator.createCrawler({ name: 'site', config });
  const crawl = async () => {
    await emulator.startReindex({ id });
    await emulator.advance('1m');
    const stats = await emulator.getStats({ id });
    const reasons = Object.fromEntries(stats.data.map((g: { reason: string; count: number }) => [g.reason, g.count]));
    const { hits } = await emulator.browse({ indexName: 'crawler_pages' }).catch(() => ({ hits: [] }));
    return { reasons, objectIDs: hits.map((hit: { objectID: string }) => hit.objectID).sort(), hits };
  };
  return { emulator, id, crawl };
}

describe('what a crawl follows', () => {
  it('a canonical link sends the crawl to the canonical page, unless ignoreCanonicalTo', async () => {
    const pages = {
      '/': html('<h1>Copy</h1>', `<link rel="canonical" href="${SITE}/original">`),
      '/original': html('<h1>Original</h1>'),
    };
    expect(await (await crawlerFor(pages)).crawl()).toMatchObject({
      reasons: { canonical_url: 1, success: 1 },
      objectIDs: [`${SITE}/original`],
    });
    expect(await (await crawlerFor(pages, { ignoreCanonicalTo: true })).crawl()).toMatchObject({
      reasons: { success: 1 },
      objectIDs: [`${SITE}/`],
    });
  });

  it('meta robots noindex skips a page (ignoreNoIndex processes it); nofollow and rel=nofollow links are not followed (ignoreNoFollowTo follows them)', async () => {
    const pages = {
      '/': html('<h1>Home</h1><a href="/a">a</a><a rel="nofollow" href="/b">b</a><a href="/hidden">h</a>'),
      '/a': html('<h1>A</h1><a href="/c">c</a>', '<meta name="robots" content="nofollow">'),
      '/b': html('<h1>B</h1>'),
      '/c': html('<h1>C</h1>'),
      '/hidden': html('<h1>Hidden</h1>', '<meta name="ROBOTS" content="noindex">'),
    };
    expect(await (await crawlerFor(pages)).crawl()).toMatchObject({
      reasons: { success: 2, meta_noindex: 1 },
      objectIDs: [`${SITE}/`, `${SITE}/a`],
    });
    const relaxed = await (await crawlerFor(pages, { ignoreNoFollowTo: true, ignoreNoIndex: true })).crawl();
    expect(relaxed.objectIDs).toEqual(['/', '/a', '/b', '/c', '/hidden'].map((path) => `${SITE}${path}`));
  });

  it('ignoreQueryParams makes URLs that differ by them one URL; maxDepth and maxUrls bound the crawl', async () => {
    const pages = {
      '/': html(
        '<h1>Home</h1><a href="/a?utm_source=x">a</a><a href="/a?utm_medium=y&page=2">a2</a><a href="/deep/er/page">deep</a>',
      ),
      '/a': html('<h1>A</h1>'),
      '/deep/er/page': html('<h1>Deep</h1>'),
    };
    const { emulator: _e, crawl } = await crawlerFor({ ...pages }, { ignoreQueryParams: ['utm_*'] });
    server.use(
      http.get(`${SITE}/a`, ({ request }) => HttpResponse.html(html(`<h1>A ${new URL(request.url).search}</h1>`))),
    );
    const result = await crawl();
    expect(result.objectIDs).toEqual([`${SITE}/`, `${SITE}/a`, `${SITE}/a?page=2`, `${SITE}/deep/er/page`]);
    expect((await (await crawlerFor(pages, { maxDepth: 2 })).crawl()).objectIDs).not.toContain(`${SITE}/deep/er/page`);
    expect((await (await crawlerFor(pages, { maxUrls: 2 })).crawl()).objectIDs).toHaveLength(2);
  });

  it('ignoreRobotsTxtRules crawls what robots.txt disallows', async () => {
    const emulator = createEmulator();
    server.use(...createHandlers(emulator), ...siteHandlers());
    const { id } = await emulator.createCrawler({
      name: 's',
      config: siteConfig(emulator, { ignoreRobotsTxtRules: true }),
    });
    await emulator.startReindex({ id });
    await emulator.advance('1m');
    const paths = (await emulator.browse({ indexName: 'crawler_pages' })).hits.map(
      (hit) => (hit as { path?: string }).path,
    );
    expect(paths).toContain('/private/secret');
  });

  it('a linkExtractor decides the links, with the default extractor at hand', async () => {
    const pages = {
      '/': html('<h1>Home</h1><a href="/a">a</a><a href="/b">b</a>'),
      '/a': html('<h1>A</h1>'),
      '/b': html('<h1>B</h1>'),
    };
    const linkExtractor = ({ defaultExtractor }: any) =>
      defaultExtractor().filter((url: string) => !url.endsWith('/b'));
    expect((await (await crawlerFor(pages, { linkExtractor })).crawl()).objectIDs).toEqual([`${SITE}/`, `${SITE}/a`]);
  });

  it('an undeclared page is a network error the crawl records, never a crash', async () => {
    const { crawl } = await crawlerFor({ '/': html('<h1>Home</h1><a href="/nowhere">x</a>') });
    expect((await crawl()).reasons).toEqual({ success: 1, network_error: 1 });
  });
});

describe('what an action extracts', () => {
  it('selectorsToMatch (with ! negation) and fileTypesToMatch choose the actions that run', async () => {
    // A Response is read once: each crawl gets its own.
    const pages = () => ({
      '/': html('<h1>Home</h1><div class="product"></div><a href="/hidden">h</a><a href="/doc.pdf">pdf</a>'),
      '/hidden': html('<h1>Hidden</h1><div class="product hidden"></div>'),
      '/doc.pdf': new HttpResponse(makePdf('Doc', [['A document']]), {
        headers: { 'content-type': 'application/pdf' },
      }),
    });
    const actions = [
      {
        indexName: 'pages',
        pathsToMatch: [`${SITE}/**`],
        selectorsToMatch: ['.product', '!.hidden'],
        fileTypesToMatch: ['html', 'pdf'],
        recordExtractor: ({ $ }: any) => [{ title: $('h1').text() }],
      },
    ];
    // The PDF is read (an action takes pdf), then has no `.product`.
    expect(await (await crawlerFor(pages(), { actions })).crawl()).toMatchObject({
      reasons: { success: 1, no_action_matched: 2 },
      objectIDs: [`${SITE}/`],
    });
    const htmlOnly = [{ ...actions[0], fileTypesToMatch: ['html'] }];
    expect((await (await crawlerFor(pages(), { actions: htmlOnly })).crawl()).reasons).toEqual({
      success: 1,
      no_action_matched: 1,
      file_type_not_matched: 1,
    });
  });

  it('objectIDs: the URL for one record, <url>#n for several, a failure without autoGenerateObjectIDs', async () => {
    const pages = { '/': html('<h1>Home</h1><p>a</p><p>b</p>') };
    const several = ({ $ }: any) =>
      $('p')
        .toArray()
        .map((p: any) => ({ text: $(p).text() }));
    const { hits } = await (
      await crawlerFor(pages, { actions: [{ indexName: 'pages', recordExtractor: several }] })
    ).crawl();
    // The index lists equally ranked records by objectID, descending.
    expect(hits).toEqual([
      { text: 'b', objectID: `${SITE}/#1` },
      { text: 'a', objectID: `${SITE}/#0` },
    ]);
    const strict = await (
      await crawlerFor(pages, {
        actions: [{ indexName: 'pages', autoGenerateObjectIDs: false, recordExtractor: several }],
      })
    ).crawl();
    expect(strict.reasons).toEqual({ missing_object_id: 1 });
  });

  it('helpers.splitContentIntoRecords and helpers.docsearch build records from the page', async () => {
    const body = `<main><h1 id="top">Guide</h1><p>${'word '.repeat(60)}</p><h2 id="install">Install</h2><p>Run npm.</p><p>Then test.</p></main>`;
    const { emulator, id } = await crawlerFor({ '/': html(body) });
    const split = ({ helpers }: any) =>
      helpers.splitContentIntoRecords({
        baseRecord: { kind: 'chunk' },
        maxRecordBytes: 120,
        orderingAttributeName: 'part',
      });
    const splitResult = await emulator.testUrl({
      id,
      url: `${SITE}/`,
      config: { actions: [{ indexName: 'pages', recordExtractor: split }] },
    });
    const chunks = splitResult.records[0].records;
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks)
      expect(
        new TextEncoder().encode(JSON.stringify({ kind: chunk.kind, text: chunk.text, part: chunk.part })).length,
      ).toBeLessThanOrEqual(120);
    expect(chunks.map((chunk: { text: string }) => chunk.text).join(' ')).toBe(
      `Guide ${'word '.repeat(60).trim()} Install Run npm. Then test.`,
    );

    const docs = ({ helpers }: any) =>
      helpers.docsearch({
        recordProps: {
          lvl0: { selectors: '', defaultValue: 'Docs' },
          lvl1: 'main h1',
          lvl2: 'main h2',
          content: 'main p',
        },
      });
    const docsResult = await emulator.testUrl({
      id,
      url: `${SITE}/`,
      config: { actions: [{ indexName: 'pages', recordExtractor: docs }] },
    });
    const records = docsResult.records[0].records.map(({ type, content, anchor, hierarchy }: any) => ({
      type,
      content: content?.slice(0, 9) ?? null,
      anchor,
      lvl1: hierarchy.lvl1,
      lvl2: hierarchy.lvl2,
      lvl0: hierarchy.lvl0,
    }));
    expect(records).toEqual([
      { type: 'lvl1', content: null, anchor: 'top', lvl0: 'Docs', lvl1: 'Guide', lvl2: null },
      { type: 'content', content: 'word word', anchor: 'top', lvl0: 'Docs', lvl1: 'Guide', lvl2: null },
      { type: 'lvl2', content: null, anchor: 'install', lvl0: 'Docs', lvl1: 'Guide', lvl2: 'Install' },
      { type: 'content', content: 'Run npm. ', anchor: 'install', lvl0: 'Docs', lvl1: 'Guide', lvl2: 'Install' },
    ]);
  });

  it('helpers.splitContentIntoRecords reads the text a reader sees: never script, style or noscript', async () => {
    const body =
      '<h1>Guide</h1><script>var secret = "tracker";</script><p>Visible <b>words</b></p>' +
      '<style>p { color: red }</style><noscript>Enable scripts</noscript><p>End.</p>';
    const { emulator, id } = await crawlerFor({ '/': html(body, '<script>window.head = 1;</script>') });
    const split = ({ helpers }: any) => helpers.splitContentIntoRecords({});
    const { records } = await emulator.testUrl({
      id,
      url: `${SITE}/`,
      config: { actions: [{ indexName: 'pages', recordExtractor: split }] },
    });
    expect(records[0].records.map((record: { text: string }) => record.text)).toEqual(['Guide Visible words End.']);
    // Inside the chosen elements too.
    const within = ({ $, helpers }: any) => helpers.splitContentIntoRecords({ $elements: $('h1, script, p') });
    const scoped = await emulator.testUrl({
      id,
      url: `${SITE}/`,
      config: { actions: [{ indexName: 'pages', recordExtractor: within }] },
    });
    expect(scoped.records[0].records.map((record: { text: string }) => record.text)).toEqual([
      'Guide Visible words End.',
    ]);
  });

  it('runs extractors from their source, isolated: a variable of the test is not there, a loop is stopped', async () => {
    const { emulator, id } = await crawlerFor({ '/': html('<h1>Home</h1>') });
    const outside = 'from the test';
    const closure = () => [{ outside }];
    const leaked = await emulator.testUrl({
      id,
      url: `${SITE}/`,
      config: { actions: [{ indexName: 'pages', recordExtractor: closure }] },
    });
    expect(leaked.error).toEqual({ code: 'extractor_error', message: 'ReferenceError: outside is not defined' });
    const escape = () => [{ process: typeof process, require: typeof require }];
    const isolated = await emulator.testUrl({
      id,
      url: `${SITE}/`,
      config: { actions: [{ indexName: 'pages', recordExtractor: escape }] },
    });
    expect(isolated.records[0].records).toEqual([{ process: 'undefined', require: 'undefined', objectID: `${SITE}/` }]);
    const loop = { __type: 'function', source: '() => { for (;;) {} }' };
    const stopped = await emulator.testUrl({
      id,
      url: `${SITE}/`,
      config: { actions: [{ indexName: 'pages', recordExtractor: loop }] },
    });
    expect(stopped.error).toEqual({
      code: 'extractor_timeout',
      message: 'ExtractorTimeout: Extractor execution timed out (2000 ms)',
    });
  });
});

describe('schedule and determinism', () => {
  it('a new crawler reindexes on its schedule, on the clock; pauseCrawler stops the schedule, runCrawler resumes it', async () => {
    const { emulator, id } = await crawlerFor({ '/': html('<h1>Home</h1>') }, { schedule: 'every 1 day at 3:00 pm' });
    // Not paused: the first scheduled crawl runs without a run or reindex call.
    await emulator.advance('1d');
    expect(await emulator.getCrawler({ id })).toMatchObject({
      running: true,
      lastReindexStartedAt: '2024-01-01T15:00:00.000Z',
      lastReindexEndedAt: '2024-01-01T15:00:01.000Z',
    });
    await emulator.pauseCrawler({ id });
    await emulator.advance('2d');
    expect((await emulator.getCrawler({ id })).lastReindexStartedAt).toBe('2024-01-01T15:00:00.000Z');
    await emulator.runCrawler({ id });
    await emulator.advance('1d');
    expect((await emulator.getCrawler({ id })).lastReindexStartedAt).toBe('2024-01-04T15:00:00.000Z');
    expect((await emulator.listCrawlRuns({ id })).meta.total).toBe(2);
  });

  it('the same seed and calls give the same IDs, tasks, records and logs', async () => {
    const run = async () => {
      const { emulator, id, crawl } = await crawlerFor(
        { '/': html('<h1>Home</h1><a href="/a">a</a>'), '/a': html('<h1>A</h1>') },
        {},
        'seed-1',
      );
      const result = await crawl();
      const { logs } = await emulator.listCrawlRuns({ id });
      return { id, hits: result.hits, logs, file: (await emulator.getCrawlRunFile({ id, logId: logs[0].id })).file };
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first.file).toContain('2024-01-01T00:00:01.000Z DONE https://site.test/ [success] Success (1 records)');
  });
});

describe.each(SURFACES)('extractors on the emulator clock (%s)', (surface) => {
  const clocked = () => [
    {
      iso: new Date().toISOString(),
      called: Date(),
      now: Date.now(),
      isDate: new Date() instanceof Date,
      epoch: new Date(0).toISOString(),
      random: Math.random(),
      floor: Math.floor(2.5),
    },
  ];

  async function run(seed: string) {
    const emulator = createEmulator({ now: Date.UTC(2024, 0, 1), seed });
    server.use(...createHandlers(emulator), ...siteHandlers());
    const api = crawlerApi(emulator, surface);
    const config = siteConfig(emulator, { actions: [{ indexName: 'pages', recordExtractor: clocked }] });
    const { id } = await api.createCrawler({ name: 'site', config });
    emulator.clock.advance('1d');
    const { records } = await api.testUrl({ id, url: `${SITE}/docs/intro` });
    return records[0].records[0];
  }

  it('see the emulator time in Date and the seeded generator in Math.random', async () => {
    const record = await run('clock');
    expect(record).toMatchObject({
      iso: '2024-01-02T00:00:00.000Z',
      called: new Date(Date.UTC(2024, 0, 2)).toString(),
      now: Date.UTC(2024, 0, 2),
      isDate: true,
      epoch: '1970-01-01T00:00:00.000Z',
      floor: 2,
    });
    expect(record.random).toBeGreaterThanOrEqual(0);
    expect(record.random).toBeLessThan(1);
    expect(await run('clock')).toEqual(record);
    expect((await run('another seed')).random).not.toBe(record.random);
  });
});
