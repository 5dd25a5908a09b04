import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { clean } from './text';

/** A selector with fallbacks: the first one that finds something is used. */
type Selectors = string | string[];
/** `lvl0` and custom variables: selectors and/or a raw value. */
type WithDefault = { selectors?: Selectors; defaultValue?: string | string[] };
type Prop = Selectors | WithDefault;

export interface DocsearchOptions {
  recordProps: Record<string, Prop | number | undefined>;
  /** Content under one heading forms one record (default true). */
  aggregateContent?: boolean;
  /** Heading records: all (true, default), none (false), or levels `from`..`to`. */
  indexHeadings?: boolean | { from: number; to: number };
  /** `v2` (default) adds the fields only the DocSearch v2 UI reads; `v3` leaves them out. */
  recordVersion?: 'v2' | 'v3';
}

const LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
const RESERVED = new Set(['lvl0', ...LEVELS, 'content', 'pageRank']);

const selectorsOf = (prop: Prop | undefined): string[] => {
  if (prop === undefined) return [];
  if (typeof prop === 'string') return [prop];
  if (Array.isArray(prop)) return prop;
  const { selectors } = prop;
  return selectors === undefined ? [] : typeof selectors === 'string' ? [selectors] : selectors;
};

/** The first of the fallback selectors that finds something (an empty selector finds nothing). */
function firstFound($: CheerioAPI, prop: Prop | undefined): Cheerio<AnyNode> | undefined {
  for (const css of selectorsOf(prop)) {
    if (typeof css !== 'string' || css.trim() === '') continue;
    const found = $(css);
    if (found.length > 0) return found;
  }
  return undefined;
}

const defaultOf = (prop: Prop | undefined) =>
  typeof prop === 'object' && prop !== null && !Array.isArray(prop) ? prop.defaultValue : undefined;

/** The text of every element found, joined by a space (what a global selector gives, as DocSearch's scraper did). */
const joinedText = ($: CheerioAPI, found: Cheerio<AnyNode>) =>
  clean(
    found
      .toArray()
      .map((element) => $(element).text())
      .join(' '),
  );

/**
 * `docsearch:*` meta tags, added to every record under the name after the colon (the
 * documented way to give `language`, `version`, `docusaurus_tag`...). A value that reads as
 * JSON is kept as that value, as DocSearch's scraper did; `version` is a list when it holds
 * comma-separated tokens, a string otherwise.
 */
function metaVariables($: CheerioAPI): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  $('meta[name]').each((_, element) => {
    const name = $(element).attr('name') ?? '';
    const content = $(element).attr('content');
    if (!name.startsWith('docsearch:') || content === undefined || content === '') return;
    const key = name.slice('docsearch:'.length);
    if (key === '') return;
    if (key === 'version') {
      out[key] = content.includes(',')
        ? content
            .split(',')
            .map((token) => token.trim())
            .filter(Boolean)
        : content;
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      parsed = undefined;
    }
    out[key] = parsed ? parsed : content;
  });
  return out;
}

/** An element's own anchor: its `name`, else its `id`, unless empty or starting with `_`. */
function ownAnchor(element: AnyNode): string | undefined {
  const attribs = (element as Element).attribs;
  if (!attribs) return undefined;
  const value = attribs.name ?? attribs.id;
  return value !== undefined && value !== '' && !value.startsWith('_') ? value : undefined;
}

/**
 * The anchor DocSearch gives a heading: its own `name` or `id`, else the last descendant
 * that has one, else the nearest preceding sibling or ancestor (walking back, then up) that
 * has one.
 */
export function anchorOf($: CheerioAPI, element: AnyNode): string | null {
  const own = ownAnchor(element);
  if (own !== undefined) return own;
  const inside = $(element).find('[name], [id]').toArray().reverse();
  for (const child of inside) {
    const found = ownAnchor(child);
    if (found !== undefined) return found;
  }
  let current: AnyNode | null = element;
  while (current) {
    for (let sibling = current.prev; sibling; sibling = sibling.prev) {
      const found = ownAnchor(sibling);
      if (found !== undefined) return found;
    }
    current = current.parent;
    if (current) {
      const found = ownAnchor(current);
      if (found !== undefined) return found;
    }
  }
  return null;
}

/** `indexHeadings` as the levels whose headings become records (0 to 6). */
function headingLevels(option: DocsearchOptions['indexHeadings']): (depth: number) => boolean {
  if (option === undefined || option === true) return () => true;
  if (option === false) return () => false;
  if (typeof option === 'object' && option !== null) {
    const { from, to } = option;
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > 6 || from > to)
      throw new TypeError(
        `helpers.docsearch: \`indexHeadings\` must be a boolean or { from, to } with 0 <= from <= to <= 6, got ${JSON.stringify(option)}`,
      );
    return (depth) => depth >= from && depth <= to;
  }
  throw new TypeError(`helpers.docsearch: \`indexHeadings\` must be a boolean or { from, to }, got ${String(option)}`);
}

