import type { Core } from '../core';
import { ApiError } from '../errors';
import { readCredential, type EmulatorRequest } from '../request';
import type { Auth, Route } from '../route';
import { resolveKey } from '../security/resolve';
import { monitoringMessages } from './errors';

/** Who calls a public Monitoring endpoint without credentials: nobody in particular. */
const ANONYMOUS = (ip: string): Auth => ({ admin: false, apiKey: '', acl: new Set(), ip });

/**
 * The Monitoring API is public but for the infrastructure metrics, which need the
 * application's credentials (the service's "Monitoring API key": here the admin key or any
 * valid key of the application; 401 otherwise). The server list checks credentials when some
 * are sent (403 for wrong ones). Elsewhere credentials are not needed, and not checked.
 */
export async function authenticateMonitoring(
  core: Core,
  req: EmulatorRequest,
  route: Route,
  ip: string,
): Promise<Auth> {
  const appId = readCredential(req, 'application-id');
  const apiKey = readCredential(req, 'api-key');
  const metrics = route.operation === 'getMetrics';
  // The server list answers without credentials, and 403 to wrong ones.
  const checked = metrics || (route.operation === 'getServers' && (appId !== undefined || apiKey !== undefined));
  if (!checked) return ANONYMOUS(ip);
  const refused = metrics
    ? new ApiError(401, monitoringMessages.invalidCredentials, { reason: monitoringMessages.infrastructure })
    : new ApiError(403, monitoringMessages.invalidCredentials, { reason: monitoringMessages.invalidCredentials });
  if (!appId || !apiKey || appId.toLowerCase() !== core.options.appId.toLowerCase()) throw refused;
  if (apiKey === core.options.adminApiKey) return { admin: true, apiKey, acl: new Set(), ip };
  const auth = await resolveKey(core, req, route, apiKey, ip);
  if (!auth) throw refused;
  return auth;
}
