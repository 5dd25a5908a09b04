import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Core } from '../emulator/core';
import { dispatch, toErrorResponse } from '../emulator/dispatch';
import { ApiError, payloadTooLarge } from '../emulator/errors';
import { bodyText, JSON_TYPE, readCredential, type EmulatorResponse, type Method } from '../emulator/request';
import { plainForward, viaHook, type ExchangeHook, type RecorderControl } from '../handlers/exchange';
import { CORS_HEADERS, toEmulatorRequest } from '../handlers/fetch-request';
import type { Apps } from './apps';
import { CONTROL_PREFIX, control, type StoredSnapshot } from './control';
import { isInspectorPath, serveInspector } from './inspector-page';
import { streamedApp, streamJournal } from './journal-stream';
import { destinationOf } from './families';

export interface ListenerOptions {
  readonly apps: Apps;
  /** Bodies larger than this many bytes answer 413. */
  readonly maxBodyBytes: number;
  /** Called once per request, answered or not (the CLI's `--verbose`). */
  readonly onRequest?: (line: RequestLine) => void;
  /** Serve the inspector at `/_inspector` (docs/inspector.md). Default true. */
  readonly inspector?: boolean;
  /** The default application's recorder (`startServer`'s `recorder`). */
  readonly recorder?: ExchangeHook & RecorderControl;
}

/** The listener, and a way to end the long-lived answers (journal streams) when the server closes. */
export interface Listener {
  (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void>;
  endStreams(): void;
}

export interface RequestLine {
  readonly method: string;
  /** The path, without the query string (the clients put their agent there). */
  readonly path: string;
  readonly status: number;
  readonly appId?: string;
  readonly family?: string;
  /**
   * An answer that never completed: `'network error'` (the connection was closed: a host down,
   * the firewall, a connect timeout once the client gave up), `'no body'` (a response timeout:
   * the head went out, the body never ends).
   */
  readonly failure?: 'network error' | 'no body';
}

/** The application a request went to, for an answer a fault holds (it is let go when that application's faults are cleared). */
interface Held {
  core?: Core;
}

/**
 * The server's request listener: the same pipeline as the msw handlers (the request becomes
 * an EmulatorRequest, the application's dispatcher answers), plus the control endpoints.
 * It never throws: a bug answers 500 like any other.
 */
export function createListener(options: ListenerOptions): Listener {
  const snapshots = new Map<string, StoredSnapshot>();
  const closing = new AbortController();
  const listener = async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    const pathname = new URL(incoming.url ?? '/', 'http://localhost').pathname;
    const method = (incoming.method ?? 'GET').toUpperCase();
    const streamed = streamedApp(method, pathname);
    if (streamed !== undefined) {
      options.onRequest?.({ method, path: pathname, status: 200, appId: streamed });
      return streamJournal(incoming, outgoing, options.apps, streamed, closing.signal);
    }
    if (options.inspector !== false && isInspectorPath(pathname)) {
      serveInspector(method, pathname, outgoing);
      options.onRequest?.({ method, path: pathname, status: outgoing.statusCode });
      return;
    }
    const line: { -readonly [K in keyof RequestLine]: RequestLine[K] } = {
      method: incoming.method ?? 'GET',
      path: (incoming.url ?? '/').split('?')[0],
      status: 0,
    };
    // Aborted when the client goes away: an answer held by a fault is let go then.
    const gone = new AbortController();
    outgoing.once('close', () => gone.abort());
    const held: Held = {};
    let res: EmulatorResponse | 'network error';
    try {
      res = await answer(incoming, options, snapshots, line, gone.signal, held);
    } catch (error) {
      res = toErrorResponse(error);
    }
    if (res === 'network error') {
      incoming.socket.destroy();
      options.onRequest?.({ ...line, failure: 'network error' });
      return;
    }
    line.status = res.status;
    if (res.transport === 'no-body') {
      // A response timeout: the head goes out, the body never ends; the client's own timer gives up.
      outgoing.writeHead(res.status, { ...CORS_HEADERS, 'content-type': JSON_TYPE, ...res.headers });
      outgoing.flushHeaders();
      options.onRequest?.({ ...line, failure: 'no body' });
      await held.core?.faults.hold(Infinity, gone.signal);
      incoming.socket.destroy();
      return;
    }
    const text = res.body === undefined ? '' : bodyText(res);
    outgoing.writeHead(res.status, { ...CORS_HEADERS, 'content-type': JSON_TYPE, ...res.headers });
    outgoing.end(text);
    options.onRequest?.(line);
  };
  return Object.assign(listener, { endStreams: () => closing.abort() });
}

