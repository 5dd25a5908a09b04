import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '../support/server';
import { html, siteCrawler } from './harness';
import { makePdf } from './pdf';
import { SITE } from './site';

const server = setupMsw();

const PAGES = {
  '/': html('<h1>Guides</h1><a href="/guide.pdf">PDF guide</a><a href="/notes.docx">Notes</a>'),
  '/guide.pdf': () =>
    new HttpResponse(
      makePdf('Installation guide', [
        ['Acme installs with one command.', 'Run the installer as root.'],
        ['Uninstalling removes every file.'],
      ]),
      { headers: { 'content-type': 'application/pdf' } },
    ),
  '/notes.docx': () =>
    new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    }),
};

/** One record per PDF page, as the docs' "split PDF files" example does, and one per HTML page. */
const extractor = ({ url, $, fileType, contentLength }: any) =>
  fileType === 'pdf'
    ? $('div.page')
        .toArray()
        .map((page: any, i: number) => ({
          objectID: `${url.href}#page-${i + 1}`,
          title: $('head > title').text(),
          author: $('meta[name="author"]').attr('content'),
          text: $(page).text(),
          fileType,
          contentLength,
        }))
    : [{ title: $('h1').text(), fileType }];

describe('documents (crawled over HTTP)', () => {
  it('a PDF becomes HTML for the extractor (title, metadata, a div per page) and its records are searchable', async () => {
    const { emulator, crawl, runLog } = await siteCrawler(server, PAGES, {
      actions: [
        {
          indexName: 'pages',
          pathsToMatch: [`${SITE}/**`],
          fileTypesToMatch: ['html', 'pdf', 'doc'],
          recordExtractor: extractor,
        },
      ],
    });
    const { reasons, records } = await crawl();
    expect(reasons).toEqual({ success: 2, content_type_not_supported: 1 });
    const pdf = records
      .filter((record) => record.fileType === 'pdf')
      .sort((a, b) => a.objectID.localeCompare(b.objectID));
    expect(pdf).toEqual([
      expect.objectContaining({
        objectID: `${SITE}/guide.pdf#page-1`,
        title: 'Installation guide',
        author: 'Acme',
        text: expect.stringContaining('Acme installs with one command.'),
      }),
      expect.objectContaining({ objectID: `${SITE}/guide.pdf#page-2`, text: 'Uninstalling removes every file.' }),
    ]);
    expect(pdf[0].contentLength).toBeGreaterThan(500);
    const { hits } = await emulator.searchSingleIndex({ indexName: 'pages', searchParams: { query: 'uninstalling' } });
    expect(hits.map((hit) => hit.objectID)).toEqual([`${SITE}/guide.pdf#page-2`]);
    // Other documents are a documented gap: their outcome says so.
    expect(await runLog()).toContain(
      `SKIPPED ${SITE}/notes.docx [fetch] Content-Type not supported - The emulator converts PDF documents only: a doc document is not read`,
    );
  });

  it('a PDF no action takes is skipped as file_type_not_matched, before it is read', async () => {
    const { crawl } = await siteCrawler(server, PAGES, {
      actions: [{ indexName: 'pages', pathsToMatch: [`${SITE}/**`], recordExtractor: extractor }],
    });
    expect((await crawl()).reasons).toEqual({ success: 1, file_type_not_matched: 2 });
  });
});
