import type { Core } from './core';
import { dispatch } from './dispatch';
import { ApiError } from './errors';
import type { EmulatorRequest } from './request';
import type { Route } from './route';

/** Extra request options, as the real client's second argument takes them. */
export interface RequestOptions {
  headers?: Record<string, string>;
  queryParameters?: Record<string, unknown>;
}

/** Who direct calls speak as: the admin key unless told otherwise. */
export interface Caller {
  apiKey: string;
  appId: string;
  /** Extra headers on every call (`x-emulator-client-ip`, `referer`, `x-algolia-usertoken`, ...). */
  headers?: Record<string, string>;
}

export type DirectCall = (params?: any, requestOptions?: RequestOptions) => Promise<any>;

/**
 * Builds one method per routed operation. Each call is turned into the request the v5
 * client would send (same path, query string and JSON body) and dispatched through the
 * same pipeline as HTTP, so both surfaces share one implementation.
 */
export function buildDirectCalls(core: Core, caller: Caller): Record<string, DirectCall> {
  const calls: Record<string, DirectCall> = {};
  for (const route of core.router.routes) {
    if (!route.call || route.operation in calls) continue;
    calls[route.operation] = async (params = {}, requestOptions = {}) => {
      const res = await dispatch(core, toRequest(route, params, caller, requestOptions));
      if (res.status >= 400 || res.status === 0) {
        const body = res.body as { message?: string } | undefined;
        throw new ApiError(res.status, body?.message ?? `HTTP ${res.status}`);
      }
      return res.body;
    };
  }
  return calls;
}

/** The request the real client would send for `route` called with `params`. */
export function toRequest(route: Route, params: Record<string, any>, caller: Caller, options: RequestOptions = {}): EmulatorRequest {
  const shape = route.call ?? {};
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new ApiError(400, `Parameter \`${name}\` is required when calling \`${route.operation}\`.`);
    }
    return encodeURIComponent(String(value));
  });
  const query: Record<string, string> = {};
  for (const name of shape.query ?? []) {
    if (params[name] !== undefined) query[name] = String(params[name]);
  }
  for (const [name, value] of Object.entries(options.queryParameters ?? {})) {
    if (value !== undefined) query[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  const headers: Record<string, string> = {
    'x-algolia-application-id': caller.appId,
    'x-algolia-api-key': caller.apiKey,
    ...lowerKeys(caller.headers),
  };
  for (const [param, header] of Object.entries(shape.headers ?? {})) {
    if (params[param] !== undefined) headers[header.toLowerCase()] = String(params[param]);
  }
  Object.assign(headers, lowerKeys(options.headers));
  const raw = route.method === 'GET' || shape.body === undefined ? undefined : shape.body === '$params' ? params : params[shape.body];
  // A JSON round trip, so direct calls see exactly what the wire would carry.
  const text = raw === undefined ? undefined : JSON.stringify(raw);
  return {
    method: route.method,
    host: route.host,
    path,
    query,
    headers,
    body: text === undefined ? undefined : JSON.parse(text),
    bodySize: text === undefined ? 0 : new TextEncoder().encode(text).length,
    // Re-serializing the parsed body writes the same text.
    ...(text === undefined ? {} : { bodyText: text }),
  };
}

function lowerKeys(record: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record ?? {})) out[key.toLowerCase()] = value;
  return out;
}
