import type { Core } from '../../core';
import { crawlerOptions } from '../options';

/** What fetching one URL gave: a response (any status), or a network failure. */
export type Fetched =
  | {
      readonly ok: true;
      readonly status: number;
      readonly contentType: string;
      readonly location?: string;
      readonly body: string;
    }
  | { readonly ok: false; readonly error: string };

/** The user agent the real crawler sends (robots.txt rules are read for it). */
export const USER_AGENT = 'Algolia Crawler/1.0.0';

/**
 * Fetches a URL the way the crawler does: its user agent and configured headers, redirects not
 * followed (the crawler records them and queues their target). The `fetch` is the emulator's
 * `crawlerFetch` option, or the global one at call time, so a test's msw handlers serve the
 * site; an undeclared page is a network error (msw's `onUnhandledRequest: 'error'`), never a crash.
 */
export async function fetchUrl(core: Core, url: string, headers: Readonly<Record<string, string>>): Promise<Fetched> {
  const fetcher = crawlerOptions(core).fetch ?? globalThis.fetch;
  try {
    const res = await fetcher(url, { redirect: 'manual', headers: { 'user-agent': USER_AGENT, ...headers } });
    const location = res.headers.get('location') ?? undefined;
    const body = res.status >= 300 && res.status < 400 ? '' : await res.text();
    return {
      ok: true,
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      ...(location ? { location } : {}),
      body,
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The file type the crawler gives a response, from its content type (`undefined`: not supported). */
export function fileTypeOf(contentType: string): string | undefined {
  const type = contentType.split(';')[0].trim().toLowerCase();
  // Documents (pdf, doc, ...) need the real crawler's conversion to HTML, which is not emulated.
  return type === '' || type === 'text/html' || type === 'application/xhtml+xml' ? 'html' : undefined;
}
