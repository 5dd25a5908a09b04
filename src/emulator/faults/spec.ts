import { toMilliseconds, type Duration } from '../../clock';
import type { HostFamily } from '../request';

/**
 * Which requests a fault acts on, and how often. Every field narrows: a fault with no scope
 * acts on every request.
 */
export interface FaultScope {
  /** Host families (`'search'`, `'insights'`, ...). */
  readonly host?: HostFamily | readonly HostFamily[];
  /**
   * One real host, by name (`'TESTAPP-dsn.algolia.net'`, any case) or pattern (`/-dsn\./`).
   * Only requests that carry a URL (msw, a server) have a host name: a direct call never
   * matches a hostname-scoped fault, as a client falling back to its other hosts never sees it.
   */
  readonly hostname?: string | RegExp;
  /** Operations, by the route table's names (`'searchSingleIndex'`, `'pushEvents'`). */
  readonly operation?: string | readonly string[];
  /** Acts on the next N matching requests, then is spent. Default: every matching request. */
  readonly times?: number;
  /**
   * Acts on this fraction of the matching requests, drawn from the emulator's seeded
   * generator (the same seed and the same requests give the same draws). Default 1.
   */
  readonly rate?: number;
}

/** A host that does not answer at all: the connection fails (the client's network error). */
export interface DownFault extends FaultScope {
  readonly kind: 'down';
}

/**
 * An answer that never comes. `connect`: not a byte, the request never reaches the service
 * (the client's connect timeout fires). `response`: the service runs the request and sends
 * its status line and headers, the body never ends (the client's response timeout fires).
 */
export interface TimeoutFault extends FaultScope {
  readonly kind: 'timeout';
  readonly phase?: 'connect' | 'response';
}

/** An error status in place of the operation's answer (429, 5xx); the operation does not run. */
export interface StatusFault extends FaultScope {
  readonly kind: 'status';
  readonly status: number;
  /** The body's `message`; default the status's reason (`'Service Unavailable'`). */
  readonly message?: string;
  /** `Retry-After` in seconds; sent on every 429 (default 1), on other statuses when given. */
  readonly retryAfter?: number;
  /** Held for this long on the emulator clock before it is sent. */
  readonly latency?: Duration;
}

/** The operation runs at once; its answer is held until the emulator clock has moved this far. */
export interface LatencyFault extends FaultScope {
  readonly kind: 'latency';
  readonly latency: Duration;
}

export type FaultSpec = DownFault | TimeoutFault | StatusFault | LatencyFault;
export type FaultKind = FaultSpec['kind'];

/** What the journal and the dispatch event say about the fault a request met. */
export interface AppliedFault {
  readonly kind: FaultKind;
  /** The fault's position among those added (1 for the first), for messages. */
  readonly id: number;
  /** `timeout` faults: which wait never ends. */
  readonly phase?: 'connect' | 'response';
  /** `status` faults: the status sent. */
  readonly status?: number;
  /** Milliseconds of emulator clock the answer waits for (latency, a slow status). */
  readonly latency?: number;
}

/** A fault as the emulator keeps it: validated, the latency in milliseconds. */
export interface FaultRule {
  readonly id: number;
  readonly spec: FaultSpec;
  readonly hosts?: ReadonlySet<HostFamily>;
  readonly operations?: ReadonlySet<string>;
  readonly latency: number;
  /** Requests it may still act on. */
  remaining: number;
  /** Requests it acted on. */
  hits: number;
}

const KINDS = new Set<FaultKind>(['down', 'timeout', 'status', 'latency']);

/** The spec checked, or a TypeError/RangeError that says what is wrong (these are test-code mistakes). */
export function toRule(id: number, spec: FaultSpec): FaultRule {
  if (spec === null || typeof spec !== 'object' || !KINDS.has(spec.kind)) {
    throw new TypeError(`A fault needs a kind: one of ${[...KINDS].join(', ')}; got ${JSON.stringify(spec)}`);
  }
  const times = spec.times ?? Infinity;
  if (times !== Infinity && (!Number.isInteger(times) || times < 1))
    throw new RangeError(`fault.times must be a positive integer, got ${String(spec.times)}`);
  const rate = spec.rate ?? 1;
  if (typeof rate !== 'number' || !(rate > 0 && rate <= 1))
    throw new RangeError(`fault.rate must be a number in (0, 1], got ${String(spec.rate)}`);
  if (spec.kind === 'timeout' && spec.phase !== undefined && spec.phase !== 'connect' && spec.phase !== 'response') {
    throw new TypeError(`fault.phase must be 'connect' or 'response', got ${JSON.stringify(spec.phase)}`);
  }
  if (spec.kind === 'status') {
    if (!Number.isInteger(spec.status) || spec.status < 400 || spec.status > 599)
      throw new RangeError(`fault.status must be an error status (400-599), got ${String(spec.status)}`);
    if (spec.retryAfter !== undefined && (!Number.isInteger(spec.retryAfter) || spec.retryAfter < 0)) {
      throw new RangeError(`fault.retryAfter is whole seconds (0 or more), got ${String(spec.retryAfter)}`);
    }
  }
  const latency = spec.kind === 'latency' || spec.kind === 'status' ? toMilliseconds(spec.latency ?? 0) : 0;
  if (latency < 0) throw new RangeError(`fault.latency must not be negative, got ${latency} ms`);
  return {
    id,
    spec,
    hosts: spec.host === undefined ? undefined : new Set(typeof spec.host === 'string' ? [spec.host] : spec.host),
    operations:
      spec.operation === undefined
        ? undefined
        : new Set(typeof spec.operation === 'string' ? [spec.operation] : spec.operation),
    latency,
    remaining: times,
    hits: 0,
  };
}

/** Reason phrases of the statuses a fault usually sends. */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  429: 'Too many requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
