import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { basicAuth } from '../../src/emulator/facade';
import { expectConforms } from '../support/schemas/validate';
import { rejects } from '../support/surfaces';
import { crawlerApi, extractor, SITE, siteConfig, siteHandlers, SURFACES, type Surface } from './site';
import { createHandlers } from '../../src/msw';
import { setupMsw } from '../support/server';

const server = setupMsw();

const START = Date.UTC(2024, 0, 1);

function open(surface: Surface, options: Parameters<typeof createEmulator>[0] = {}) {
  const emulator = createEmulator({ now: START, ...options });
  server.use(...createHandlers(emulator), ...siteHandlers());
  return { emulator, api: crawlerApi(emulator, surface) };
}

describe('authentication: basic auth with the crawler pair, over HTTP', () => {
  const call = async (authorization: string | undefined, path = '/api/1/crawlers') => {
    const res = await fetch(`https://crawler.algolia.com${path}`, { headers: authorization ? { authorization } : {} });
    return { status: res.status, body: await res.json() };
  };

  it('401 when missing or malformed, 403 when wrong or the crawler does not exist, 200 with the pair', async () => {
    const { emulator } = open('http', { crawlerUserId: 'me', crawlerApiKey: 's3cret' });
    expect((await call(undefined)).status).toBe(401);
    expect((await call('Bearer abc')).status).toBe(401);
    expect((await call('Basic !!!')).status).toBe(401);
    expect((await call(`Basic ${btoa('no-colon')}`)).status).toBe(401);
    const wrong = await call(basicAuth('me', 'nope'));
    expect(wrong).toEqual({
      status: 403,
      body: {
        message: 'Invalid crawler credentials',
        status: 403,
        error: { code: 'forbidden', message: 'Invalid crawler credentials' },
      },
    });
    // The application's admin key is not a crawler credential.
    expect((await call(basicAuth(emulator.appId, emulator.adminApiKey))).status).toBe(403);
    expect((await call(basicAuth('me', 's3cret'))).status).toBe(200);
    const missing = await call(basicAuth('me', 's3cret'), '/api/1/crawlers/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe(
      'User has no access rights to the specified crawler, or the crawler does not exist',
    );
    expect((await call(undefined, '/api/1/domains')).status).toBe(401);
    expect((await call(basicAuth('me', 'x'), '/api/1/domains')).status).toBe(403);
  });

  it('direct calls send the emulator pair; emulator.as() can send another one', async () => {
    const { emulator } = open('direct');
    expect((await emulator.listCrawlers()).total).toBe(0);
    await rejects(
      emulator.as({ apiKey: emulator.adminApiKey, crawler: { userId: 'x', apiKey: 'y' } }).listCrawlers(),
      403,
      'Invalid crawler credentials',
    );
  });
});

