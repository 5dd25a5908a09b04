import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { jsonBytes, textNodes } from './text';

/** `helpers.splitContentIntoRecords` options (all optional). */
export interface SplitOptions {
  /** The elements whose text is split: a cheerio selection or a selector (default `$('body')`). */
  $elements?: Cheerio<AnyNode> | string;
  /** Properties every record carries (default `{}`). */
  baseRecord?: Record<string, unknown>;
  /** Largest record, in bytes of its JSON (default 10,000). */
  maxRecordBytes?: number;
  /** Where each record holds its text (default `text`). */
  textAttributeName?: string;
  /** When given, each record's position (0, 1, ...) under this name. */
  orderingAttributeName?: string;
}

const OPTIONS = new Set(['$elements', 'baseRecord', 'maxRecordBytes', 'textAttributeName', 'orderingAttributeName']);

/**
 * Splits the text of `$elements` into records of at most `maxRecordBytes` each: `baseRecord`
 * plus the text under `textAttributeName` and, when named, the chunk's position under
 * `orderingAttributeName`. Words stay whole; a word that cannot fit alone makes a record of
 * its own. Unknown options and wrong types throw, naming the option (the URL then fails with
 * `extractor_error`).
 */
export function splitContentIntoRecords($: CheerioAPI, options: SplitOptions = {}): Record<string, unknown>[] {
  checkOptions('splitContentIntoRecords', options, OPTIONS);
  const given = options.$elements;
  const elements = given === undefined ? $('body') : typeof given === 'string' ? $(given) : given;
  return splitWords(textNodes(elements.toArray()).join(' '), options, 'splitContentIntoRecords');
}

/** `helpers.splitTextIntoRecords` options: the text to split instead of elements; the chunks go under `text`. */
export interface SplitTextOptions extends Omit<SplitOptions, '$elements' | 'textAttributeName'> {
  text: string;
}

const TEXT_OPTIONS = new Set(['text', 'baseRecord', 'maxRecordBytes', 'orderingAttributeName']);

/** `helpers.splitTextIntoRecords({ text, ... })`: `text` split as splitContentIntoRecords splits a page's text. */
export function splitTextIntoRecords(options: SplitTextOptions): Record<string, unknown>[] {
  checkOptions('splitTextIntoRecords', options, TEXT_OPTIONS);
  if (typeof options.text !== 'string')
    throw new TypeError('helpers.splitTextIntoRecords: `text` is required, a string');
  return splitWords(options.text, { ...options, textAttributeName: 'text' }, 'splitTextIntoRecords');
}

function checkOptions(helper: string, options: unknown, known: ReadonlySet<string>): void {
  if (typeof options !== 'object' || options === null)
    throw new TypeError(`helpers.${helper}: options must be an object`);
  for (const key of Object.keys(options))
    if (!known.has(key))
      throw new TypeError(`helpers.${helper}: unknown option \`${key}\` (expected ${[...known].join(', ')})`);
}

function splitWords(text: string, options: Omit<SplitOptions, '$elements'>, helper: string): Record<string, unknown>[] {
  const { baseRecord = {}, maxRecordBytes = 10_000, textAttributeName = 'text', orderingAttributeName } = options;
  if (typeof maxRecordBytes !== 'number' || !(maxRecordBytes > 0))
    throw new TypeError(`helpers.${helper}: \`maxRecordBytes\` must be a positive number`);
  if (typeof baseRecord !== 'object' || baseRecord === null || Array.isArray(baseRecord))
    throw new TypeError(`helpers.${helper}: \`baseRecord\` must be an object`);
  const words = text.split(/\s+/).filter(Boolean);
  const records: Record<string, unknown>[] = [];
  const make = (chunk: string) => {
    const record: Record<string, unknown> = { ...baseRecord, [textAttributeName]: chunk };
    if (orderingAttributeName) record[orderingAttributeName] = records.length;
    return record;
  };
  // Sizes add up word by word (a word's escaped JSON bytes, plus a space between words), so a
  // long page is split in one pass instead of serializing every candidate record.
  const wordBytes = (word: string) => jsonBytes(word) - 2;
  let current: string[] = [];
  let size = jsonBytes(make(''));
  for (const word of words) {
    const grown = size + wordBytes(word) + (current.length > 0 ? 1 : 0);
    if (current.length > 0 && grown > maxRecordBytes) {
      records.push(make(current.join(' ')));
      current = [word];
      size = jsonBytes(make('')) + wordBytes(word);
    } else {
      current.push(word);
      size = grown;
    }
  }
  if (current.length > 0 || records.length === 0) records.push(make(current.join(' ')));
  return records;
}
