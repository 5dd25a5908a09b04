import { CATALOGUE } from './catalogue';
import type { Core } from './core';
import { dispatch } from './dispatch';
import { ApiError, messages } from './errors';
import { MAX_JSON_DEPTH, textDeeperThan, TOO_DEEP } from './json-depth';
import { utf8Length, type EmulatorRequest, type HostFamily, type Method } from './request';
import type { CallShape, Route } from './route';

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
  /** The crawler API's basic-auth pair (its own credentials); default: the emulator's options. */
  crawler?: { userId: string; apiKey: string };
}

/** A direct call as built from a route; `DirectCalls` gives each its client's signature. */
export type DirectCall = (params?: object, requestOptions?: RequestOptions) => Promise<unknown>;

/**
 * The signature of a direct call no installed official client types (the crawler API, the
 * APIs that answer 501): its name is checked, its parameters and answer are not.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseCall = (params?: Record<string, any>, requestOptions?: RequestOptions) => Promise<any>;

/**
 * Builds one method per routed operation. Each call is turned into the request the v5
 * client would send (same path, query string and JSON body) and dispatched through the
 * same pipeline as HTTP, so both surfaces share one implementation.
 */
export function buildDirectCalls(core: Core, caller: Caller): Record<string, DirectCall> {
  const calls = callsOf(core, caller, core.router.routes);
  // Each API's calls apart, as the v5 client's `init<Api>()` gives them: names two APIs share
  // (`getABTest` in v2 and v3, monitoring's `getStatus`, composition's `search`) are reached there.
  for (const [client, routes] of routesByClient(core.router.routes)) {
    calls[initName(client)] = (() => callsOf(core, caller, routes)) as unknown as DirectCall;
  }
  return calls;
}

/** The direct calls of `routes`: the first route of each operation name that has a call. */
function callsOf(core: Core, caller: Caller, routes: readonly Route[]): Record<string, DirectCall> {
  const calls: Record<string, DirectCall> = {};
  for (const route of routes) {
    if (!route.call || route.operation in calls) continue;
    const call = async (params: object, requestOptions: RequestOptions) => {
      const res = await dispatch(core, toRequest(route, params as Record<string, unknown>, caller, requestOptions));
      // An answer that never completes reaches a direct call as what the client ends with: no host answered.
      if (res.transport !== undefined) throw new ApiError(0, messages.unreachable);
      if (res.status >= 400 || res.status === 0) {
        const body = res.body as { message?: string } | undefined;
        throw new ApiError(res.status, body?.message ?? `HTTP ${res.status}`);
      }
      return res.body;
    };
    // The client's methods that take no parameters take the request options first (`listApiKeys(requestOptions)`).
    calls[route.operation] = takesNoParams(route)
      ? (requestOptions = {}) => call({}, requestOptions as RequestOptions)
      : (params = {}, requestOptions = {}) => call(params, requestOptions);
  }
  return calls;
}

/** `initAbtestingV3` for `abtesting-v3`: the v5 client's name for an API's own client. */
export const initName = (client: string): string =>
  `init${client
    .split('-')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')}`;

const shapeOf = (path: string) => path.replace(/\{\w+\}/g, '{}');

/**
 * The routes of each official client but the search client (the catalogue says which client
 * an operation belongs to: same host, method and path).
 */
export function routesByClient(routes: readonly Route[]): Map<string, Route[]> {
  const owners = new Map<string, string>();
  for (const [client, , method, path, host] of CATALOGUE) owners.set(`${host} ${method} ${shapeOf(path)}`, client);
  const byClient = new Map<string, Route[]>();
  for (const route of routes) {
    const client = owners.get(`${route.host} ${route.method} ${shapeOf(route.path)}`);
    if (client === undefined || client === 'search' || !route.call) continue;
    const list = byClient.get(client) ?? [];
    list.push(route);
    byClient.set(client, list);
  }
  return byClient;
}