describe.each(SURFACES)('crawlers and configurations (%s)', (surface) => {
  it('create, list with filters and pages, get with and without config, rename, delete', async () => {
    const { emulator, api } = open(surface);
    const ids: string[] = [];
    for (const name of ['docs-en', 'docs-fr', 'blog'])
      ids.push((await api.createCrawler({ name, config: siteConfig(emulator) })).id);
    await api.createCrawler({ name: 'other-app', config: siteConfig(emulator, { appId: 'OTHERAPP' }) });
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await api.listCrawlers({ name: 'DOCS' })).toEqual({
      items: [
        { id: ids[0], name: 'docs-en' },
        { id: ids[1], name: 'docs-fr' },
      ],
      itemsPerPage: 20,
      page: 1,
      total: 2,
    });
    expect((await api.listCrawlers({ appId: emulator.appId })).total).toBe(3);
    expect((await api.listCrawlers({ appID: 'OTHERAPP' })).total).toBe(1);
    expect(await api.listCrawlers({ itemsPerPage: 2, page: 2 })).toMatchObject({
      items: [{ name: 'blog' }, { name: 'other-app' }],
      itemsPerPage: 2,
      page: 2,
      total: 4,
    });
    await rejects(
      api.listCrawlers({ itemsPerPage: 0 }),
      400,
      '`itemsPerPage` must be an integer from 1 to 100, got "0"',
    );

    const crawler = await api.getCrawler({ id: ids[0] });
    expect(crawler).toEqual({
      id: ids[0],
      name: 'docs-en',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
      running: false,
      reindexing: false,
      blocked: false,
      lastReindexStartedAt: null,
      lastReindexStartAt: null,
      lastReindexEndedAt: null,
    });
    const { config } = await api.getCrawler({ id: ids[0], withConfig: true });
    expect(config.actions[0].recordExtractor).toEqual({ __type: 'function', source: String(extractor) });

    emulator.clock.advance('1h');
    const { taskId } = await api.patchCrawler({ id: ids[0], name: 'docs-english' });
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await api.getCrawler({ id: ids[0] })).toMatchObject({
      name: 'docs-english',
      updatedAt: '2024-01-01T01:00:00.000Z',
    });
    await api.deleteCrawler({ id: ids[0] });
    await rejects(
      api.getCrawler({ id: ids[0] }),
      403,
      'User has no access rights to the specified crawler, or the crawler does not exist',
    );
    expect((await api.listCrawlers()).total).toBe(3);
  });

  it('refuses invalid configurations with a 400 naming the property (spec message and live error code)', async () => {
    const { emulator, api } = open(surface);
    const good = siteConfig(emulator);
    await rejects(
      api.createCrawler({ config: good }),
      400,
      '`name` must be a string of 1 to 64 characters, got nothing',
    );
    await rejects(
      api.createCrawler({ name: 'x', config: { ...good, rateLimit: 0 } }),
      400,
      'Invalid configuration: `config.rateLimit` must be an integer from 1 to 100, got 0',
    );
    await rejects(
      api.createCrawler({ name: 'x', config: { ...good, startUrl: [] } }),
      400,
      'Invalid configuration: unknown property `config.startUrl`',
    );
    await rejects(
      api.createCrawler({ name: 'x', config: { ...good, appId: undefined } }),
      400,
      'Invalid configuration: `config.appId` is required',
    );
    await rejects(
      api.createCrawler({
        name: 'x',
        config: {
          ...good,
          actions: [{ indexName: 'a', recordExtractor: { __type: 'function', source: '({ $ }) => { return [ }' } }],
        },
      }),
      400,
      /^Invalid configuration: `config.actions\[0\].recordExtractor` does not compile: /,
    );
    await rejects(
      api.createCrawler({ name: 'x', config: { ...good, schedule: 'every 1 hour' } }),
      400,
      /two scheduled crawls must be at least 24 hours apart/,
    );
    await rejects(
      api.createCrawler({ name: 'x', config: { ...good, initialIndexSettings: { pages: { nope: 1 } } } }),
      400,
      /^Invalid configuration: `config.initialIndexSettings.pages`: /,
    );
    const res = await emulator.request({
      method: 'POST',
      host: 'crawler',
      path: '/api/1/crawlers',
      headers: { authorization: basicAuth('crawler-user-id', 'crawler-api-key') },
      body: { name: 'x', config: { ...good, rateLimit: 'fast' } },
    });
    expect(res.body).toMatchObject({ status: 400, error: { code: 'invalid_request' } });
    expect((await api.listCrawlers()).total).toBe(0);
  });

  it('PATCH /config replaces top-level properties only and adds a version; versions list newest first', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    emulator.clock.advance('1m');
    await api.patchConfig({ id, rateLimit: 8, exclusionPatterns: [] });
    emulator.clock.advance('1m');
    await api.patchConfig({ id, maxUrls: 100 });
    const { config } = await api.getCrawler({ id, withConfig: true });
    expect(config).toMatchObject({
      rateLimit: 8,
      exclusionPatterns: [],
      maxUrls: 100,
      indexPrefix: 'crawler_',
      startUrls: [`${SITE}/`],
    });
    expect(await api.listConfigVersions({ id })).toEqual({
      items: [
        { version: 3, createdAt: '2024-01-01T00:02:00.000Z', authorId: 'crawler-user-id' },
        { version: 2, createdAt: '2024-01-01T00:01:00.000Z', authorId: 'crawler-user-id' },
        { version: 1, createdAt: '2024-01-01T00:00:00.000Z', authorId: 'crawler-user-id' },
      ],
      itemsPerPage: 20,
      page: 1,
      total: 3,
    });
    const first = await api.getConfigVersion({ id, version: 1 });
    expect(first.config.rateLimit).toBe(4);
    expect(first.config.maxUrls).toBeUndefined();
    await rejects(api.getConfigVersion({ id, version: 9 }), 404, 'Configuration version does not exist');
    expectConforms('listConfigVersions', 200, await api.listConfigVersions({ id }));
    expectConforms('getConfigVersion', 200, first);
    // These routes document only a 404 (live OpenAPI): an unknown crawler is one there, a 403 elsewhere.
    const unknown = '00000000-0000-4000-8000-000000000000';
    await rejects(api.listConfigVersions({ id: unknown }), 404, 'Crawler does not exist');
    await rejects(api.getConfigVersion({ id: unknown, version: 1 }), 404, 'Crawler does not exist');
    await rejects(api.getCrawler({ id: unknown }), 403, /no access rights/);
    // PATCH of the crawler replaces the whole configuration, without a version.
    await api.patchCrawler({ id, config: siteConfig(emulator, { rateLimit: 1 }) });
    expect((await api.getCrawler({ id, withConfig: true })).config.maxUrls).toBeUndefined();
    expect((await api.listConfigVersions({ id })).total).toBe(3);
  });

  it('lists the domains its crawlers use, with both spellings of verification', async () => {
    const { emulator, api } = open(surface);
    await api.createCrawler({ name: 'a', config: siteConfig(emulator, { extraUrls: ['https://docs.site.test/x'] }) });
    await api.createCrawler({ name: 'b', config: siteConfig(emulator, { appId: 'OTHER' }) });
    expect(await api.listDomains({ appId: emulator.appId })).toEqual({
      items: [
        { appId: emulator.appId, domain: 'site.test', verified: true, validated: true },
        { appId: emulator.appId, domain: 'docs.site.test', verified: true, validated: true },
      ],
      itemsPerPage: 20,
      page: 1,
      total: 2,
    });
    expect((await api.listDomains()).total).toBe(3);
  });
});

