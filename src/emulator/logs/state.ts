import { AppendList } from '../append-list';
import type { HostFamily, Method } from '../request';

/**
 * One answered request, as the API log keeps it: the bodies cut to their first characters at
 * record time; the URL, the query parameters, the header lines and the index name worked out
 * when the log is read (see `toEntry`): most records are never read.
 */
export interface LogRecord {
  readonly at: number;
  readonly host: HostFamily;
  readonly method: Method;
  /** Raw path, without query string. */
  readonly path: string;
  readonly status: number;
  /** The query string's parameters as received (the request's own object, never written to). */
  readonly query: Readonly<Record<string, string>>;
  readonly ip: string;
  readonly queryBody: string;
  readonly answer: string;
  /** The headers as received, names in lower case (the request's own object, never written to). */
  readonly headers: Readonly<Record<string, string>>;
  /** The body's `params` string, which the log shows instead of the query string. */
  readonly bodyParams?: string;
  readonly nbHits?: number;
  readonly kind: 'query' | 'build' | 'other';
}

/** The API log. */
export interface LogsState {
  /** Newest last; at most {@link LOG_CAPACITY} (appended with that capacity). */
  readonly records: AppendList<LogRecord>;
}

export const LOG_CAPACITY = 1000;

export const initialLogsState = (): LogsState => ({ records: AppendList.empty() });
