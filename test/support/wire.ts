import type { SetupServer } from 'msw/node';
import type { Emulator } from '../../src';
import type { HostFamily, Method } from '../../src/emulator/request';
import { hostPatterns } from '../../src/handlers/hosts';

/** One answer as it left msw for the client: its operation (from the route table), status and parsed body. */
export interface WireAnswer {
  readonly operation: string | undefined;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** The JSON body, or the text when it is not JSON (JSON Lines, empty). */
  readonly body: unknown;
}

/**
 * Records every answer msw sends while it runs (`response:mocked`), whatever client made the
 * request: what the official clients actually received, not what the emulator meant to send.
 */
export function captureWire(server: SetupServer, emulator: Pick<Emulator, 'appId' | 'core'>) {
  const patterns = Object.entries(hostPatterns(emulator.appId)) as [HostFamily, RegExp][];
  const pending: Promise<WireAnswer>[] = [];
  const listener = ({ request, response }: { request: Request; response: Response }) => {
    pending.push(
      (async () => {
        const text = await response.clone().text();
        const family = patterns.find(([, pattern]) => pattern.test(request.url))?.[0];
        const path = new URL(request.url).pathname;
        const match = family && emulator.core.router.match(family, request.method as Method, path);
        return {
          operation: match && match !== 'method' ? match.route.operation : undefined,
          method: request.method,
          url: request.url,
          status: response.status,
          body: parse(text),
        };
      })(),
    );
  };
  server.events.on('response:mocked', listener);
  return {
    /** The answers so far, in the order msw sent them. */
    answers: () => Promise.all(pending),
    stop: () => server.events.removeListener('response:mocked', listener),
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
