import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src';
import { rejects } from '../support/surfaces';
import { crawlerApi, SITE, siteConfig, siteHandlers, SURFACES, type Surface } from './site';
import { createHandlers } from '../../src/msw';
import { setupMsw } from '../support/server';

const server = setupMsw();

const START = Date.UTC(2024, 0, 1);

function open(surface: Surface, version = 1) {
  const emulator = createEmulator({ now: START });
  server.use(...createHandlers(emulator), ...siteHandlers(version));
  return { emulator, api: crawlerApi(emulator, surface) };
}

const record = (path: string, title: string) => ({ objectID: `${SITE}${path}`, title, path });

/** The records a full crawl of the site (first version) gives, in browse order. */
const SITE_RECORDS = [
  record('/', 'Home'),
  record('/docs/', 'Docs'),
  record('/blog/', 'Blog'),
  record('/docs/intro', 'Intro'),
  record('/docs/guide/', 'Guide'),
  record('/blog/post-1', 'Post 1'),
  record('/docs/moved', 'Moved'),
  record('/docs/only-in-sitemap', 'Sitemap only'),
  record('/docs/guide/advanced', 'Advanced'),
];

const byPath = (records: { path: string }[]) => [...records].sort((a, b) => a.path.localeCompare(b.path));

async function browseAll(
  emulator: Emulator,
  indexName: string,
): Promise<{ objectID: string; title: string; path: string }[]> {
  const { hits } = await emulator.browse({ indexName });
  return hits.map((hit) => {
    const { objectID, title, path } = hit as { objectID: string; title: string; path: string };
    return { objectID, title, path };
  });
}