/** The request the real client would send for `route` called with `params`. */
export function toRequest(
  route: Route,
  given: Record<string, any>,
  caller: Caller,
  options: RequestOptions = {},
): EmulatorRequest {
  const shape = route.call ?? NO_SHAPE;
  const params = shape.prepare ? shape.prepare(given) : given;
  const path = pathOf(route, params);
  const query: Record<string, string> = {};
  if (shape.query) for (const name of shape.query) if (params[name] !== undefined) query[name] = String(params[name]);
  const extraQuery = options.queryParameters;
  for (const name in extraQuery) {
    if (!hasOwn.call(extraQuery, name)) continue;
    const value = extraQuery[name];
    if (value !== undefined) query[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  const headers: Record<string, string> =
    route.host === 'crawler'
      ? caller.crawler
        ? { authorization: basicAuth(caller.crawler.userId, caller.crawler.apiKey) }
        : {}
      : { 'x-algolia-application-id': caller.appId, 'x-algolia-api-key': caller.apiKey };
  addLowered(headers, caller.headers);
  if (shape.headers) {
    for (const param in shape.headers) {
      if (hasOwn.call(shape.headers, param) && params[param] !== undefined)
        headers[shape.headers[param].toLowerCase()] = String(params[param]);
    }
  }
  addLowered(headers, options.headers);
  const raw =
    route.method === 'GET' || shape.body === undefined
      ? undefined
      : shape.body === '$params'
        ? params
        : params[shape.body];
  const { body, text, error } = wireBody(raw);
  const request = new DirectRequest(route, path, query, headers, body, text);
  if (error !== undefined) request.bodyError = error;
  return request;
}

/**
 * A direct call's request. Its body size is counted when read (two routes check it): a large
 * body is not serialized on every call. A class: an object literal with an accessor costs more
 * to create than the rest of the request.
 */
class DirectRequest implements EmulatorRequest {
  readonly method: Method;
  readonly host: HostFamily;
  readonly surface = 'direct';
  declare bodyText?: string;
  declare bodyError?: string;
  #size: number | undefined;
  readonly #text: string | undefined;

  constructor(
    route: Route,
    readonly path: string,
    readonly query: Record<string, string>,
    readonly headers: Record<string, string>,
    readonly body: unknown,
    text: string | undefined,
  ) {
    this.method = route.method;
    this.host = route.host;
    this.#size = body === undefined ? 0 : undefined;
    this.#text = text;
    // Re-serializing the parsed body writes the same text.
    if (text !== undefined) this.bodyText = text;
  }

  get bodySize(): number {
    return (this.#size ??= utf8Length(this.#text ?? JSON.stringify(this.body)));
  }

  set bodySize(value: number) {
    this.#size = value;
  }
}

const NO_SHAPE: CallShape = {};

/** A route whose call reads nothing from its parameters: no path placeholder, query, body or header. */
function takesNoParams(route: Route): boolean {
  const shape = route.call ?? NO_SHAPE;
  return !shape.query && shape.body === undefined && !shape.headers && !route.path.includes('{');
}

/** A route's path cut at its placeholders: literal text, then a placeholder name, alternately. */
const pathParts = new WeakMap<Route, readonly string[]>();

/** The route's path with each `{name}` replaced by the encoded parameter of that name. */
function pathOf(route: Route, params: Record<string, any>): string {
  let parts = pathParts.get(route);
  if (!parts) pathParts.set(route, (parts = route.path.split(/\{(\w+)\}/)));
  let path = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const value = params[parts[i]];
    if (value === undefined || value === null || value === '') {
      throw new ApiError(400, `Parameter \`${parts[i]}\` is required when calling \`${route.operation}\`.`);
    }
    path += encodeURIComponent(String(value)) + parts[i + 1];
  }
  return path;
}

/** An `Authorization: Basic` value for a user and key (UTF-8, as browsers and undici encode it). */
export function basicAuth(userId: string, apiKey: string): string {
  const bytes = new TextEncoder().encode(`${userId}:${apiKey}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** Copies `extra` into `headers` under lower-cased names. */
function addLowered(headers: Record<string, string>, extra: Record<string, string> | undefined): void {
  for (const name in extra) if (hasOwn.call(extra, name)) headers[name.toLowerCase()] = extra[name];
}

/**
 * What the wire would carry for `raw`: `JSON.parse(JSON.stringify(raw))`, so direct calls see
 * exactly what an HTTP request would. Plain data (the usual body) is copied directly, which
 * gives the same value without writing the text (a large batch's text is megabytes; the API
 * log keeps only its first characters); anything else (toJSON, class instances, functions,
 * cycles) takes the round trip itself, and its text comes along. A body nested deeper than
 * {@link MAX_JSON_DEPTH} is not copied: `error` says why the server refuses it, as over HTTP.
 */
export function wireBody(raw: unknown): { body: unknown; text?: string; error?: string } {
  if (raw === undefined) return { body: undefined };
  const copy = jsonCopy(raw, 0);
  if (copy !== NOT_PLAIN && copy !== TOO_DEEP_VALUE) return { body: copy };
  let text: string | undefined;
  try {
    text = JSON.stringify(raw);
  } catch (error) {
    // A cycle stays the caller's TypeError, as with the real client; only depth overflows.
    if (error instanceof RangeError) return { body: undefined, error: TOO_DEEP };
    throw error;
  }
  if (text === undefined) return { body: undefined };
  // Deep but writable, or a toJSON that nests what it returns: the text tells.
  return textDeeperThan(text) ? { body: undefined, error: TOO_DEEP } : { body: JSON.parse(text), text };
}

const hasOwn = Object.prototype.hasOwnProperty;

/** {@link jsonCopy} met a value only the JSON round trip handles faithfully. */
const NOT_PLAIN: unique symbol = Symbol('not plain JSON data');
/** {@link jsonCopy} met an array or object past {@link MAX_JSON_DEPTH} levels. */
const TOO_DEEP_VALUE: unique symbol = Symbol('nested too deeply');

/**
 * `JSON.parse(JSON.stringify(value))` for plain data: strings, booleans, null, numbers (-0 and
 * non-finite ones as JSON writes them: 0 and null), arrays (holes and undefined as null) and
 * objects whose prototype is Object.prototype or null (undefined members dropped), none with
 * a `toJSON`. Anything else gives NOT_PLAIN; an array or object past the nesting limit gives
 * TOO_DEEP_VALUE (`depth` counts the containers around `value`).
 */
function jsonCopy(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'object':
      break;
    default:
      return NOT_PLAIN;
  }
  if (value === null) return null;
  if (depth >= MAX_JSON_DEPTH) return TOO_DEEP_VALUE;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return NOT_PLAIN;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const copy = item === undefined ? null : jsonCopy(item, depth + 1);
      if (copy === NOT_PLAIN || copy === TOO_DEEP_VALUE) return copy;
      out.push(copy);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  // Own enumerable keys in Object.keys order, without a key list per object.
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    // An own `__proto__` member would set the copy's prototype instead of a property.
    if (key === '__proto__') return NOT_PLAIN;
    const copy = jsonCopy(item, depth + 1);
    if (copy === NOT_PLAIN || copy === TOO_DEEP_VALUE) return copy;
    out[key] = copy;
  }
  return out;
}
