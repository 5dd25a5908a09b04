import type { Router } from '../emulator/router';
import { bodyText, type EmulatorResponse, type HostFamily, type Method } from '../emulator/request';
import type { WireRequest } from '../handlers/wire';
import type { RecordedExchange, RecordedRequest, RecordedResponse } from './format';
import { compilePath, placesOf } from './paths';
import type { Redactor } from './redact';

/** Credential names, in headers and query strings (either spelling), lower case. */
const CREDENTIALS = ['x-algolia-api-key', 'x-service-api-key'];
const APP_IDS = ['x-algolia-application-id', 'x-service-application-id'];
/**
 * Left out of recorded query strings: credentials, the agent (it changes with every client
 * release) and the request ID browser builds draw for each request.
 */
const UNRECORDED = new Set([...CREDENTIALS, ...APP_IDS, 'x-algolia-agent', 'x-algolia-request-id']);
const API_KEY_FIELDS = compilePath('**.apiKey');
const KEY_FIELDS = [compilePath('**.key'), compilePath('**.value')];

/** An answer as recorded: JSON parsed, other text kept as text. */
export function recordedResponse(status: number, text: string, contentType: string | undefined): RecordedResponse {
  if (text === '') return { status };
  if (contentType === undefined || contentType.includes('json')) {
    try {
      return { status, body: JSON.parse(text) };
    } catch {
      // Not JSON after all (JSON Lines): kept as text.
    }
  }
  return { status, text };
}

/** The emulator's answer as recorded. */
export function emulatorResponse(res: EmulatorResponse): RecordedResponse {
  return recordedResponse(
    res.status,
    res.body === undefined && res.text === undefined ? '' : bodyText(res),
    res.headers['content-type'],
  );
}

/**
 * A request and its answer as a recording holds them, keys redacted: the request's credentials
 * (headers, query string, basic auth), key path parameters and the keys the key routes reveal,
 * `apiKey` fields and secured keys anywhere become placeholders.
 */
export function captureExchange(
  wire: WireRequest,
  host: HostFamily,
  response: RecordedResponse,
  router: Router,
  redactor: Redactor,
): RecordedExchange {
  const { secrets } = redactor;
  const url = new URL(wire.url);
  const method = wire.method.toUpperCase();
  for (const [name, value] of Object.entries(wire.headers)) {
    const lower = name.toLowerCase();
    if (CREDENTIALS.includes(lower)) secrets.add(value);
    else if (lower === 'authorization') secrets.add(basicPassword(value));
  }
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, name) => {
    const lower = name.toLowerCase();
    if (CREDENTIALS.includes(lower)) secrets.add(value);
    if (!UNRECORDED.has(lower)) query[name] = value;
  });
  const path = rawPath(wire.url);
  const body = wire.text.trim() === '' ? undefined : parsed(wire.text);
  const match = router.match(host, method as Method, path);
  const route = typeof match === 'object' ? match : undefined;
  if (route && /\/keys(?:\/|$)/.test(route.route.path)) {
    secrets.add(route.params.key);
    for (const pattern of KEY_FIELDS)
      for (const root of [body, response.body])
        for (const { parent, key } of placesOf(root, pattern)) secrets.add((parent as Record<string, unknown>)[key]);
  }
  for (const root of [body, response.body])
    for (const { parent, key } of placesOf(root, API_KEY_FIELDS)) secrets.add((parent as Record<string, unknown>)[key]);
  const request: RecordedRequest = {
    method,
    host,
    path: redactor.text(path),
    ...(Object.keys(query).length > 0 ? { query: redactor.value(query) } : {}),
    ...(body !== undefined ? { body: redactor.value(body) } : {}),
  };
  return {
    ...(route ? { operation: route.route.operation } : {}),
    request,
    response: redactor.value(response),
  };
}

/** The path as sent, without the query string. */
export function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const end = url.indexOf('?', start);
  return url.slice(start, end < 0 ? undefined : end);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The password of an `Authorization: Basic` value (the crawler API's key). */
function basicPassword(value: string): string | undefined {
  const match = /^basic\s+(\S+)$/i.exec(value);
  if (!match) return undefined;
  try {
    const decoded = atob(match[1]);
    return decoded.slice(decoded.indexOf(':') + 1);
  } catch {
    return undefined;
  }
}