describe.each(SURFACES)('crawling a three-level site (%s)', (surface) => {
  it('indexes exactly the pages an action matches, and reports every other URL with its reason', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    const { taskId } = await api.startReindex({ id });
    expect(await api.getTaskStatus({ id, taskID: taskId })).toEqual({ pending: true });
    await emulator.advance('1m');

    expect(byPath(await browseAll(emulator, 'crawler_pages'))).toEqual(byPath(SITE_RECORDS));
    expect(await api.getTaskStatus({ id, taskID: taskId })).toEqual({ pending: false });
    const stats = await api.getStats({ id });
    expect(stats.count).toBe(15);
    expect(
      new Map(stats.data.map((g: Record<string, unknown>) => [g.reason, [g.status, g.category, g.count, g.readable]])),
    ).toEqual(
      new Map([
        ['success', ['DONE', 'success', 9, 'Success']],
        ['excluded', ['SKIPPED', 'fetch', 1, 'Excluded by exclusionPatterns']],
        ['forbidden_by_robotstxt', ['SKIPPED', 'fetch', 1, 'Forbidden by robots.txt']],
        ['http_redirect', ['SKIPPED', 'fetch', 1, 'HTTP redirect (301, 302)']],
        ['http_not_found', ['FAILED', 'fetch', 1, 'HTTP Not Found (404)']],
        ['network_error', ['FAILED', 'fetch', 1, 'Network error']],
        ['extractor_error', ['FAILED', 'extraction', 1, 'Extractor error']],
      ]),
    );
    // The temporary index replaced the live one.
    expect((await emulator.listIndices()).items.map((index: { name: string }) => index.name)).toEqual([
      'crawler_pages',
    ]);
    const crawler = await api.getCrawler({ id });
    expect(crawler).toMatchObject({
      running: true,
      reindexing: false,
      blocked: false,
      lastReindexStartedAt: '2024-01-01T00:00:00.000Z',
      lastReindexEndedAt: '2024-01-01T00:00:05.000Z',
    });
  });

  it('takes emulator time: rateLimit URLs per second, and every read tells the truth at each instant', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    await api.startReindex({ id });
    const seen: number[] = [];
    for (let second = 1; second <= 5; second++) {
      await emulator.advance('1s');
      seen.push((await api.getStats({ id })).count);
      expect((await api.getCrawler({ id })).reindexing).toBe(second < 5);
    }
    // Step 1: / (and the sitemap index; /drafts/wip excluded on discovery); step 2: four pages; ...
    expect(seen).toEqual([2, 6, 9, 13, 15]);
  });

  it('swaps the new index in at the end of a reindex: the live index serves the old records until then', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    await api.startReindex({ id });
    await emulator.advance('1m');
    server.use(...siteHandlers(2)); // the intro page changes its title
    await api.startReindex({ id });
    await emulator.advance('4s'); // one step before the end
    expect((await api.getCrawler({ id })).reindexing).toBe(true);
    const live = await browseAll(emulator, 'crawler_pages');
    expect(live.find((r) => r.path === '/docs/intro')?.title).toBe('Intro');
    const temporary = await browseAll(emulator, 'crawler_pages.tmp');
    expect(temporary.find((r) => r.path === '/docs/intro')?.title).toBe('Introduction');
    await emulator.advance('1s');
    const after = await browseAll(emulator, 'crawler_pages');
    expect(after.find((r) => r.path === '/docs/intro')?.title).toBe('Introduction');
    expect(after).toHaveLength(SITE_RECORDS.length);
    expect((await emulator.listIndices()).items.map((index: { name: string }) => index.name)).toEqual([
      'crawler_pages',
    ]);
  });

  it('pause stops the crawl where it is and run resumes it', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    await api.startReindex({ id });
    await emulator.advance('2s');
    await api.pauseCrawler({ id });
    await emulator.advance('1h');
    expect(await api.getCrawler({ id })).toMatchObject({ running: false, reindexing: true });
    expect((await api.getStats({ id })).count).toBe(6);
    await api.runCrawler({ id });
    await emulator.advance('1m');
    expect(await api.getCrawler({ id })).toMatchObject({ running: true, reindexing: false });
    expect(byPath(await browseAll(emulator, 'crawler_pages'))).toEqual(byPath(SITE_RECORDS));
  });

  it('a crawl runs with the configuration it started with: a change mid-crawl applies from the next crawl', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    await api.startReindex({ id });
    await emulator.advance('1s');
    await api.patchConfig({ id, indexPrefix: 'other_' });
    await emulator.advance('1m');
    expect((await emulator.listIndices()).items.map((index: { name: string }) => index.name)).toEqual([
      'crawler_pages',
    ]);
    expect(byPath(await browseAll(emulator, 'crawler_pages'))).toEqual(byPath(SITE_RECORDS));
    expect((await api.listCrawlRuns({ id })).logs[0]).toMatchObject({ status: 'DONE', configId: '1' });
    await api.startReindex({ id });
    await emulator.advance('1m');
    expect(byPath(await browseAll(emulator, 'other_pages'))).toEqual(byPath(SITE_RECORDS));
  });

  it('applies initialIndexSettings when the crawl creates the index, and keeps later settings on the next crawls', async () => {
    const { emulator, api } = open(surface);
    const config = siteConfig(emulator, { initialIndexSettings: { pages: { searchableAttributes: ['title'] } } });
    const { id } = await api.createCrawler({ name: 'site', config });
    await api.startReindex({ id });
    await emulator.advance('1m');
    expect((await emulator.getSettings({ indexName: 'crawler_pages' })).searchableAttributes).toEqual(['title']);
    await emulator.setSettings({ indexName: 'crawler_pages', indexSettings: { searchableAttributes: ['path'] } });
    await api.startReindex({ id });
    await emulator.advance('1m');
    expect((await emulator.getSettings({ indexName: 'crawler_pages' })).searchableAttributes).toEqual(['path']);
    expect(
      (await emulator.searchSingleIndex({ indexName: 'crawler_pages', searchParams: { query: 'advanced' } })).nbHits,
    ).toBe(1);
  });
});

