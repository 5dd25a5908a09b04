import { HttpResponse } from 'msw';
import type { Core } from '../emulator/core';
import type { EmulatorResponse } from '../emulator/request';

/**
 * An answer a timeout fault keeps from completing, as msw renders it: `no-answer` sends
 * nothing until the client gives up (its connect timeout, a real timer of the client's own);
 * `no-body` sends the status line and headers, then a body that never ends (its response
 * timeout). No timer here: the wait ends when the client aborts or the faults are cleared.
 */
export async function stalledResponse(
  core: Core,
  res: EmulatorResponse,
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<Response> {
  if (res.transport === 'no-answer') {
    await core.faults.hold(Infinity, signal);
    return HttpResponse.error();
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      void core.faults
        .hold(Infinity, signal)
        .then(() => controller.error(new Error('search-emulator: a held answer was released')));
    },
  });
  return new HttpResponse(body, { status: res.status, headers: { ...headers, ...res.headers } });
}
