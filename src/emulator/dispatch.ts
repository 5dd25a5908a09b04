import { familyAuthError } from './analytics/auth';
import type { Core } from './core';
import { ApiError, badRequest, messages } from './errors';
import { authenticate, authorize, clientIp } from './gate';
import { sourceAllowed } from './security/firewall';
import type { FaultDecision } from './faults/faults';
import { withLoads } from './lazy';
import { bodyText, JSON_TYPE, type EmulatorRequest, type EmulatorResponse } from './request';
import { suggestionsAuthError } from './query-suggestions/errors';
import { Reply, type Auth, type OperationContext, type Route } from './route';
import { unservedApiError } from './unimplemented';

/**
 * The one pipeline every request takes, over msw or as a direct call:
 * publish due tasks -> match the route -> faults -> firewall -> gate -> operation -> response
 * -> observers -> latency. Every failure funnels through {@link toErrorResponse}.
 */
export async function dispatch(core: Core, req: EmulatorRequest): Promise<EmulatorResponse> {
  const arrived = core.now();
  let route: Route | undefined;
  let params: Readonly<Record<string, string>> | undefined;
  let auth: Auth | undefined;
  let fault: FaultDecision | undefined;
  let served = false;
  const warnings: string[] = [];
  let res: EmulatorResponse;
  try {
    core.settle();
    const match = core.router.match(req.host, req.method, req.path);
    if (match !== undefined && match !== 'method') ({ route, params } = match);
    // Injected faults sit where the network does: before anything the service would do.
    // The inspector's reads meet no fault and no firewall: they are not the application's traffic.
    fault = req.internal ? undefined : core.faults.decide(req, route);
    if (fault?.response) res = fault.response;
    // The firewall allow-list works at the network level: a refused source reaches no server.
    else if (!req.internal && core.state.security.firewall.enabled && !sourceAllowed(core, clientIp(core, req)))
      res = { status: 0, headers: {}, body: { message: messages.unreachable } };
    else {
      served = true;
      if (match === undefined)
        throw (
          unservedApiError(req.host, req.method, req.path) ??
          new ApiError(404, `Path not found: ${req.method} ${req.path}`)
        );
      if (match === 'method') throw new ApiError(404, `Method ${req.method} is not allowed on ${req.path}`);
      auth = await authenticate(core, req, match.route);
      if (req.bodyError) throw badRequest(req.bodyError);
      const ctx: OperationContext = { core, route: match.route, req, params: match.params, auth, warnings };
      authorize(ctx);
      res = toResponse(await withLoads(core, match.route.operation, () => match.route.handler(ctx)));
    }
  } catch (error) {
    served = true;
    res = toErrorResponse(suggestionsAuthError(route, familyAuthError(route, error)));
  }
  // A surface that sends text would stringify the answer anyway: once here, the API log reads it too.
  if (req.sendsText && res.status !== 0) res = { ...res, text: bodyText(res) };
  if (!req.internal)
    core.report({
      req,
      res,
      route,
      params,
      auth,
      at: core.now(),
      served,
      ...(fault ? { fault: fault.applied } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    });
  if (!fault) return res;
  // A response timeout: the service answered, the body never reaches the client.
  if (fault.applied.kind === 'timeout' && served) return { ...res, transport: 'no-body' };
  return fault.applied.latency ? held(core, req, res, arrived + fault.applied.latency) : res;
}

/** The answer once the emulator clock reaches `until`; a network failure when the client gave up or the faults were cleared first. */
async function held(core: Core, req: EmulatorRequest, res: EmulatorResponse, until: number): Promise<EmulatorResponse> {
  if (await core.faults.hold(until, req.signal)) return res;
  return { status: 0, headers: {}, body: { message: messages.unreachable } };
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
  return {
    status: 500,
    headers: { 'content-type': JSON_TYPE },
    body: { message: `Internal emulator error: ${message}`, status: 500 },
  };
}