describe.each(SURFACES)('blocking and cancelling (%s)', (surface) => {
  it('a throwing extractor past maxFailedUrls blocks the crawler; the live index is kept; cancel unblocks', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    await api.startReindex({ id });
    await emulator.advance('1m');
    await api.patchConfig({ id, safetyChecks: { beforeIndexPublishing: { maxFailedUrls: 0 } } });
    const { taskId } = await api.startReindex({ id });
    await emulator.advance('1m');
    const crawler = await api.getCrawler({ id });
    expect(crawler).toMatchObject({ blocked: true, blockingTaskId: taskId, reindexing: false });
    expect(crawler.blockingError).toMatch(
      /URLs failed, more than safetyChecks\.beforeIndexPublishing\.maxFailedUrls \(0\)/,
    );
    expect(await api.getTaskStatus({ id, taskID: taskId })).toEqual({ pending: true });
    expect(byPath(await browseAll(emulator, 'crawler_pages'))).toEqual(byPath(SITE_RECORDS));
    const { logs } = await api.listCrawlRuns({ id });
    expect(logs.map((run: { status: string }) => run.status)).toEqual(['FAILED', 'DONE']);
    const { file } = await api.getCrawlRunFile({ id, logId: logs[0].id });
    expect(file).toMatch(/Crawler blocked: Error: .*maxFailedUrls/);

    const other = (await api.runCrawler({ id })).taskId;
    await rejects(
      api.cancelBlockingAction({ id, taskID: other }),
      400,
      'Only the blocking task of a blocked crawler can be cancelled',
    );
    await rejects(api.startReindex({ id }), 400, /The crawler is blocked by task/);
    expect(await api.cancelBlockingAction({ id, taskID: taskId })).toEqual({});
    expect(await api.getCrawler({ id })).toMatchObject({ blocked: false, reindexing: false });
    expect(await api.getTaskStatus({ id, taskID: taskId })).toEqual({ pending: false });
    expect((await emulator.listIndices()).items.map((index: { name: string }) => index.name)).toEqual([
      'crawler_pages',
    ]);
  });

  it('a crawl that would lose more than maxLostRecordsPercentage of the records blocks (SafeReindexingError)', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    await api.startReindex({ id });
    await emulator.advance('1m');
    server.use(http.get(`${SITE}/docs/`, () => HttpResponse.html('<html><body><h1>Docs</h1></body></html>')));
    await api.startReindex({ id });
    await emulator.advance('1m');
    const crawler = await api.getCrawler({ id });
    expect(crawler.blocked).toBe(true);
    expect(crawler.blockingError).toMatch(/^SafeReindexingError: index "crawler_pages" would go from 9 to 6 records/);
    expect(await browseAll(emulator, 'crawler_pages')).toHaveLength(9);
  });

  it("a configuration whose key lacks the crawl's rights blocks the run with the missing ACL", async () => {
    const { emulator, api } = open(surface);
    const { key } = await emulator.addApiKey({ acl: ['search', 'addObject'] });
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator, { apiKey: key }) });
    const { taskId } = await api.startReindex({ id });
    const crawler = await api.getCrawler({ id });
    expect(crawler).toMatchObject({ blocked: true, blockingTaskId: taskId });
    expect(crawler.blockingError).toBe(
      'Error: The API key (config.apiKey) is missing the ACL deleteIndex, settings (a crawl needs addObject, deleteIndex, settings)',
    );
    await api.cancelBlockingAction({ id, taskID: taskId });
    const allowed = await emulator.addApiKey({ acl: ['addObject', 'deleteIndex', 'settings'], indexes: ['crawler_*'] });
    await api.patchConfig({ id, apiKey: allowed.key });
    await api.startReindex({ id });
    await emulator.advance('1m');
    expect(await browseAll(emulator, 'crawler_pages')).toHaveLength(9);
  });

  it('an external data source the emulator was not given blocks the crawl as the real one reports it', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({
      name: 'site',
      config: siteConfig(emulator, { externalData: ['testCSV'] }),
    });
    await api.startReindex({ id });
    expect((await api.getCrawler({ id })).blockingError).toMatch(
      /^Error: Failed to fetch external data for source 'testCSV': 404/,
    );
  });
});

