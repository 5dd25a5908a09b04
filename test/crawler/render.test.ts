import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '../support/server';
import { html, siteCrawler, type Served } from './harness';
import { SITE } from './site';

const server = setupMsw();

/**
 * A client-rendered app: the HTML is a shell; app.js (loaded by the HTML) fetches the page's
 * data from the site's API, then renders it a second later, with the time and a random number
 * it sees and a link to another page it renders the same way.
 */
function appSite(requests: string[] = []): Record<string, Served> {
  const shell = (page: string) =>
    html(`<div id="root">Loading…</div><script>window.PAGE = '${page}';</script><script src="/app.js"></script>`);
  const appJs = `
    fetch('/api/' + window.PAGE + '.json', { headers: { 'x-app': '1' } })
      .then((res) => res.json())
      .then((data) => {
        setTimeout(() => {
          const root = document.getElementById('root');
          root.innerHTML = '<h1>' + data.title + '</h1><p>' + data.text + '</p>' +
            (data.link ? '<a href="' + data.link + '">next</a>' : '') +
            '<time>' + new Date().toISOString() + '</time><var>' + Math.random() + '</var>';
          console.log('rendered ' + data.title);
        }, 1000);
      });`;
  const api = (data: Record<string, string>) => (request: Request) => {
    requests.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('x-app')}`);
    return HttpResponse.json(data);
  };
  return {
    '/': shell('home'),
    '/b': shell('b'),
    '/app.js': () => new HttpResponse(appJs, { headers: { 'content-type': 'text/javascript' } }),
    '/api/home.json': api({ title: 'Home', text: 'Rendered by the app.', link: '/b' }),
    '/api/b.json': api({ title: 'Page B', text: 'Also rendered.' }),
  };
}

const extractor = ({ $ }: any) => [
  { title: $('h1').text(), text: $('p').text(), at: $('time').text(), random: $('var').text() },
];
const actions = [{ indexName: 'pages', pathsToMatch: [`${SITE}/**`], recordExtractor: extractor }];

describe('renderJavaScript (crawled over HTTP)', () => {
  it("renders a client-side page: its scripts run, its requests go to the declared site, its timers on the page's clock", async () => {
    const requests: string[] = [];
    const { crawl, emulator } = await siteCrawler(server, appSite(requests), { actions, renderJavaScript: true });
    const { reasons, records } = await crawl();
    expect(reasons).toEqual({ success: 2 });
    const byTitle = Object.fromEntries(records.map((record) => [record.title, record]));
    // The crawl's first step is at 00:00:01, the second at 00:00:02; each page renders its data a second later.
    expect(byTitle.Home).toMatchObject({ text: 'Rendered by the app.', at: '2024-01-01T00:00:02.000Z' });
    expect(byTitle['Page B']).toMatchObject({ text: 'Also rendered.', at: '2024-01-01T00:00:03.000Z' });
    expect(Number(byTitle.Home.random)).toBeGreaterThanOrEqual(0);
    // The page's fetch carried its own header, through msw; nothing else was asked for.
    expect(requests).toEqual(['GET /api/home.json 1', 'GET /api/b.json 1']);
    // Rendering spends no emulator time: the crawl ended a second after its last step.
    expect((await emulator.getCrawler({ id: (await emulator.listCrawlers({})).items[0].id })).lastReindexEndedAt).toBe(
      '2024-01-01T00:00:02.000Z',
    );
  });

  it('renders the same page the same way twice (seeded Math.random, page clock)', async () => {
    const first = await (await siteCrawler(server, appSite(), { actions, renderJavaScript: true })).crawl();
    const again = await (await siteCrawler(server, appSite(), { actions, renderJavaScript: true })).crawl();
    expect(again.records).toEqual(first.records);
  });

  it('without renderJavaScript the crawler sees the shell; patterns render only the pages they match', async () => {
    const plain = await (await siteCrawler(server, appSite(), { actions })).crawl();
    expect(plain.records.map((record) => record.title)).toEqual(['']);
    const patterned = await (
      await siteCrawler(server, appSite(), {
        actions,
        renderJavaScript: [`${SITE}/b`],
        startUrls: [`${SITE}/`, `${SITE}/b`],
      })
    ).crawl();
    expect(patterned.records.map((record) => record.title).sort()).toEqual(['', 'Page B']);
  });

  it('waitTime.max bounds the page time a render waits: content later than that is not there', async () => {
    const config = {
      actions,
      renderJavaScript: { enabled: true, patterns: [`${SITE}/**`], waitTime: { min: 0, max: 500 } },
    };
    const { records } = await (await siteCrawler(server, appSite(), config)).crawl();
    expect(records).toEqual([expect.objectContaining({ title: '', text: '' })]);
  });

  it('the test endpoint shows what the page logged and its rendered records', async () => {
    const { api, id } = await siteCrawler(server, appSite(), { actions, renderJavaScript: true });
    const tested = await api.testUrl({ id, url: `${SITE}/` });
    expect(tested.error).toEqual({});
    expect(tested.records[0].records[0]).toMatchObject({ title: 'Home' });
    expect(tested.logs.flat()).toContain('rendered Home');
    expect(tested.links).toEqual([`${SITE}/b`]);
  });
});
