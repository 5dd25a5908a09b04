import type { Core } from '../core';
import type { EmulatorRequest } from '../request';
import type { Auth, Route } from '../route';

/**
 * Finds the non-admin key a request carries. API keys other than the admin key are not
 * stored yet, so nothing else authenticates.
 */
export async function resolveKey(
  _core: Core,
  _req: EmulatorRequest,
  _route: Route,
  _apiKey: string,
  _ip: string,
): Promise<Auth | undefined> {
  return undefined;
}