describe.each(SURFACES)('crawl runs, tasks and deletion (%s)', (surface) => {
  /** Three runs an hour apart: two done with configuration 1, then one blocked with configuration 2. */
  async function threeRuns() {
    const opened = open(surface);
    const { emulator, api } = opened;
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    await api.startReindex({ id });
    await emulator.advance('1h');
    await api.startReindex({ id });
    await emulator.advance('1h');
    await api.patchConfig({ id, safetyChecks: { beforeIndexPublishing: { maxFailedUrls: 0 } } });
    await api.startReindex({ id });
    await emulator.advance('1h');
    return { ...opened, id };
  }
  const HOUR = 3600;
  const startSeconds = START / 1000;
  const starts = (logs: { crawlStartedAt: string }[]) => logs.map((run) => run.crawlStartedAt.slice(11, 13));

  it('listCrawlRuns filters by start (from, until) and status, orders, and pages with offset and limit', async () => {
    const { api, id } = await threeRuns();
    const asc = await api.listCrawlRuns({ id, order: 'ASC' });
    expect(asc.logs.map((run: Record<string, string>) => [run.crawlStartedAt, run.status, run.configId])).toEqual([
      ['2024-01-01T00:00:00.000Z', 'DONE', '1'],
      ['2024-01-01T01:00:00.000Z', 'DONE', '1'],
      ['2024-01-01T02:00:00.000Z', 'FAILED', '2'],
    ]);
    expect(starts((await api.listCrawlRuns({ id })).logs)).toEqual(['02', '01', '00']);
    expect(starts((await api.listCrawlRuns({ id, status: 'DONE' })).logs)).toEqual(['01', '00']);
    expect(starts((await api.listCrawlRuns({ id, from: startSeconds + HOUR })).logs)).toEqual(['02', '01']);
    expect(starts((await api.listCrawlRuns({ id, until: startSeconds + HOUR })).logs)).toEqual(['01', '00']);
    const page = await api.listCrawlRuns({ id, offset: 1, limit: 1 });
    expect([starts(page.logs), page.meta.total]).toEqual([['01'], 3]);
    const filtered = await api.listCrawlRuns({ id, status: 'FAILED', order: 'ASC' });
    expect([starts(filtered.logs), filtered.meta.total]).toEqual([['02'], 1]);
  });

  it('downloading a run file counts the access; deleteCrawlRun deletes the runs it names and answers their IDs', async () => {
    const { emulator, api, id } = await threeRuns();
    const [latest, , first] = (await api.listCrawlRuns({ id })).logs;
    expect(first).toMatchObject({ accessCount: 0, lastAccessedAt: null });
    await api.getCrawlRunFile({ id, logId: first.id });
    emulator.clock.advance('1m');
    await api.getCrawlRunFile({ id, logId: first.id });
    expect((await api.listCrawlRuns({ id })).logs[2]).toMatchObject({
      id: first.id,
      accessCount: 2,
      lastAccessedAt: '2024-01-01T03:01:00.000Z',
    });
    expect(await api.deleteCrawlRun({ id, ids: [first.id, 'no-such-run', first.id] })).toEqual([first.id]);
    expect((await api.listCrawlRuns({ id })).logs.map((run: { id: string }) => run.id)).toEqual([
      latest.id,
      expect.any(String),
    ]);
    expect((await api.listCrawlRuns({ id })).meta.total).toBe(2);
    await rejects(api.getCrawlRunFile({ id, logId: first.id }), 404, 'Crawl run log does not exist');
  });

  it('getTaskStatus answers 404 for a task the crawler never returned', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    const other = await api.createCrawler({ name: 'other', config: siteConfig(emulator) });
    const { taskId } = await api.runCrawler({ id: other.id });
    await rejects(api.getTaskStatus({ id, taskID: 'no-such-task' }), 404, 'Task does not exist');
    await rejects(api.getTaskStatus({ id, taskID: taskId }), 404, 'Task does not exist');
    expect(await api.getTaskStatus({ id: other.id, taskID: taskId })).toEqual({ pending: false });
  });

  it('deleting a crawler forgets its runs and tasks, and only its own', async () => {
    const { emulator, api, id } = await threeRuns();
    const other = await api.createCrawler({ name: 'other', config: siteConfig(emulator) });
    const kept = (await api.runCrawler({ id: other.id })).taskId;
    const owners = () => ({
      runs: [...emulator.core.state.crawler.runs.values()].map((run) => run.crawlerId),
      tasks: [...emulator.core.state.crawler.tasks.values()].map((task) => task.crawlerId),
    });
    expect(owners().runs).toEqual([id, id, id]);
    await api.deleteCrawler({ id });
    expect(owners()).toEqual({ runs: [], tasks: [other.id] });
    expect(await api.getTaskStatus({ id: other.id, taskID: kept })).toEqual({ pending: false });
  });

  it('deleting a crawler mid-reindex drops its temporary index and cancels its steps', async () => {
    const { emulator, api } = open(surface);
    const { id } = await api.createCrawler({ name: 'site', config: siteConfig(emulator) });
    await api.startReindex({ id });
    await emulator.advance('1m');
    await api.startReindex({ id });
    await emulator.advance('2s');
    const names = async () => (await emulator.listIndices()).items.map((index: { name: string }) => index.name);
    expect(await names()).toEqual(['crawler_pages', 'crawler_pages.tmp']);
    await api.deleteCrawler({ id });
    expect(emulator.core.state.jobs.queue.filter((job) => job.data.crawlerId === id)).toEqual([]);
    await emulator.advance('1m');
    expect(await names()).toEqual(['crawler_pages']);
    expect(await browseAll(emulator, 'crawler_pages')).toHaveLength(SITE_RECORDS.length);
    await rejects(
      api.getCrawler({ id }),
      403,
      'User has no access rights to the specified crawler, or the crawler does not exist',
    );
  });
});