describe.each(SURFACES)('crawling specific URLs (%s)', (surface) => {
  it('writes records at once to the live index, or to the temporary one during a reindex', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    const { taskId } = await api.crawlUrls({ id, urls: [`${SITE}/docs/intro`, `${SITE}/missing`] });
    expect(await api.getTaskStatus({ id, taskID: taskId })).toEqual({ pending: false });
    expect((await emulator.browse({ indexName: 'crawler_pages' })).hits).toEqual([
      { objectID: `${SITE}/docs/intro`, title: 'Intro', path: '/docs/intro' },
    ]);
    expect((await api.getStats({ id })).data.map((g: { reason: string }) => g.reason).sort()).toEqual([
      'http_not_found',
      'success',
    ]);

    await api.startReindex({ id });
    await emulator.advance('1s');
    await api.crawlUrls({ id, urls: [`${SITE}/docs/guide/advanced`], save: false });
    const temporary = await emulator.browse({ indexName: 'crawler_pages.tmp' });
    expect(temporary.hits.map((hit) => (hit as { path?: string }).path)).toContain('/docs/guide/advanced');
    expect((await emulator.browse({ indexName: 'crawler_pages' })).hits).toHaveLength(1);
  });

  it('a blocked crawler is not reindexing: its records go to the live index and survive the cancel', async () => {
    const { emulator, api } = open(surface);
    server.use(http.get(`${SITE}/fresh`, () => HttpResponse.html('<h1>Fresh</h1>')));
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    await api.startReindex({ id });
    await emulator.advance('1m');
    await api.patchConfig({ id, safetyChecks: { beforeIndexPublishing: { maxFailedUrls: 0 } } });
    const { taskId } = await api.startReindex({ id });
    await emulator.advance('1m');
    expect(await api.getCrawler({ id })).toMatchObject({ blocked: true, reindexing: false });
    await api.crawlUrls({ id, urls: [`${SITE}/fresh`], save: false });
    const paths = async (indexName: string) =>
      (await emulator.browse({ indexName })).hits.map((hit) => (hit as { path?: string }).path);
    expect(await paths('crawler_pages')).toContain('/fresh');
    expect(await paths('crawler_pages.tmp')).not.toContain('/fresh');
    await api.cancelBlockingAction({ id, taskID: taskId });
    expect(await paths('crawler_pages')).toContain('/fresh');
    expect((await emulator.listIndices()).items.map((index: { name: string }) => index.name)).toEqual([
      'crawler_pages',
    ]);
  });

  it('a crawl-URLs call blocked by a weak key, then retried with a good one, writes to the live index', async () => {
    const { emulator, api } = open(surface);
    server.use(http.get(`${SITE}/fresh`, () => HttpResponse.html('<h1>Fresh</h1>')));
    const { key } = await emulator.addApiKey({ acl: ['search'] });
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator, { apiKey: key }) });
    const { taskId } = await api.crawlUrls({ id, urls: [`${SITE}/docs/intro`], save: false });
    expect(await api.getCrawler({ id })).toMatchObject({ blocked: true, blockingTaskId: taskId, reindexing: false });
    await api.patchConfig({ id, apiKey: emulator.adminApiKey });
    await api.crawlUrls({ id, urls: [`${SITE}/fresh`], save: false });
    await api.cancelBlockingAction({ id, taskID: taskId });
    expect((await emulator.browse({ indexName: 'crawler_pages' })).hits).toEqual([
      { objectID: `${SITE}/fresh`, title: 'Fresh', path: '/fresh' },
    ]);
    expect((await emulator.listIndices()).items.map((index: { name: string }) => index.name)).toEqual([
      'crawler_pages',
    ]);
  });

  it('a weak key during a reindex blocks the crawler on the reindex task, which stays pending until cancelled', async () => {
    const { emulator, api } = open(surface);
    const { key } = await emulator.addApiKey({ acl: ['search'] });
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    const reindex = (await api.startReindex({ id })).taskId;
    await emulator.advance('1s');
    await api.patchConfig({ id, apiKey: key });
    const call = (await api.crawlUrls({ id, urls: [`${SITE}/docs/intro`], save: false })).taskId;
    expect(await api.getCrawler({ id })).toMatchObject({ blocked: true, blockingTaskId: reindex });
    expect(await api.getTaskStatus({ id, taskID: reindex })).toEqual({ pending: true });
    expect(await api.getTaskStatus({ id, taskID: call })).toEqual({ pending: false });
    expect(await api.cancelBlockingAction({ id, taskID: reindex })).toEqual({});
    expect(await api.getTaskStatus({ id, taskID: reindex })).toEqual({ pending: false });
    expect((await emulator.listIndices()).items).toEqual([]);
  });

  it('a weak key with no crawl under way blocks on the call, and the last crawl keeps its run and stats', async () => {
    const { emulator, api } = open(surface);
    const { key } = await emulator.addApiKey({ acl: ['search'] });
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    await api.startReindex({ id });
    await emulator.advance('1m');
    await api.patchConfig({ id, apiKey: key });
    const { taskId } = await api.crawlUrls({ id, urls: [`${SITE}/docs/intro`], save: false });
    const crawler = await api.getCrawler({ id });
    expect(crawler).toMatchObject({ blocked: true, blockingTaskId: taskId, reindexing: false });
    expect(crawler.blockingError).toMatch(/is missing the ACL addObject/);
    expect(await api.getTaskStatus({ id, taskID: taskId })).toEqual({ pending: true });
    expect((await api.getStats({ id })).count).toBe(15);
    expect((await api.listCrawlRuns({ id })).logs.map((run: { status: string }) => run.status)).toEqual(['DONE']);
    await api.cancelBlockingAction({ id, taskID: taskId });
    expect(await api.getCrawler({ id })).toMatchObject({ blocked: false, reindexing: false });
    expect(await api.getTaskStatus({ id, taskID: taskId })).toEqual({ pending: false });
    expect((await api.getStats({ id })).count).toBe(15);
  });

  it('save: true adds to extraUrls unless in startUrls or sitemaps; false never; unspecified only what the last reindex did not index', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({
      name: 'site',
      config: siteConfig(emulator, { startUrls: [`${SITE}/`, `${SITE}/blog/`] }),
    });
    await api.startReindex({ id });
    await emulator.advance('1m');
    const extra = async () => (await api.getCrawler({ id, withConfig: true })).config.extraUrls;
    await api.crawlUrls({ id, urls: [`${SITE}/blog/`, `${SITE}/docs/intro`], save: true });
    expect(await extra()).toEqual([`${SITE}/docs/intro`]);
    await api.crawlUrls({ id, urls: [`${SITE}/docs/moved`], save: false });
    expect(await extra()).toEqual([`${SITE}/docs/intro`]);
    // Unspecified: /docs/guide/ was indexed by the last reindex, /missing and /new-page were not.
    server.use(http.get(`${SITE}/new-page`, () => HttpResponse.html('<h1>New</h1>')));
    await api.crawlUrls({ id, urls: [`${SITE}/docs/guide/`, `${SITE}/missing`, `${SITE}/new-page`] });
    expect(await extra()).toEqual([`${SITE}/docs/intro`, `${SITE}/missing`, `${SITE}/new-page`]);
    expect((await api.listConfigVersions({ id })).total).toBe(3);
  });

  it('takes at most 50 URLs per call and 200 calls per 24 hours of the clock', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    const urls = Array.from({ length: 51 }, (_, i) => `${SITE}/p${i}`);
    await rejects(api.crawlUrls({ id, urls }), 400, '`urls` holds 51 URLs: 50 at most per call');
    await rejects(
      api.crawlUrls({ id, urls: ['ftp://site.test/x'] }),
      400,
      '`urls`: "ftp://site.test/x" is not an http(s) URL',
    );
    await rejects(api.crawlUrls({ id }), 400, '`urls` is required: an array of 1 to 50 URLs');
    for (let i = 0; i < 200; i++) {
      await api.crawlUrls({ id, urls: [`${SITE}/docs/intro`], save: false });
      if (i === 99) emulator.clock.advance('12h');
    }
    await rejects(
      api.crawlUrls({ id, urls: [`${SITE}/docs/intro`] }),
      429,
      'Too many crawl URLs calls: 200 are allowed per 24 hours',
    );
    emulator.clock.advance('12h'); // the first 100 calls are now more than 24 hours old
    await api.crawlUrls({ id, urls: [`${SITE}/docs/intro`], save: false });
  });
});

