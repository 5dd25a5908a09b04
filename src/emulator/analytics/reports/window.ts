import type { Core } from '../../core';
import { badRequest } from '../../errors';
import { assertIndexAllowed } from '../../gate';
import type { OperationContext } from '../../route';
import { parseTags, type TagExpression } from './tags';

const DAY_MS = 86_400_000;
const DEFAULT_REFRESH_MS = 5 * 60_000;
/** Top lists hold the 1000 most frequent items. */
const LIST_CAP = 1000;

/** The common analytics parameters, read and checked. */
export interface Window {
  readonly index: string;
  /** Start of `startDate` (UTC) and end of `endDate` (exclusive), in ms. */
  readonly from: number;
  readonly to: number;
  /** Every date of the range, `YYYY-MM-DD`. */
  readonly days: readonly string[];
  readonly tags?: TagExpression;
  readonly limit: number;
  readonly offset: number;
  readonly search?: string;
}

/** Reads `index`, dates, `tags`, `limit`, `offset` and `search` from the query string. */
export function readWindow(ctx: OperationContext, defaultLimit = 10): Window {
  const query = ctx.req.query;
  const index = readIndex(ctx);
  const today = Math.floor(ctx.core.now() / DAY_MS) * DAY_MS;
  const from = query.startDate !== undefined ? readDate(query.startDate, 'startDate') : today - 7 * DAY_MS;
  const to = (query.endDate !== undefined ? readDate(query.endDate, 'endDate') : today) + DAY_MS;
  if (from >= to) throw badRequest('startDate must be before or equal to endDate');
  const days: string[] = [];
  for (let day = from; day < to; day += DAY_MS) days.push(dateOf(day));
  const limit = readCount(query.limit, 'limit', defaultLimit);
  const offset = readCount(query.offset, 'offset', 0);
  return {
    index,
    from,
    to,
    days,
    limit: limit === 0 ? LIST_CAP : Math.min(limit, LIST_CAP),
    offset,
    ...(query.tags !== undefined && query.tags !== '' ? { tags: parseTags(query.tags) } : {}),
    ...(query.search !== undefined ? { search: query.search } : {}),
  };
}

/** The `index` parameter every call needs (the status endpoint needs only it), checked against the key. */
export function readIndex(ctx: OperationContext): string {
  const index = ctx.req.query.index;
  if (index === undefined || index === '') throw badRequest('Parameter `index` is required');
  assertIndexAllowed(ctx.auth, index);
  return index;
}

/**
 * Data recorded before this instant is visible. Analytics refresh every 5 minutes of clock
 * time (on multiples of the period), or at once with `analyticsRefresh: 'immediate'`.
 */
export function visibleBefore(core: Core): number {
  const period = core.options.analyticsRefresh ?? DEFAULT_REFRESH_MS;
  if (period <= 0) return core.now() + 1;
  return Math.floor(core.now() / period) * period;
}

/** When analytics last refreshed (what `status.updatedAt` reports). */
export function lastRefresh(core: Core): number {
  const period = core.options.analyticsRefresh ?? DEFAULT_REFRESH_MS;
  return period <= 0 ? core.now() : visibleBefore(core);
}

/** The date last asked for: every recorded search asks for the retention cutoff's. */
let lastDay = { day: Number.NaN, date: '' };

/** The UTC date of `ms`, `YYYY-MM-DD`. */
export function dateOf(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay.day) lastDay = { day, date: new Date(ms).toISOString().slice(0, 10) };
  return lastDay.date;
}

export function slice<T>(items: readonly T[], window: Window): T[] {
  return items.slice(0, LIST_CAP).slice(window.offset, window.offset + window.limit);
}

/** A `YYYY-MM-DD` parameter as the start of that UTC day; 400 otherwise. */
export function readDate(value: string, name: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || dateOf(ms) !== value)
    throw badRequest(`Invalid ${name} ${JSON.stringify(value)}: expected YYYY-MM-DD`);
  return ms;
}

function readCount(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value))
    throw badRequest(`Invalid ${name} ${JSON.stringify(value)}: expected a non-negative integer`);
  return Number(value);
}
