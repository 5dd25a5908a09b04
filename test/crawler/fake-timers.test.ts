import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMsw } from '../support/server';
import { html, siteCrawler } from './harness';
import { makePdf } from './pdf';
import { SITE } from './site';

const server = setupMsw();

afterEach(() => vi.useRealTimers());

// Its own file: happy-dom and unpdf are loaded here for the first time with the timers faked,
// as in a test suite that calls vi.useFakeTimers() before its first crawl.
describe('a crawl under vi.useFakeTimers()', () => {
  it('renders pages and reads PDFs: the optional packages load with Node timers, pages run on their own clock', async () => {
    vi.useFakeTimers();
    const pages = {
      '/': html('<div id="root"></div><a href="/guide.pdf">guide</a><script src="/late.js"></script>'),
      '/late.js': () =>
        new HttpResponse('setTimeout(() => { document.getElementById("root").innerHTML = "<h1>Late</h1>"; }, 100);', {
          headers: { 'content-type': 'text/javascript' },
        }),
      '/guide.pdf': () =>
        new HttpResponse(makePdf('Guide', [['Guide text']]), { headers: { 'content-type': 'application/pdf' } }),
    };
    const extractor = ({ $ }: any) => [{ text: $('h1').text() || $('p').text() }];
    const { crawl } = await siteCrawler(server, pages, {
      renderJavaScript: true,
      actions: [
        {
          indexName: 'pages',
          pathsToMatch: [`${SITE}/**`],
          fileTypesToMatch: ['html', 'pdf'],
          recordExtractor: extractor,
        },
      ],
    });
    const { reasons, records } = await crawl();
    expect(reasons).toEqual({ success: 2 });
    expect(records.map((record) => record.text).sort()).toEqual(['Guide text', 'Late']);
  });
});
