import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { rejects } from '../support/surfaces';
import { setupMsw } from '../support/server';
import { html, siteCrawler, type Served } from './harness';
import { SITE } from './site';

const server = setupMsw();

const extractor = ({ $ }: any) => [{ title: $('h1').text() }];
const actions = [{ indexName: 'pages', pathsToMatch: [`${SITE}/**`], recordExtractor: extractor }];

/** Pages that answer 401 unless `allowed(request)`. */
const guarded = (allowed: (request: Request) => boolean, pages: Record<string, string>): Record<string, Served> =>
  Object.fromEntries(
    Object.entries(pages).map(([path, page]) => [
      path,
      (request: Request) =>
        allowed(request) ? HttpResponse.html(page) : new HttpResponse('login first', { status: 401 }),
    ]),
  );

/**
 * The cookies of a request by name. msw keeps the cookies its mocked responses set and adds
 * them to later requests as a browser would, so tests read cookies by name, never the raw header.
 */
const cookiesOf = (request: Request) =>
  Object.fromEntries(
    (request.headers.get('cookie') ?? '')
      .split(';')
      .map((pair) => pair.trim().split('='))
      .filter(([name]) => name),
  );

const PRIVATE = { '/': html('<h1>Home</h1><a href="/a">a</a>'), '/a': html('<h1>A</h1>') };

describe('login (crawled over HTTP)', () => {
  it('an HTTP login: its Set-Cookie goes with every request of the crawl', async () => {
    const pages: Record<string, Served> = {
      ...guarded((request) => cookiesOf(request).session === 'abc', PRIVATE),
      '/login': async (request) =>
        request.method === 'POST' && (await request.text()) === 'id=crawler&password=s3cret'
          ? new HttpResponse(null, {
              status: 302,
              headers: { location: '/', 'set-cookie': 'session=abc; Path=/; HttpOnly' },
            })
          : new HttpResponse('no', { status: 403 }),
    };
    const login = {
      url: `${SITE}/login`,
      requestOptions: {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'id=crawler&password=s3cret',
      },
    };
    // Without the login, the site refuses the crawler.
    const { crawl: refused } = await siteCrawler(server, pages, { actions });
    expect((await refused()).reasons).toEqual({ http_unauthorized: 1 });
    const { crawl } = await siteCrawler(server, pages, {
      actions,
      login,
      requestOptions: { headers: { Cookie: 'old=1' } },
    });
    const { reasons, records } = await crawl();
    expect(reasons).toEqual({ success: 2 });
    expect(records.map((record) => record.title).sort()).toEqual(['A', 'Home']);
  });

  it("a browser login: the login page's form is filled and submitted, its cookies kept", async () => {
    const pages: Record<string, Served> = {
      ...guarded((request) => cookiesOf(request).session === 'xyz', PRIVATE),
      '/signin': () =>
        HttpResponse.html(
          html(
            '<form action="/session" method="post"><input type="hidden" name="csrf" value="t1">' +
              '<input type="email" name="email"><input type="password" name="pass"><button>Sign in</button></form>',
          ),
          { headers: { 'set-cookie': 'pre=1' } },
        ),
      '/session': async (request) => {
        const form = new URLSearchParams(await request.text());
        const ok =
          cookiesOf(request).pre === '1' &&
          form.get('csrf') === 't1' &&
          form.get('email') === 'bot@site.test' &&
          form.get('pass') === 'pw';
        return ok
          ? new HttpResponse(null, { status: 303, headers: { location: '/', 'set-cookie': 'session=xyz' } })
          : new HttpResponse('bad', { status: 401 });
      },
    };
    const login = { url: `${SITE}/signin`, username: 'bot@site.test', password: 'pw' };
    const { crawl } = await siteCrawler(server, pages, { actions, login });
    expect((await crawl()).reasons).toEqual({ success: 2 });
  });

  it('an OAuth 2.0 client-credentials login: the token goes in the Authorization header', async () => {
    const pages: Record<string, Served> = {
      ...guarded((request) => request.headers.get('authorization') === 'Bearer tok-1', PRIVATE),
      '/oauth/token': async (request) => {
        const form = new URLSearchParams(await request.text());
        return form.get('grant_type') === 'client_credentials' &&
          form.get('client_id') === 'crawler' &&
          form.get('client_secret') === 'shh' &&
          form.get('resource') === 'https://site.test/'
          ? HttpResponse.json({ access_token: 'tok-1', token_type: 'Bearer' })
          : HttpResponse.json({ error: 'invalid_client' }, { status: 401 });
      },
    };
    const login = {
      accessTokenRequest: {
        url: `${SITE}/oauth/token`,
        grantType: 'client_credentials',
        clientId: 'crawler',
        clientSecret: 'shh',
        extraParameters: { resource: 'https://site.test/' },
      },
    };
    const { crawl } = await siteCrawler(server, pages, { actions, login });
    expect((await crawl()).reasons).toEqual({ success: 2 });
  });

  it('a login that fails blocks the crawler with why; testUrl answers the error', async () => {
    const pages: Record<string, Served> = { ...PRIVATE, '/login': () => new HttpResponse('no', { status: 401 }) };
    const { api, id, crawl } = await siteCrawler(server, pages, { actions, login: { url: `${SITE}/login` } });
    await crawl();
    expect(await api.getCrawler({ id })).toMatchObject({
      blocked: true,
      blockingError: `Error: Login failed: ${SITE}/login answered HTTP 401`,
    });
    expect((await api.testUrl({ id, url: `${SITE}/` })).error).toEqual({
      code: 'login_error',
      message: `Login failed: ${SITE}/login answered HTTP 401`,
    });
  });

  it('refuses a login of no known form with a 400 naming the field', async () => {
    const { api } = await siteCrawler(server, PRIVATE, { actions });
    await rejects(
      api.createCrawler({
        name: 'x',
        config: { appId: 'x', rateLimit: 1, actions, login: { username: 'a', password: 'b' } },
      }),
      400,
      'Invalid configuration: `config.login.url` is required',
    );
  });
});

