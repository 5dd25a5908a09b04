import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';

/** The `helpers` argument of extractors: `splitContentIntoRecords` and `docsearch`. */
export function buildHelpers($: CheerioAPI, url: URL) {
  return {
    splitContentIntoRecords: (options: SplitOptions = {}) => splitContentIntoRecords($, options),
    docsearch: (options: DocsearchOptions) => docsearch($, url, options),
  };
}

interface SplitOptions {
  $elements?: Cheerio<AnyNode>;
  baseRecord?: Record<string, unknown>;
  maxRecordBytes?: number;
  textAttributeName?: string;
  orderingAttributeName?: string;
}

/** The text of every text node under `nodes`, in document order (block elements stay apart). */
function textNodes(nodes: readonly AnyNode[]): string[] {
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

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * Splits the text of `$elements` (default `body`) into records of at most `maxRecordBytes`
 * (default 10,000) each: `baseRecord` plus the text under `textAttributeName` (default `text`)
 * and, when named, the chunk's position under `orderingAttributeName`. Words stay whole.
 */
function splitContentIntoRecords($: CheerioAPI, options: SplitOptions): Record<string, unknown>[] {
  const { baseRecord = {}, maxRecordBytes = 10_000, textAttributeName = 'text', orderingAttributeName } = options;
  const elements = options.$elements ?? $('body');
  const words = textNodes(elements.toArray()).join(' ').split(/\s+/).filter(Boolean);
  const records: Record<string, unknown>[] = [];
  const make = (text: string) => {
    const record: Record<string, unknown> = { ...baseRecord, [textAttributeName]: text };
    if (orderingAttributeName) record[orderingAttributeName] = records.length;
    return record;
  };
  let current: string[] = [];
  for (const word of words) {
    const candidate = [...current, word];
    if (current.length > 0 && bytes(make(candidate.join(' '))) > maxRecordBytes) {
      records.push(make(current.join(' ')));
      current = [word];
    } else current = candidate;
  }
  if (current.length > 0 || records.length === 0) records.push(make(current.join(' ')));
  return records;
}

type Selector = string | string[] | { selectors: string | string[]; defaultValue?: string };

interface DocsearchOptions {
  recordProps: Record<string, Selector | number | undefined> & { lvl0?: Selector; lvl1?: Selector; content?: Selector };
  aggregateContent?: boolean;
  indexHeadings?: boolean;
  recordVersion?: 'v2' | 'v3';
}

const LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

const selectorsOf = (selector: Selector | undefined): string[] => {
  if (selector === undefined) return [];
  if (typeof selector === 'string') return [selector];
  if (Array.isArray(selector)) return selector;
  return typeof selector.selectors === 'string' ? [selector.selectors] : selector.selectors;
};

/** The first of the fallback selectors that finds something. */
function firstFound($: CheerioAPI, selector: Selector | undefined): Cheerio<AnyNode> | undefined {
  for (const css of selectorsOf(selector)) {
    if (css === '') continue;
    const found = $(css);
    if (found.length > 0) return found;
  }
  return undefined;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * DocSearch records (the shape of `helpers.docsearch`): one record per heading of `lvl1`..`lvl6`
 * and per `content` node, each with the `hierarchy` above it, `type`, `url`, `anchor` and
 * `weight`; `lvl0` and custom properties come from their selectors (or `defaultValue`). With
 * `aggregateContent` (default), the content under one heading forms one record.
 */
function docsearch($: CheerioAPI, url: URL, options: DocsearchOptions): Record<string, unknown>[] {
  const props = options.recordProps ?? {};
  const aggregate = options.aggregateContent !== false;
  const lvl0Found = firstFound($, props.lvl0);
  const lvl0Default =
    typeof props.lvl0 === 'object' && !Array.isArray(props.lvl0) ? props.lvl0.defaultValue : undefined;
  const lvl0 = lvl0Found ? clean(lvl0Found.first().text()) : (lvl0Default ?? null);
  const custom: Record<string, unknown> = {};
  for (const [name, selector] of Object.entries(props)) {
    if (name === 'lvl0' || name === 'content' || name === 'pageRank' || (LEVELS as readonly string[]).includes(name))
      continue;
    const found = firstFound($, selector as Selector);
    const fallback =
      typeof selector === 'object' && !Array.isArray(selector)
        ? (selector as { defaultValue?: string }).defaultValue
        : undefined;
    custom[name] = found ? found.toArray().map((element) => clean($(element).text())) : (fallback ?? null);
  }
  const levelOf = new Map<AnyNode, string>();
  const ordered: string[] = [];
  for (const level of [...LEVELS, 'content'] as const) {
    const found = firstFound($, props[level] as Selector | undefined);
    if (!found) continue;
    for (const element of found.toArray()) if (!levelOf.has(element)) levelOf.set(element, level);
    ordered.push(...selectorsOf(props[level] as Selector));
  }
  const hierarchy: Record<string, string | null> = {
    lvl0,
    lvl1: null,
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  const pageRank = typeof props.pageRank === 'number' ? props.pageRank : 0;
  const records: Record<string, unknown>[] = [];
  let anchor: string | null = null;
  const base = url.href.replace(/#.*$/, '');
  const push = (type: string, content: string | null) => {
    const position = records.length;
    records.push({
      ...custom,
      url: anchor ? `${base}#${anchor}` : base,
      url_without_anchor: base,
      anchor,
      content,
      type,
      hierarchy: { ...hierarchy },
      weight: { pageRank, level: type === 'content' ? 0 : 100 - 10 * Number(type.slice(3)), position },
    });
  };
  if (ordered.length === 0) return records;
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) push('content', pending.join(' '));
    pending = [];
  };
  for (const element of $(ordered.join(', ')).toArray()) {
    const level = levelOf.get(element);
    if (level === undefined) continue;
    const text = clean($(element).text());
    if (text === '') continue;
    if (level === 'content') {
      if (aggregate) pending.push(text);
      else push('content', text);
      continue;
    }
    flush();
    const depth = Number(level.slice(3));
    hierarchy[level] = text;
    for (let deeper = depth + 1; deeper <= 6; deeper++) hierarchy[`lvl${deeper}`] = null;
    anchor = $(element).attr('id') ?? $(element).find('[id]').first().attr('id') ?? anchor;
    if (options.indexHeadings !== false) push(level, null);
  }
  flush();
  return records;
}
