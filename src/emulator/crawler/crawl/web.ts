import type { Core } from '../../core';
import { crawlerOptions } from '../options';

/** What fetching one URL gave: a response (any status), or a network failure. */
export type Fetched =
  | {
      readonly ok: true;
      readonly status: number;
      readonly contentType: string;
      readonly location?: string;
      /** The body as text (HTML, XML, robots.txt); empty for a redirect or a document. */
      readonly body: string;
      /** The body's bytes, for documents (PDF, ...) that are not text. */
      readonly bytes: Uint8Array;
      readonly etag?: string;
      readonly lastModified?: string;
      /** `Set-Cookie` headers, for logins. */
      readonly cookies: readonly string[];
    }
  | { readonly ok: false; readonly error: string };

/** The user agent the real crawler sends (robots.txt rules are read for it). */
export const USER_AGENT = 'Algolia Crawler/1.0.0';

/** How one request is made: headers (configured, login), method and body, retries of network errors. */
export interface FetchOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly method?: string;
  readonly body?: string;
  /** Further attempts after a network error or a 5xx (`requestOptions.retries`, default 3). */
  readonly retries?: number;
}

/**
 * Fetches a URL the way the crawler does: its user agent and configured headers, redirects not
 * followed (the crawler records them and queues their target). The `fetch` is the emulator's
 * `crawlerFetch` option, or the global one at call time, so a test's msw handlers serve the
 * site; an undeclared page is a network error (msw's `onUnhandledRequest: 'error'`), never a crash.
 */
export async function fetchUrl(core: Core, url: string, options: FetchOptions = {}): Promise<Fetched> {
  const fetcher = crawlerOptions(core).fetch ?? globalThis.fetch;
  const attempts = 1 + Math.max(0, Math.floor(options.retries ?? 0));
  let result: Fetched = { ok: false, error: 'not fetched' };
  for (let attempt = 0; attempt < attempts; attempt++) {
    result = await fetchOnce(fetcher, url, options);
    if (result.ok && result.status < 500) break;
  }
  return result;
}

async function fetchOnce(fetcher: typeof fetch, url: string, options: FetchOptions): Promise<Fetched> {
  try {
    const res = await fetcher(url, {
      redirect: 'manual',
      method: options.method ?? 'GET',
      headers: { 'user-agent': USER_AGENT, ...options.headers },
      ...(options.body === undefined ? {} : { body: options.body }),
    });
    const location = res.headers.get('location') ?? undefined;
    const contentType = res.headers.get('content-type') ?? '';
    const redirect = res.status >= 300 && res.status < 400;
    const bytes = redirect ? new Uint8Array() : new Uint8Array(await res.arrayBuffer());
    const textual = documentTypeOf(contentType) === undefined;
    return {
      ok: true,
      status: res.status,
      contentType,
      ...(location ? { location } : {}),
      body: textual ? new TextDecoder().decode(bytes) : '',
      bytes,
      ...optional('etag', res.headers.get('etag')),
      ...optional('lastModified', res.headers.get('last-modified')),
      cookies: res.headers.getSetCookie?.() ?? [],
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

const optional = <K extends string>(key: K, value: string | null) =>
  (value === null ? {} : { [key]: value }) as Partial<Record<K, string>>;

/** Content types of the documents the real crawler converts to HTML, by `fileTypesToMatch` name. */
const DOCUMENT_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'ppt',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'message/rfc822': 'email',
};

const mediaType = (contentType: string) => contentType.split(';')[0].trim().toLowerCase();

/** The document file type of a response (`pdf`, `doc`, ...), or undefined for anything else. */
export function documentTypeOf(contentType: string): string | undefined {
  return DOCUMENT_TYPES[mediaType(contentType)];
}

/** The file type the crawler gives a response, from its content type (`undefined`: not supported). */
export function fileTypeOf(contentType: string): string | undefined {
  const type = mediaType(contentType);
  if (type === '' || type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  return DOCUMENT_TYPES[type];
}

/** Header sets merged by name, whatever its case (a later set wins): `Cookie` from a login replaces a configured one. */
export function mergeHeaders(...sets: Readonly<Record<string, string>>[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const set of sets) for (const [name, value] of Object.entries(set)) out[name.toLowerCase()] = value;
  return out;
}