describe('cache (crawled over HTTP)', () => {
  /** A site whose pages carry an ETag (and a Last-Modified on /a), answering 304 to a matching conditional request. */
  function cachedSite(version: { n: number }, seen: string[]) {
    const serve = (path: string, body: () => string, validators: Record<string, string>) => (request: Request) => {
      seen.push(
        `${path} ${request.headers.get('if-none-match') ?? '-'} ${request.headers.get('if-modified-since') ?? '-'}`,
      );
      const etag = validators.etag;
      if (etag && request.headers.get('if-none-match') === etag) return new HttpResponse(null, { status: 304 });
      if (validators['last-modified'] && request.headers.get('if-modified-since') === validators['last-modified'])
        return new HttpResponse(null, { status: 304 });
      return HttpResponse.html(body(), { headers: validators });
    };
    return {
      '/': serve('/', () => html(`<h1>Home v${version.n}</h1><a href="/a">a</a>`), { etag: '"home-1"' }),
      '/a': serve('/a', () => html(`<h1>A v${version.n}</h1>`), { 'last-modified': 'Mon, 01 Jan 2024 00:00:00 GMT' }),
    };
  }

  it('asks conditionally with the last reindex validators, and keeps the records of pages the site did not change', async () => {
    const version = { n: 1 };
    const seen: string[] = [];
    const { crawl } = await siteCrawler(server, cachedSite(version, seen), { actions });
    const first = await crawl();
    expect(first.records.map((record) => record.title).sort()).toEqual(['A v1', 'Home v1']);
    // The site changed its text but says the pages are not modified: the records of the live index stay.
    version.n = 2;
    seen.length = 0;
    const second = await crawl();
    expect(seen.sort()).toEqual(['/ "home-1" -', '/a - Mon, 01 Jan 2024 00:00:00 GMT']);
    expect(second.reasons).toEqual({ success: 2 });
    expect(second.records.map((record) => record.title).sort()).toEqual(['A v1', 'Home v1']);
  });

  it('fetches every page in full when the cache is off or the configuration changed', async () => {
    const version = { n: 1 };
    const seen: string[] = [];
    const { api, id, crawl } = await siteCrawler(server, cachedSite(version, seen), {
      actions,
      cache: { enabled: false },
    });
    await crawl();
    version.n = 2;
    seen.length = 0;
    expect((await crawl()).records.map((record) => record.title).sort()).toEqual(['A v2', 'Home v2']);
    expect(seen.sort()).toEqual(['/ - -', '/a - -']);
    // Cache on again: a configuration change is itself a change, so this reindex asks in full too.
    await api.patchConfig({ id, cache: { enabled: true } });
    version.n = 3;
    seen.length = 0;
    expect((await crawl()).records.map((record) => record.title).sort()).toEqual(['A v3', 'Home v3']);
    expect(seen.sort()).toEqual(['/ - -', '/a - -']);
  });
});

