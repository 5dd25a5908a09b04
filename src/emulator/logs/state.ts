import { AppendList } from '../append-list';
import type { HostFamily, Method } from '../request';

/**
 * One answered request, as the API log keeps it: serialised at record time, except the index
 * name, which the route's path parameters give when the log is read (see `logIndex`).
 */
export interface LogRecord {
  readonly at: number;
  readonly host: HostFamily;
  readonly method: Method;
  /** Raw path, without query string. */
  readonly path: string;
  readonly status: number;
  readonly url: string;
  readonly ip: string;
  readonly queryBody: string;
  readonly answer: string;
  readonly queryHeaders: string;
  readonly queryParams?: string;
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