async function answer(
  incoming: IncomingMessage,
  options: ListenerOptions,
  snapshots: Map<string, StoredSnapshot>,
  line: { appId?: string; family?: string },
  signal: AbortSignal,
  held: Held,
): Promise<EmulatorResponse | 'network error'> {
  const method = (incoming.method ?? 'GET').toUpperCase();
  const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? 'localhost'}`);
  const body = await readBody(incoming, options.maxBodyBytes);
  if (method === 'OPTIONS') return preflight(incoming);
  if (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
    const text = body.toString('utf8');
    let parsed: unknown;
    if (text.trim() !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'Invalid JSON');
      }
    }
    const result = await control(
      method,
      url.pathname.slice(CONTROL_PREFIX.length),
      parsed,
      options.apps,
      snapshots,
      options.recorder,
    );
    return { status: 200, headers: {}, body: result };
  }
  const probe = options.apps.get(options.apps.defaultAppId);
  const destination = destinationOf(probe.core.router, method as Method, incoming.headers.host ?? '', url.pathname);
  if (!destination) throw new ApiError(404, `Path not found: ${method} ${url.pathname}`);
  const request = new Request(new URL(destination.path + url.search, url), {
    method,
    headers: headersOf(incoming),
    body: method === 'GET' || method === 'HEAD' || body.length === 0 ? undefined : new Uint8Array(body),
  });
  // The recorder reads the body from its own copy: the emulator's request reads this one.
  const recorded = options.recorder ? request.clone() : undefined;
  const req = await toEmulatorRequest(request, destination.family, 'server');
  req.url = url.href;
  req.signal = signal;
  const appId = readCredential(req, 'application-id') ?? destination.appId ?? options.apps.defaultAppId;
  line.appId = appId;
  line.family = destination.family;
  const { core } = options.apps.forRequest(appId, readCredential(req, 'api-key'));
  const emulate = () => dispatch(core, req);
  const { recorder } = options;
  const res =
    recorder?.core === core && recorded
      ? await viaHook(recorder, recorded, destination.family, emulate, plainForward)
      : await emulate();
  held.core = core;
  // A connect timeout: nothing is sent until the client gives up (or the faults are cleared).
  if (res.transport === 'no-answer') await core.faults.hold(Infinity, signal);
  return res.status === 0 ? 'network error' : res;
}

/**
 * A CORS preflight: any origin may call, with the headers it asks for (the clients send
 * `x-algolia-*` headers; echoing the list also works where a wildcard is not honoured).
 */
function preflight(incoming: IncomingMessage): EmulatorResponse {
  const asked = incoming.headers['access-control-request-headers'];
  return { status: 204, headers: asked ? { 'access-control-allow-headers': String(asked) } : {}, body: undefined };
}

function headersOf(incoming: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (
      value === undefined ||
      name === 'host' ||
      name === 'content-length' ||
      name === 'connection' ||
      name === 'transfer-encoding'
    )
      continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** The whole body, or a 413 once it passes the limit (the rest is read and dropped). */
async function readBody(incoming: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit)
    throw payloadTooLarge(`Request body of ${size} bytes is over this server's limit of ${limit} bytes (--max-body)`);
  return Buffer.concat(chunks);
}
