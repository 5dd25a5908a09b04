import type { Core } from '../core';
import { notImplemented } from '../errors';
import { recordsOf } from '../search/store';
import type { Json, SourceRecord } from './state';

/** Source types whose records the emulator can read: files it fetches, its own indices, pushes. */
export const RUNNABLE_SOURCES: readonly string[] = ['json', 'csv', 'algoliaIndex', 'push'];

/** A 501 naming a connector that reads from outside the emulator (BigQuery, commercetools, ...). */
export const externalConnector = (operation: string, type: string) =>
  notImplemented(
    operation,
    `the ${type} connector reads from a service outside the emulator: its sources, tasks and runs are stored and validated, but only json, csv, algoliaIndex and push sources run`,
  );

/** What reading a source gave: its records, or why it could not be read. */
export type SourceRead = { readonly records: Json[] } | { readonly error: string };

/**
 * Reads a runnable source's records. A json or csv file is fetched with the emulator's
 * `crawlerFetch` option, or the global `fetch` at run time, so a test's msw handlers serve it;
 * an algoliaIndex source reads the emulator's index. `uniqueIDColumn` becomes the objectID.
 */
export async function readSource(core: Core, operation: string, source: SourceRecord): Promise<SourceRead> {
  const input = (source.input ?? {}) as Record<string, unknown>;
  switch (source.type) {
    case 'json':
    case 'csv': {
      const fetched = await fetchText(core, String(input.url), (input.method as string | undefined) ?? 'GET');
      if ('error' in fetched) return fetched;
      const rows = source.type === 'json' ? jsonRows(fetched.text) : csvRows(fetched.text, input);
      if ('error' in rows) return rows;
      return { records: withIDs(rows.records, input.uniqueIDColumn as string | undefined) };
    }
    case 'algoliaIndex': {
      if (input.filters !== undefined)
        throw notImplemented(operation, 'the filters of an algoliaIndex source are stored, but not applied');
      const index = core.state.indices.get(String(input.indexName));
      if (!index) return { error: `index ${String(input.indexName)} does not exist` };
      return { records: [...recordsOf(core.state, index).values()].map((record) => ({ ...record })) };
    }
    default:
      throw externalConnector(operation, source.type);
  }
}

async function fetchText(core: Core, url: string, method: string): Promise<{ text: string } | { error: string }> {
  const fetcher = core.options.crawler?.fetch ?? globalThis.fetch;
  try {
    const res = await fetcher(url, { method });
    if (!res.ok) return { error: `${method} ${url} answered ${res.status}` };
    return { text: await res.text() };
  } catch (error) {
    return { error: `${method} ${url} failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function jsonRows(text: string): { records: Json[] } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { error: `the file is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!Array.isArray(parsed) || parsed.some((row) => row === null || typeof row !== 'object' || Array.isArray(row)))
    return { error: 'the file must hold a JSON array of objects' };
  return { records: parsed as Json[] };
}

/** CSV with a header line (RFC 4180 quoting), each column typed by `mapping` (strings otherwise). */
function csvRows(text: string, input: Record<string, unknown>): { records: Json[] } | { error: string } {
  const delimiter = (input.delimiter as string | undefined) ?? ',';
  const mapping = (input.mapping as Record<string, string> | undefined) ?? {};
  const lines = parseCsv(text, delimiter);
  if (lines === undefined) return { error: 'the file is not CSV: a quoted value never ends' };
  const [header, ...rows] = lines.filter((line) => !(line.length === 1 && line[0] === ''));
  if (!header) return { records: [] };
  const records: Json[] = [];
  for (const row of rows) {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < header.length; i++) {
      const typed = typedValue(row[i] ?? '', mapping[header[i]]);
      if (typed.error) return { error: `column ${header[i]}: ${typed.error}` };
      record[header[i]] = typed.value;
    }
    records.push(record);
  }
  return { records };
}

function typedValue(raw: string, type: string | undefined): { value?: unknown; error?: string } {
  switch (type) {
    case 'integer':
      return /^-?\d+$/.test(raw.trim()) ? { value: Number(raw) } : { error: `"${raw}" is not an integer` };
    case 'float':
      return raw.trim() !== '' && Number.isFinite(Number(raw))
        ? { value: Number(raw) }
        : { error: `"${raw}" is not a number` };
    case 'boolean':
      return raw === 'true' || raw === 'false' ? { value: raw === 'true' } : { error: `"${raw}" is not a boolean` };
    case 'json':
      try {
        return { value: JSON.parse(raw) };
      } catch {
        return { error: `"${raw}" is not JSON` };
      }
    default:
      return { value: raw };
  }
}

/** Splits CSV text into rows of fields; undefined when a quoted field never closes. */
function parseCsv(text: string, delimiter: string): string[][] | undefined {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) (row.push(field), (field = ''));
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      (row.push(field), rows.push(row), (row = []), (field = ''));
    } else field += char;
  }
  if (quoted) return undefined;
  if (field !== '' || row.length > 0) (row.push(field), rows.push(row));
  return rows;
}

function withIDs(records: Json[], column: string | undefined): Json[] {
  if (column === undefined) return records;
  return records.map((record) =>
    record[column] === undefined || record[column] === null ? record : { ...record, objectID: String(record[column]) },
  );
}
