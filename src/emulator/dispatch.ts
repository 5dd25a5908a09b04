import { familyAuthError } from './analytics/auth';
import type { Core } from './core';
import { ApiError, badRequest } from './errors';
import { authenticate, authorize, clientIp } from './gate';
import { sourceAllowed } from './keys/firewall';
import type { EmulatorRequest, EmulatorResponse } from './request';
import { suggestionsAuthError } from './query-suggestions/messages';
import { Reply, type Auth, type OperationContext, type Route } from './route';
import { unservedApiError } from './unimplemented';

/** What the real client reports when no host answers (status 0: a network failure, not HTTP). */
export const UNREACHABLE =
  'Unreachable hosts - your application id may be incorrect. If the error persists, please visit our help center https://alg.li/support-unreachable-hosts or reach out to the Algolia Support team: https://alg.li/support';

const JSON_TYPE = 'application/json; charset=UTF-8';

/**
 * The one pipeline every request takes, over msw or as a direct call:
 * publish due tasks -> match the route -> gate -> operation -> response -> observers.
 * Every failure funnels through {@link toErrorResponse}.
 */
export async function dispatch(core: Core, req: EmulatorRequest): Promise<EmulatorResponse> {
  let route: Route | undefined;
  let params: Readonly<Record<string, string>> | undefined;
  let auth: Auth | undefined;
  let res: EmulatorResponse;
  try {
    core.settle();
    // The firewall allow-list works at the network level: a refused source reaches no server.
    if (core.state.security.firewall.enabled && !sourceAllowed(core, clientIp(core, req))) return { status: 0, headers: {}, body: { message: UNREACHABLE } };
    const match = core.router.match(req.host, req.method, req.path);
    if (match === undefined) throw unservedApiError(req.host, req.method, req.path) ?? new ApiError(404, `Path not found: ${req.method} ${req.path}`);
    if (match === 'method') throw new ApiError(404, `Method ${req.method} is not allowed on ${req.path}`);
    ({ route, params } = match);
    auth = await authenticate(core, req, route);
    if (req.bodyError) throw badRequest(req.bodyError);
    const ctx: OperationContext = { core, route, req, params, auth };
    authorize(ctx);
    res = toResponse(await route.handler(ctx));
  } catch (error) {
    res = toErrorResponse(suggestionsAuthError(route, auth, familyAuthError(route, error)));
  }
  core.report({ req, res, route, params, auth, at: core.now() });
  return res;
}

function toResponse(result: unknown): EmulatorResponse {
  if (result instanceof Reply) {
    return { status: result.status, headers: { 'content-type': JSON_TYPE, ...result.headers }, body: result.body };
  }
  return { status: 200, headers: { 'content-type': JSON_TYPE }, body: result };
}

/** The single error funnel: ApiError keeps its status, anything else is a 500 (a bug). */
export function toErrorResponse(error: unknown): EmulatorResponse {
  if (error instanceof ApiError) {
    return { status: error.status, headers: { 'content-type': JSON_TYPE }, body: error.toBody() };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: 500, headers: { 'content-type': JSON_TYPE }, body: { message: `Internal emulator error: ${message}`, status: 500 } };
}
