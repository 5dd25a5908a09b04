import type { Emulator } from '../emulator/create';
import { dispatch, toErrorResponse } from '../emulator/dispatch';
import { bodyText, type HostFamily } from '../emulator/request';
import { connectRecorder, plainForward, type ExchangeHook } from './exchange';
import { hostPatterns } from './hosts';
import { fromWire, requestText } from './wire';

/** The request an official client hands its requester (v5's `EndRequest`, v4's `Request`). */
export interface RequesterRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The JSON body; bytes when the client compressed it (`content-encoding: gzip`). */
  data?: string | Uint8Array;
}

/** What a requester answers (the same shape in v4 and v5). */
export interface RequesterResponse {
  content: string;
  status: number;
  isTimedOut: boolean;
}

/** A requester for the official clients' `requester` option. */
export interface Requester {
  send(request: RequesterRequest): Promise<RequesterResponse>;
}

export interface RequesterOptions {
  /**
   * A recorder (`search-emulator/record`): requests go through it, to be verified against a
   * recording, recorded from the real service (with the global `fetch`) or replayed.
   */
  readonly recorder?: ExchangeHook;
}

/**
 * A requester that answers the official clients in-process, without HTTP interception: the
 * same pipeline and answers as msw's handlers, at the cost of a function call. The v5
 * clients and v4's take it as their `requester` option.
 *
 * A request to a host the emulator does not serve (another application ID, an unknown
 * service) is refused with an error naming the URL, as msw's `onUnhandledRequest: 'error'` does.
 *
 * @example
 * import { algoliasearch } from 'algoliasearch';
 * const emulator = createEmulator({ appId: 'TESTAPP', adminApiKey: 'admin-key' });
 * const client = algoliasearch('TESTAPP', 'admin-key', { requester: createRequester(emulator) });
 */
export function createRequester(emulator: Pick<Emulator, 'core'>, options: RequesterOptions = {}): Requester {
  const { core } = emulator;
  const { recorder } = options;
  connectRecorder(recorder, core, plainForward, false);
  const patterns = Object.entries(hostPatterns(core.options.appId)) as [HostFamily, RegExp][];
  const families = new Set<HostFamily>(core.router.routes.map((r) => r.host));
  const served = patterns.filter(([family]) => families.has(family));
  return {
    async send({ method, url, headers, data }) {
      const host = served.find(([, pattern]) => pattern.test(url))?.[0];
      if (host === undefined) {
        throw new Error(
          `search-emulator: no emulated host answers ${method} ${url} (the emulator's application ID is "${core.options.appId}")`,
        );
      }
      const wire = { method, url, headers, ...(await requestText(data, contentEncoding(headers))) };
      const emulate = () => dispatch(core, fromWire(wire, host, 'requester'));
      // A recorder never fails the client's call: a bug of its own answers 500, as over msw.
      const res = recorder
        ? await recorder
            .exchange({ request: wire, family: host, emulate, forward: plainForward })
            .catch(toErrorResponse)
        : await emulate();
      // An injected timeout: the client sees its requester time out, as over HTTP, in its words.
      if (res.transport !== undefined) return { content: TIMEOUT_CONTENT[res.transport], status: 0, isTimedOut: true };
      // A host down, the firewall: the client sees a network failure, as over HTTP.
      if (res.status === 0) return { content: '', status: 0, isTimedOut: false };
      return { content: bodyText(res), status: res.status, isTimedOut: false };
    },
  };
}

/** What the official clients' own requesters answer when their connect or response timer fires. */
const TIMEOUT_CONTENT = { 'no-answer': 'Connection timeout', 'no-body': 'Socket timeout' } as const;

function contentEncoding(headers: Record<string, string>): string | undefined {
  for (const name in headers) if (name.toLowerCase() === 'content-encoding') return headers[name].toLowerCase();
  return undefined;
}
