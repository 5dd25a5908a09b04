import type { CheerioAPI } from 'cheerio';
import { codeSnippets, type CodeSnippetsOptions } from './code';
import { docsearch, type DocsearchOptions } from './docsearch';
import { article, page, product, type PageInput } from './schema';
import { splitContentIntoRecords, splitTextIntoRecords, type SplitOptions, type SplitTextOptions } from './split';

/**
 * The `helpers` argument of extractors. Each helper works on the page the extractor was given
 * (`article`, `product` and `page` also accept `{ url, $ }`, as the templates pass them).
 * `markdown` is the one documented helper the emulator lacks: it says so when called.
 */
export function buildHelpers($: CheerioAPI, url: URL) {
  const own = { $, url };
  return {
    splitContentIntoRecords: (options?: SplitOptions) => splitContentIntoRecords($, options),
    splitTextIntoRecords: (options: SplitTextOptions) => splitTextIntoRecords(options),
    docsearch: (options: DocsearchOptions) => docsearch($, url, options),
    article: (input?: PageInput) => article(input, own),
    product: (input?: PageInput) => product(input, own),
    page: (input?: PageInput) => page(input, own),
    codeSnippets: (options?: CodeSnippetsOptions) => codeSnippets($, url, options),
    markdown: () => {
      throw new Error(
        'helpers.markdown is not emulated by search-emulator: build the text with $ and pass it to helpers.splitTextIntoRecords',
      );
    },
  };
}