/** `pageRank`: a number, or a number written as a string (the docs' own examples); 0 otherwise. */
function pageRankOf(value: unknown): number {
  if (value === undefined) return 0;
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(number))
    throw new TypeError(`helpers.docsearch: \`recordProps.pageRank\` must be a number, got ${JSON.stringify(value)}`);
  return number;
}

type Hierarchy = Record<'lvl0' | (typeof LEVELS)[number], string | null>;

/**
 * DocSearch records (`helpers.docsearch`): one record per heading of `lvl1`..`lvl6` (as
 * `indexHeadings` allows) and per `content` node (or per heading's content, with
 * `aggregateContent`), each with the `hierarchy` above it, `type`, `url`, `anchor` and
 * `weight`; `lvl0` and custom variables come from their selectors (or `defaultValue`),
 * `docsearch:*` meta tags and `<html lang>` are added to every record.
 */
export function docsearch($: CheerioAPI, url: URL, options: DocsearchOptions): Record<string, unknown>[] {
  if (typeof options !== 'object' || options === null || typeof options.recordProps !== 'object')
    throw new TypeError('helpers.docsearch: `recordProps` is required');
  const props = options.recordProps;
  const aggregate = options.aggregateContent !== false;
  const v2 = options.recordVersion !== 'v3';
  const indexed = headingLevels(options.indexHeadings);
  const pageRank = pageRankOf(props.pageRank);
  const lvl0Prop = props.lvl0 as Prop | undefined;
  const lvl0Found = firstFound($, lvl0Prop);
  const lvl0Default = defaultOf(lvl0Prop);
  const lvl0 = lvl0Found
    ? clean(lvl0Found.first().text())
    : Array.isArray(lvl0Default)
      ? (lvl0Default[0] ?? null)
      : (lvl0Default ?? null);
  const shared: Record<string, unknown> = {};
  const lang = $('html').attr('lang');
  if (lang) shared.lang = lang;
  for (const [name, prop] of Object.entries(props)) {
    if (RESERVED.has(name) || prop === undefined || typeof prop === 'number') continue;
    // A custom variable: the text of what its selectors find, or its raw `defaultValue` as given.
    const found = firstFound($, prop);
    shared[name] = found ? joinedText($, found) : (defaultOf(prop) ?? null);
  }
  Object.assign(shared, metaVariables($));

  const levelOf = new Map<AnyNode, string>();
  const wanted: string[] = [];
  for (const level of [...LEVELS, 'content'] as const) {
    const found = firstFound($, props[level] as Prop | undefined);
    if (!found) continue;
    for (const element of found.toArray()) if (!levelOf.has(element)) levelOf.set(element, level);
    wanted.push(...selectorsOf(props[level] as Prop).filter((css) => typeof css === 'string' && css.trim() !== ''));
  }
  const records: Record<string, unknown>[] = [];
  if (wanted.length === 0) return records;
  const hierarchy: Hierarchy = { lvl0, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const anchors: (string | null)[] = [null, null, null, null, null, null, null];
  const base = url.href.replace(/#.*$/, '');
  const push = (type: string, content: string | null) => {
    const anchor = [...anchors].reverse().find((value) => value !== null) ?? null;
    const record: Record<string, unknown> = {
      ...shared,
      url: anchor ? `${base}#${anchor}` : base,
      url_without_anchor: base,
      anchor,
      content,
      type,
      hierarchy: { ...hierarchy },
      weight: { pageRank, level: type === 'content' ? 0 : 100 - 10 * Number(type.slice(3)), position: records.length },
    };
    if (v2) {
      // What only the DocSearch v2 UI reads: the deepest level alone, and copies for camel-case search.
      const radio: Hierarchy = { lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
      if (type !== 'content') {
        const deepest = (['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1', 'lvl0'] as const).find(
          (level) => hierarchy[level] !== null,
        );
        if (deepest) radio[deepest] = hierarchy[deepest];
      }
      Object.assign(record, {
        hierarchy_radio: radio,
        hierarchy_camel: { ...hierarchy },
        hierarchy_radio_camel: { ...radio },
        content_camel: content,
      });
    }
    records.push(record);
  };
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) push('content', pending.join(' '));
    pending = [];
  };
  for (const element of $(wanted.join(', ')).toArray()) {
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
    hierarchy[level as keyof Hierarchy] = text;
    anchors[depth] = anchorOf($, element);
    for (let deeper = depth + 1; deeper <= 6; deeper++) {
      hierarchy[`lvl${deeper}` as keyof Hierarchy] = null;
      anchors[deeper] = null;
    }
    if (indexed(depth)) push(level, null);
  }
  flush();
  return records;
}
