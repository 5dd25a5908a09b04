import type { Core, DispatchEvent } from '../core';
import { badRequest } from '../errors';
import { clientIp } from '../gate';
import type { OperationContext } from '../route';
import { jsonPrefix } from './json-prefix';
import { LOG_CAPACITY, type LogRecord } from './state';

const RETENTION_MS = 7 * 24 * 3_600_000;
const MAX_LENGTH = 1000;
/** The real log keeps the first 1,000 characters of request and answer bodies. */
const BODY_CHARACTERS = 1000;
const LOG_TYPES = new Set(['all', 'query', 'build', 'error']);
/** Credential headers whose values the log masks. */
const SECRET_HEADERS = new Set(['x-algolia-api-key', 'x-service-api-key', 'x-forwarded-api-key']);
/** Operations the log files under `query` (reads of records and search results). */
const QUERY_ACLS = new Set(['search', 'browse']);

/** Keeps the first characters of a key and masks the rest, as the real log does. */
function maskKey(value: string): string {
  return value.length <= 3 ? '*'.repeat(value.length) : value.slice(0, 3) + '*'.repeat(value.length - 3);
}

/** Log record -> its index name (undefined: none), once looked up. */
const indexes = new WeakMap<LogRecord, string | undefined>();

/**
 * The index a logged request names (its `{indexName}` path parameter, not `*`). Looked up when
 * the log is read, not on every request: the router is fixed, so the answer is the same.
 */
function logIndex(core: Core, log: LogRecord): string | undefined {
  if (indexes.has(log)) return indexes.get(log);
  const match = core.router.match(log.host, log.method, log.path);
  const name = match && match !== 'method' ? match.params.indexName : undefined;
  const index = name === '*' ? undefined : name;
  indexes.set(log, index);
  return index;
}

/**
 * Observer: files every answered request in the API log (newest last, the last 1000),
 * except routes marked `logged: false` (the logs call itself) and requests the service never
 * served (the firewall, injected faults).
 */
export function recordLog(core: Core, event: DispatchEvent): void {
  const { req, res, route } = event;
  if (route?.logged === false || !event.served) return;
  const answer = res.body as { nbHits?: unknown } | undefined;
  const bodyParams = (req.body as { params?: unknown } | undefined)?.params;
  const record: Mutable<LogRecord> = {
    at: event.at,
    host: req.host,
    method: req.method,
    path: req.path,
    status: res.status,
    query: req.query,
    ip: event.auth?.ip ?? clientIp(core, req),
    queryBody:
      req.body === undefined
        ? ''
        : req.bodyText !== undefined
          ? req.bodyText.slice(0, BODY_CHARACTERS)
          : jsonPrefix(req.body, BODY_CHARACTERS),
    answer:
      res.text !== undefined && typeof res.body !== 'string'
        ? textPrefix(res.text, BODY_CHARACTERS)
        : jsonPrefix(res.body ?? null, BODY_CHARACTERS),
    headers: req.headers,
  };
  if (typeof bodyParams === 'string') record.bodyParams = bodyParams;
  if (typeof answer?.nbHits === 'number') record.nbHits = answer.nbHits;
  record.kind =
    route && typeof route.acl === 'string' && QUERY_ACLS.has(route.acl)
      ? 'query'
      : req.method === 'GET'
        ? 'other'
        : 'build';
  // Appended in O(1) and assigned whole, without a draft: the log is never walked.
  core.assign('logs', { records: core.state.logs.records.append(Object.freeze(record as LogRecord), LOG_CAPACITY) });
}

type Mutable<T> = { -readonly [K in keyof T]?: T[K] };

/**
 * The first `limit` characters of `text` (the answer as sent, `JSON.stringify` of its body),
 * as a string of their own: joining two halves copies them, where one slice would keep the
 * whole answer alive as long as the log entry.
 */
function textPrefix(text: string, limit: number): string {
  return text.length <= limit ? text : [text.slice(0, limit >> 1), text.slice(limit >> 1, limit)].join('');
}

/** `new URLSearchParams(query).toString()`; most requests have no query string. */
function queryString(query: Record<string, string>): string {
  for (const _ in query) return new URLSearchParams(query).toString();
  return '';
}

/** One `name: value` line a header, key values masked. */
function headerLines(headers: Record<string, string>): string {
  let text = '';
  for (const name in headers) {
    if (!hasOwn.call(headers, name)) continue;
    const value = headers[name];
    text += `${text === '' ? '' : '\n'}${name}: ${SECRET_HEADERS.has(name) ? maskKey(value) : value}`;
  }
  return text;
}

const hasOwn = Object.prototype.hasOwnProperty;

async function sha1Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function integer(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw badRequest(`Parameter \`${name}\` must be a non-negative integer, got "${raw}"`);
  return value;
}

/** GET /1/logs — newest first, 7 days at most, filtered by index and type. */
export async function getLogs(ctx: OperationContext) {
  const { core, req } = ctx;
  const offset = integer(req.query.offset, 'offset', 0);
  const length = integer(req.query.length, 'length', 10);
  if (length > MAX_LENGTH) throw badRequest(`Parameter \`length\` must be at most ${MAX_LENGTH}, got ${length}`);
  const type = req.query.type ?? 'all';
  if (!LOG_TYPES.has(type))
    throw badRequest(`Parameter \`type\` must be one of all, query, build, error; got "${type}"`);
  const indexName = req.query.indexName;
  const since = core.now() - RETENTION_MS;
  const selected = core.state.logs.records
    .toArray()
    .reverse()
    .filter((log) => log.at > since)
    .filter((log) => indexName === undefined || logIndex(core, log) === indexName)
    .filter((log) => type === 'all' || (type === 'error' ? log.status >= 400 : log.kind === type))
    .slice(offset, offset + length);
  return { logs: await Promise.all(selected.map((log) => toEntry(log, logIndex(core, log)))) };
}

async function toEntry(log: LogRecord, index: string | undefined) {
  const query = queryString(log.query);
  const queryParams = log.bodyParams ?? (query ? query : undefined);
  const entry = {
    timestamp: new Date(log.at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    method: log.method,
    answer_code: String(log.status),
    query_body: log.queryBody,
    answer: log.answer,
    url: query ? `${log.path}?${query}` : log.path,
    ip: log.ip,
    query_headers: headerLines(log.headers),
    nb_api_calls: '1',
    processing_time_ms: '1',
    ...(index === undefined ? {} : { index }),
    ...(queryParams === undefined ? {} : { query_params: queryParams }),
    ...(log.nbHits === undefined ? {} : { query_nb_hits: String(log.nbHits) }),
  };
  return { ...entry, sha1: await sha1Hex(JSON.stringify(entry)) };
}
