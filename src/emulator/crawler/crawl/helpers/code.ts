import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { anchorOf } from './docsearch';

/** `helpers.codeSnippets` options. */
export interface CodeSnippetsOptions {
  /** The code blocks: a cheerio selection or a selector (default `pre`). */
  $elements?: Cheerio<AnyNode> | string;
}

/** The language a block declares: `language-x`, `lang-x` or `highlight-x` on it or its `<code>`, or `data-language`. */
function languageOf($: CheerioAPI, block: AnyNode): string | undefined {
  const candidates = [block, ...$(block).find('code').toArray().slice(0, 1)] as Element[];
  for (const element of candidates) {
    const data = element.attribs?.['data-language'] ?? element.attribs?.['data-lang'];
    if (data) return data;
    for (const name of (element.attribs?.class ?? '').split(/\s+/)) {
      const match = /^(?:language|lang|highlight)-(.+)$/.exec(name);
      if (match) return match[1];
    }
  }
  return undefined;
}

/**
 * `helpers.codeSnippets()`: the page's code blocks (`<pre>` by default), each as
 * `{ content, language?, anchor, url }`: its text as written (whitespace kept), the language
 * its classes declare, and the anchor of the heading it sits under (the way DocSearch finds
 * one), so a result can link to it. The records are the extractor's to build from them.
 */
export function codeSnippets($: CheerioAPI, url: URL, options: CodeSnippetsOptions = {}) {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('helpers.codeSnippets: options must be an object');
  for (const key of Object.keys(options))
    if (key !== '$elements')
      throw new TypeError(`helpers.codeSnippets: unknown option \`${key}\` (expected $elements)`);
  const given = options.$elements;
  const blocks = given === undefined ? $('pre') : typeof given === 'string' ? $(given) : given;
  const base = url.href.replace(/#.*$/, '');
  const snippets: Record<string, unknown>[] = [];
  for (const block of blocks.toArray()) {
    const content = $(block)
      .text()
      .replace(/^\n+|\s+$/g, '');
    if (content === '') continue;
    const anchor = anchorOf($, block);
    const language = languageOf($, block);
    snippets.push({
      content,
      ...(language === undefined ? {} : { language }),
      anchor,
      url: anchor ? `${base}#${anchor}` : base,
    });
  }
  return snippets;
}