describe.each(SURFACES)('the test endpoint (%s)', (surface) => {
  it('answers the full Test result and writes nothing', async () => {
    const { emulator, api } = open(surface, { crawlerExternalData: { prices: { [`${SITE}/docs/`]: { price: 10 } } } });
    const logging = ({ url, $, dataSources }: any) => {
      console.log('title', $('h1').text(), { price: dataSources.prices.price });
      return [{ title: $('h1').text(), price: dataSources.prices.price, at: url.pathname }];
    };
    const config = siteConfig(emulator, {
      externalData: ['prices'],
      actions: [{ indexName: 'pages', pathsToMatch: [`${SITE}/**`], recordExtractor: logging }],
    });
    const { id } = await api.createCrawler({ name: 'site', config });
    emulator.clock.advance('1h');
    const result = await api.testUrl({ id, url: `${SITE}/docs/` });
    expect(result).toEqual({
      startDate: '2024-01-01T01:00:00.000Z',
      endDate: '2024-01-01T01:00:00.000Z',
      logs: [[`Processing url '${SITE}/docs/'`], ['title', 'Docs', '{"price":10}']],
      records: [
        {
          indexName: 'crawler_pages',
          records: [{ title: 'Docs', price: 10, at: '/docs/', objectID: `${SITE}/docs/` }],
          recordsPerExtractor: [
            {
              index: 0,
              type: 'custom',
              records: [{ title: 'Docs', price: 10, at: '/docs/', objectID: `${SITE}/docs/` }],
            },
          ],
        },
      ],
      links: [`${SITE}/docs/intro`, `${SITE}/docs/guide/`],
      externalData: { prices: { price: 10 } },
      error: {},
    });
    expect((await emulator.listIndices()).items).toEqual([]);
  });

  it('applies config overrides to that test only, and reports a failed URL in `error`', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    const overridden = await api.testUrl({
      id,
      url: `${SITE}/`,
      config: { indexPrefix: 'test_', exclusionPatterns: [`${SITE}/blog/**`] },
    });
    expect(overridden.records.map((r: { indexName: string }) => r.indexName)).toEqual(['test_pages']);
    expect(overridden.links).not.toContain(`${SITE}/blog/`);
    expect(overridden.links).toContain(`${SITE}/drafts/wip`);
    expect((await api.getCrawler({ id, withConfig: true })).config.indexPrefix).toBe('crawler_');
    const missing = await api.testUrl({ id, url: `${SITE}/missing` });
    expect(missing.error).toEqual({ code: 'http_not_found', message: 'HTTP status 404' });
    expect(missing.records).toEqual([]);
    const thrown = await api.testUrl({ id, url: `${SITE}/explode` });
    expect(thrown.error).toEqual({ code: 'extractor_error', message: 'Error: boom on /explode' });
    expect(thrown.logs).toContainEqual(['Error: Error: boom on /explode']);
  });
});
