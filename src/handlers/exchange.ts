import type { Core } from '../emulator/core';
import { toErrorResponse } from '../emulator/dispatch';
import type { EmulatorResponse, HostFamily } from '../emulator/request';
import { requestText, type WireRequest } from './wire';

/** A request sent past the surface's own interception (the target of a recording). */
export interface ForwardRequest {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** Sends a request to the network: msw's handlers wrap it in `bypass()`, the others use `fetch`. */
export type Forward = (url: string, init: ForwardRequest) => Promise<Response>;

/** One request a surface hands to a recorder instead of answering it itself. */
export interface Exchange {
  /** The request as it left the client (body gunzipped). */
  readonly request: WireRequest;
  readonly family: HostFamily;
  /** The emulator's answer: runs the operation. */
  emulate(): Promise<EmulatorResponse>;
  /** How this surface reaches the network without meeting its own interception again. */
  readonly forward: Forward;
}

/**
 * What the surfaces need of a recorder (`search-emulator/record`): the emulator it records, and
 * one function that answers an exchange (from the emulator, the recording or the real service).
 * A structural type, so the surfaces never load the recorder.
 */
export interface ExchangeHook {
  readonly core: Core;
  exchange(exchange: Exchange): Promise<EmulatorResponse>;
  /**
   * A surface says how it reaches the network when it is created (msw: past its own
   * interception), for requests the recorder makes on its own (seeding calls, task polls).
   */
  connect?(forward: Forward, passesInterception: boolean): void;
}

/** A recorder's test boundaries, as the standalone server's control endpoints drive them. */
export interface RecorderControl {
  startTest(file: string, name: string): void;
  endTest(): Promise<unknown>;
  save(): Promise<unknown>;
}

/**
 * Connects a surface to its recorder; refuses a recorder made for another emulator (it would
 * record nothing, silently).
 */
export function connectRecorder(
  hook: ExchangeHook | undefined,
  core: Core,
  forward: Forward,
  passesInterception: boolean,
): void {
  if (hook === undefined) return;
  if (hook.core !== core)
    throw new TypeError('search-emulator: this recorder was created for another emulator (createRecorder(emulator))');
  hook.connect?.(forward, passesInterception);
}

/**
 * Hands an intercepted Fetch API request (msw, the server) to `hook`. The body is read from a
 * clone: `emulate` still reads the original. Never throws: a recorder bug answers 500.
 */
export async function viaHook(
  hook: ExchangeHook,
  request: Request,
  family: HostFamily,
  emulate: () => Promise<EmulatorResponse>,
  forward: Forward,
): Promise<EmulatorResponse> {
  try {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const bodiless = request.method === 'GET' || request.method === 'HEAD';
    const body = bodiless
      ? { text: '' }
      : await requestText(new Uint8Array(await request.clone().arrayBuffer()), headers['content-encoding']);
    return await hook.exchange({
      request: { method: request.method, url: request.url, headers, ...body },
      family,
      emulate,
      forward,
    });
  } catch (error) {
    return toErrorResponse(error);
  }
}

/** `forward` for surfaces with no interception of their own: the global `fetch` at call time. */
export const plainForward: Forward = (url, init) => fetch(url, init);
