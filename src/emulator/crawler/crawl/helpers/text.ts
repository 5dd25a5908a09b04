import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';

/** Whitespace runs as one space, trimmed: how the helpers write the text of an element. */
export const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The text of every text node under `nodes`, in document order, skipping scripts, styles and noscript. */
export function textNodes(nodes: readonly AnyNode[]): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.type === 'text') out.push((node as unknown as { data: string }).data);
    else if (
      node.type === 'script' ||
      node.type === 'style' ||
      (node as unknown as { name?: string }).name === 'noscript'
    )
      continue;
    else if ('children' in node) out.push(...textNodes((node as unknown as { children: AnyNode[] }).children));
  }
  return out;
}

/** The readable text of an element (scripts and styles left out), cleaned. */
export const textOf = (element: Cheerio<AnyNode>) => clean(textNodes(element.toArray()).join(' '));

/** The `content` of the first `<meta>` matching one of the selectors, in order; undefined when none has one. */
export function metaContent($: CheerioAPI, ...selectors: string[]): string | undefined {
  for (const selector of selectors) {
    const value = $(selector).first().attr('content');
    if (value !== undefined && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** The page URL as the helpers write it: without its query string and fragment. */
export function bareUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.search = '';
  copy.hash = '';
  return copy.href;
}

/** UTF-8 bytes of a value's JSON, as the record size limits count them. */
export const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
