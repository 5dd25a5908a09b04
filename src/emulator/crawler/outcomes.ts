import type { UrlCategory, UrlOutcome, UrlStatus } from './state';

/**
 * The crawler's vocabulary for what became of a URL: status, the step it was decided at
 * (category), a reason code and the sentence the dashboard and the stats show (`readable`).
 */
const REASONS: Record<string, { status: UrlStatus; category: UrlCategory; readable: string }> = {
  success: { status: 'DONE', category: 'success', readable: 'Success' },
  forbidden_by_robotstxt: { status: 'SKIPPED', category: 'fetch', readable: 'Forbidden by robots.txt' },
  http_redirect: { status: 'SKIPPED', category: 'fetch', readable: 'HTTP redirect (301, 302)' },
  excluded: { status: 'SKIPPED', category: 'fetch', readable: 'Excluded by exclusionPatterns' },
  content_type_not_supported: { status: 'SKIPPED', category: 'fetch', readable: 'Content-Type not supported' },
  file_type_not_matched: { status: 'SKIPPED', category: 'fetch', readable: "File type didn't match any action" },
  canonical_url: { status: 'SKIPPED', category: 'extraction', readable: 'Canonical URL' },
  meta_noindex: { status: 'SKIPPED', category: 'extraction', readable: 'Meta noindex' },
  no_action_matched: { status: 'SKIPPED', category: 'extraction', readable: 'No action matched' },
  no_records: { status: 'SKIPPED', category: 'extraction', readable: 'No records extracted' },
  network_error: { status: 'FAILED', category: 'fetch', readable: 'Network error' },
  http_bad_request: { status: 'FAILED', category: 'fetch', readable: 'HTTP Bad Request (400)' },
  http_unauthorized: { status: 'FAILED', category: 'fetch', readable: 'HTTP Unauthorized (401)' },
  http_forbidden: { status: 'FAILED', category: 'fetch', readable: 'HTTP Forbidden (403)' },
  http_not_found: { status: 'FAILED', category: 'fetch', readable: 'HTTP Not Found (404)' },
  http_gone: { status: 'FAILED', category: 'fetch', readable: 'HTTP Gone (410)' },
  http_too_many_requests: { status: 'FAILED', category: 'fetch', readable: 'HTTP Too Many Requests (429)' },
  http_internal_server_error: { status: 'FAILED', category: 'fetch', readable: 'HTTP Internal Server Error (500)' },
  http_not_implemented: { status: 'FAILED', category: 'fetch', readable: 'HTTP Not Implemented (501)' },
  http_connection_error: { status: 'FAILED', category: 'fetch', readable: 'HTTP Connection Error (502,503,504)' },
  http_status_code_not_supported: { status: 'FAILED', category: 'fetch', readable: 'HTTP Status Code not supported' },
  javascript_rendering_error: { status: 'FAILED', category: 'fetch', readable: 'JavaScript rendering failed' },
  document_conversion_error: { status: 'FAILED', category: 'extraction', readable: 'Document could not be converted' },
  extractor_error: { status: 'FAILED', category: 'extraction', readable: 'Extractor error' },
  extractor_timeout: { status: 'FAILED', category: 'extraction', readable: 'Extractor execution timed out' },
  invalid_records: { status: 'FAILED', category: 'extraction', readable: 'Extractor returned invalid records' },
  too_many_records: {
    status: 'FAILED',
    category: 'extraction',
    readable: 'Too many records extracted from one URL (200 at most)',
  },
  missing_object_id: {
    status: 'FAILED',
    category: 'extraction',
    readable: 'Record without objectID (autoGenerateObjectIDs is false)',
  },
  record_too_big: { status: 'FAILED', category: 'indexing', readable: 'Algolia error: Record too big' },
};

/** The outcome of a URL for a reason code (`records` and `error` when there are some). */
export function outcome(reason: string, records = 0, error?: string): UrlOutcome {
  const known = REASONS[reason] ?? REASONS.http_status_code_not_supported;
  return { status: known.status, category: known.category, reason, records, ...(error === undefined ? {} : { error }) };
}

export const readableReason = (reason: string): string => REASONS[reason]?.readable ?? reason;

/** The reason code of an HTTP status the crawler does not accept as a page. */
export function httpReason(status: number): string {
  const named: Record<number, string> = {
    400: 'http_bad_request',
    401: 'http_unauthorized',
    403: 'http_forbidden',
    404: 'http_not_found',
    410: 'http_gone',
    429: 'http_too_many_requests',
    500: 'http_internal_server_error',
    501: 'http_not_implemented',
    502: 'http_connection_error',
    503: 'http_connection_error',
    504: 'http_connection_error',
  };
  return named[status] ?? 'http_status_code_not_supported';
}