describe('what the configuration asks that the emulator does not do is never silent', () => {
  it('warns in the answers of createCrawler, patchConfig and patchCrawler, and in every crawl log, naming the field', async () => {
    const config = {
      actions,
      saveBackup: true,
      requestOptions: { proxy: 'http://proxy.test:3128', timeout: 5000 },
      renderJavaScript: { enabled: false, patterns: [`${SITE}/**`], adBlock: true },
    };
    const { api, id, created, crawl, runLog } = await siteCrawler(server, PRIVATE, config);
    const fields = [
      'config.saveBackup',
      'config.requestOptions.proxy',
      'config.requestOptions.timeout',
      'config.renderJavaScript.adBlock',
    ];
    expect(created.warnings.map((warning: string) => /^`([^`]+)`/.exec(warning)![1])).toEqual(fields);
    const patched = await api.patchConfig({ id, saveBackup: false });
    expect(patched.warnings.map((warning: string) => /^`([^`]+)`/.exec(warning)![1])).toEqual(fields.slice(1));
    await crawl();
    const log = await runLog();
    for (const field of fields.slice(1)) expect(log).toContain(`Warning: \`${field}\``);
    expect(log).not.toContain('`config.saveBackup`');
    // Nothing to warn about: no `warnings` field.
    const clean = await api.patchCrawler({
      id,
      config: { appId: 'app', rateLimit: 1, actions, apiKey: 'k' },
    });
    expect(clean).not.toHaveProperty('warnings');
  });

  it('URLs exclusionPatterns skip are in the run log with the pattern that excluded them', async () => {
    const pages = {
      '/': html('<h1>Home</h1><a href="/drafts/wip">wip</a><a href="/a">a</a>'),
      '/a': html('<h1>A</h1>'),
    };
    const { crawl, runLog } = await siteCrawler(server, pages, {
      actions,
      exclusionPatterns: [`${SITE}/drafts/**`, `!${SITE}/drafts/ok`],
    });
    expect((await crawl()).reasons).toEqual({ success: 2, excluded: 1 });
    expect(await runLog()).toContain(
      `SKIPPED ${SITE}/drafts/wip [fetch] Excluded by exclusionPatterns - matches exclusionPatterns "${SITE}/drafts/**"`,
    );
  });
});

describe('action-level schedule (over HTTP)', () => {
  it("an action's schedule crawls that action's pages into its index, on the clock", async () => {
    const pages = {
      '/': html('<h1>Home</h1><a href="/docs/a">a</a><a href="/blog/b">b</a>'),
      '/docs/a': html('<h1>Doc A</h1>'),
      '/blog/b': html('<h1>Post B</h1>'),
    };
    const twoActions = [
      {
        indexName: 'docs',
        name: 'docs',
        schedule: 'every 1 day at 3:00 am',
        pathsToMatch: [`${SITE}/docs/**`],
        recordExtractor: extractor,
      },
      { indexName: 'blog', pathsToMatch: [`${SITE}/blog/**`], recordExtractor: extractor },
    ];
    const { emulator, api, id, runLog } = await siteCrawler(
      server,
      pages,
      { actions: twoActions, discoveryPatterns: [`${SITE}/**`] },
      { indexName: 'docs' },
    );
    await emulator.advance('4h');
    expect((await emulator.browse({ indexName: 'docs' })).hits.map((hit: any) => hit.title)).toEqual(['Doc A']);
    expect((await emulator.listIndices()).items.map((index: { name: string }) => index.name)).toEqual(['docs']);
    expect(await runLog()).toMatch(/Crawl of action "docs" started/);
    expect((await api.getCrawler({ id })).lastReindexStartedAt).toBe('2024-01-01T03:00:00.000Z');
    await rejects(
      api.patchConfig({ id, actions: [{ ...twoActions[0], name: undefined }] }),
      400,
      'Invalid configuration: `config.actions[0].name` is required when `config.actions[0].schedule` is set',
    );
  });
});

describe('requests as the configuration shapes them', () => {
  it('userAgent names the crawler to the site and to robots.txt; requestOptions.retries retries a network error', async () => {
    let failures = 1;
    const agents: string[] = [];
    const pages: Record<string, Served> = {
      '/': (request) => {
        agents.push(request.headers.get('user-agent') ?? '');
        if (failures-- > 0) return HttpResponse.error();
        return HttpResponse.html(html('<h1>Home</h1>'));
      },
    };
    const { crawl } = await siteCrawler(server, pages, {
      actions,
      userAgent: 'AcmeBot/2.0',
      requestOptions: { retries: 1 },
    });
    expect((await crawl()).reasons).toEqual({ success: 1 });
    expect(agents).toEqual(['AcmeBot/2.0', 'AcmeBot/2.0']);
  });
});
