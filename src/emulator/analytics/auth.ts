import { ApiError, unauthorized } from '../errors';
import type { Route } from '../route';

/**
 * The insights and personalization APIs answer 401, not 403, when credentials are missing,
 * wrong, or lack the right: the gate's 403 is turned into theirs.
 */
export function familyAuthError(route: Route | undefined, error: unknown): unknown {
  if (!route || !(error instanceof ApiError) || error.status !== 403) return error;
  if (route.host !== 'insights' && route.host !== 'personalization') return error;
  return unauthorized(error.message);
}
