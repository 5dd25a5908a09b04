import { ApiError } from '../errors';

/**
 * The Monitoring API's failures. The service answers `{ "reason": ... }` for a bad request and
 * bad credentials, and plain text for an unknown cluster (its OpenAPI examples); the emulator
 * answers JSON with `message` and `status`, and `reason` beside them where the service has one.
 */
export const monitoringMessages = {
  unknownCluster: (name: string) => `Unknown cluster "${name}"`,
  unknownServers: 'Unknown servers',
  invalidCredentials: 'invalid credentials',
  /** The OpenAPI's 401 example for the infrastructure endpoint. */
  infrastructure:
    'The infrastructure usage API is only available on Enterprise plans. Please contact enterprise@algolia.com for more detail.',
} as const;

export const unknownCluster = (name: string) => new ApiError(404, monitoringMessages.unknownCluster(name));

export const unknownServers = () =>
  new ApiError(400, monitoringMessages.unknownServers, { reason: monitoringMessages.unknownServers });

export const badParameter = (reason: string) => new ApiError(400, reason, { reason });
