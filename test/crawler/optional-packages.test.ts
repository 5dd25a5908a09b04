import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMsw } from '../support/server';
import { html, siteCrawler } from './harness';
import { makePdf } from './pdf';
import { SITE } from './site';

// As if neither optional package were installed.
vi.mock('happy-dom', () => {
  throw new Error("Cannot find package 'happy-dom'");
});
vi.mock('unpdf', () => {
  throw new Error("Cannot find package 'unpdf'");
});

const server = setupMsw();

describe('without the optional packages (over HTTP)', () => {
  it('a page to render and a PDF fail with an outcome that names the package to install; other pages crawl', async () => {
    const pages = {
      '/': html('<h1>Home</h1><a href="/app">app</a><a href="/guide.pdf">guide</a>'),
      '/app': html('<div id="root"></div><script>document.getElementById("root").textContent = "x"</script>'),
      '/guide.pdf': () =>
        new HttpResponse(makePdf('Guide', [['Guide text']]), { headers: { 'content-type': 'application/pdf' } }),
    };
    const { api, id, crawl, runLog } = await siteCrawler(server, pages, {
      renderJavaScript: [`${SITE}/app`],
      actions: [
        {
          indexName: 'pages',
          pathsToMatch: [`${SITE}/**`],
          fileTypesToMatch: ['html', 'pdf'],
          recordExtractor: ({ $ }: any) => [{ title: $('h1').text() }],
        },
      ],
    });
    const { reasons, records } = await crawl();
    expect(reasons).toEqual({ success: 1, javascript_rendering_error: 1, document_conversion_error: 1 });
    expect(records.map((record) => record.title)).toEqual(['Home']);
    const stats = await api.getStats({ id });
    expect(stats.data.find((group: { reason: string }) => group.reason === 'javascript_rendering_error')).toMatchObject(
      {
        status: 'FAILED',
        category: 'fetch',
        readable: 'JavaScript rendering failed',
      },
    );
    const log = await runLog();
    expect(log).toContain(
      `FAILED ${SITE}/app [fetch] JavaScript rendering failed - renderJavaScript needs the optional package happy-dom: install it (npm install --save-dev happy-dom) to render pages`,
    );
    expect(log).toContain(
      `FAILED ${SITE}/guide.pdf [extraction] Document could not be converted - PDF documents need the optional package unpdf: install it (npm install --save-dev unpdf) to extract them`,
    );
  });
});
