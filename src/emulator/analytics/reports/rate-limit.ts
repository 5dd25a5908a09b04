import type { Draft } from 'immer';
import type { Core } from '../../core';
import { ApiError } from '../../errors';
import { Reply, type Handler } from '../../route';
import type { AnalyticsState } from '../state';

const CALLS_PER_MINUTE = 100;
const WINDOW_MS = 60_000;

/**
 * The analytics API allows 100 calls per minute per application, in fixed 60-second windows
 * of clock time (the inspector's internal reads do not count). Every answer, errors included, carries the `X-RateLimit-*` headers.
 */
export function rateLimited(handler: Handler): Handler {
  return async (ctx) => {
    // The inspector's reads spend none of the application's calls.
    if (ctx.req.internal) return handler(ctx);
    const { allowed, headers } = take(ctx.core);
    if (!allowed) {
      return new Reply(
        429,
        { status: 429, message: `Too many requests: the analytics API allows ${CALLS_PER_MINUTE} calls per minute` },
        headers,
      );
    }
    try {
      const result = await handler(ctx);
      return result instanceof Reply
        ? new Reply(result.status, result.body, { ...headers, ...result.headers })
        : new Reply(200, result, headers);
    } catch (error) {
      if (error instanceof ApiError) return new Reply(error.status, error.toBody(), headers);
      throw error;
    }
  };
}

function take(core: Core): { allowed: boolean; headers: Record<string, string> } {
  const now = core.now();
  const current = core.state.analytics.rateWindow;
  const fresh = now >= current.start + WINDOW_MS;
  const start = fresh ? now : current.start;
  const count = fresh ? 0 : current.count;
  const allowed = count < CALLS_PER_MINUTE;
  const used = allowed ? count + 1 : count;
  if (fresh || allowed) {
    core.commit((draft) => {
      (draft.analytics as Draft<AnalyticsState>).rateWindow = { start, count: used };
    });
  }
  return {
    allowed,
    headers: {
      'x-ratelimit-limit': String(CALLS_PER_MINUTE),
      'x-ratelimit-remaining': String(CALLS_PER_MINUTE - used),
      'x-ratelimit-reset': String(Math.ceil((start + WINDOW_MS) / 1000)),
    },
  };
}
