import { toMilliseconds, type Duration } from '../../clock';
import type { HostFamily } from '../request';
import type { OperationName } from '../direct-calls';
import { helperHint } from '../journal/helpers';
import type { Router } from '../router';

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
  readonly operation?: OperationName | readonly OperationName[];
  /**
   * Clusters of the application (the `clusters` option, else its one cluster; docs/monitoring.md):
   * search-family requests they serve (a request's `X-Algolia-User-ID` picks its user's
   * cluster; other requests go to the first one). Monitoring reports the incident.
   */
  readonly cluster?: string | readonly string[];
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
  readonly clusters?: ReadonlySet<string>;
  readonly latency: number;
  /** Requests it may still act on. */
  remaining: number;
  /** Requests it acted on. */
  hits: number;
}

const KINDS = new Set<FaultKind>(['down', 'timeout', 'status', 'latency']);

/** What a fault's scope is checked against: the route table. */
export type FaultTargets = Pick<Router, 'hosts' | 'unknownOperation'>;

/**
 * The spec checked against the route table, or a TypeError/RangeError that says what is wrong
 * (these are test-code mistakes: a fault that cannot act, or one that would break every request).
 */
export function toRule(
  id: number,
  spec: FaultSpec,
  targets: FaultTargets,
  clusterNames: readonly string[] = [],
): FaultRule {
  if (spec === null || typeof spec !== 'object' || !KINDS.has(spec.kind)) {
    throw new TypeError(`A fault needs a kind: one of ${[...KINDS].join(', ')}; got ${JSON.stringify(spec)}`);
  }
  const times = spec.times ?? Infinity;
  if (times !== Infinity && (!Number.isInteger(times) || times < 1))
    throw new RangeError(`fault.times must be a positive integer, got ${String(spec.times)}`);
  const rate = spec.rate ?? 1;
  if (typeof rate !== 'number' || !(rate > 0 && rate <= 1))
    throw new RangeError(`fault.rate must be a number in (0, 1], got ${String(spec.rate)}`);
  if (spec.hostname !== undefined && typeof spec.hostname !== 'string' && !(spec.hostname instanceof RegExp)) {
    throw new TypeError(`fault.hostname must be a host name (string) or a RegExp, got ${shown(spec.hostname)}`);
  }
  const hosts = spec.host === undefined ? undefined : namesOf(spec.host, 'fault.host');
  for (const host of hosts ?? []) {
    if (!targets.hosts.has(host as HostFamily))
      throw new TypeError(`fault.host ${shown(host)} is no host family: one of ${[...targets.hosts].join(', ')}`);
  }
  const operations = spec.operation === undefined ? undefined : namesOf(spec.operation, 'fault.operation');
  for (const operation of operations ?? []) {
    const unknown = targets.unknownOperation(operation);
    // A helper sends several requests: the fault names the operation they are.
    if (unknown !== undefined) throw new TypeError(`fault.operation: ${helperHint(operation) ?? unknown}`);
  }
  const clusters = spec.cluster === undefined ? undefined : namesOf(spec.cluster, 'fault.cluster');
  for (const cluster of clusters ?? []) {
    if (!clusterNames.includes(cluster as string))
      throw new TypeError(
        `fault.cluster ${shown(cluster)} is no cluster of the application: one of ${clusterNames.join(', ')}`,
      );
  }
  if (spec.kind === 'timeout' && spec.phase !== undefined && spec.phase !== 'connect' && spec.phase !== 'response') {
    throw new TypeError(`fault.phase must be 'connect' or 'response', got ${JSON.stringify(spec.phase)}`);
  }
  if (spec.kind === 'status') {
    if (!Number.isInteger(spec.status) || spec.status < 400 || spec.status > 599)
      throw new RangeError(`fault.status must be an error status (400-599), got ${String(spec.status)}`);
    if (spec.retryAfter !== undefined && (!Number.isInteger(spec.retryAfter) || spec.retryAfter < 0)) {
      throw new RangeError(`fault.retryAfter is whole seconds (0 or more), got ${String(spec.retryAfter)}`);
    }
    if (spec.message !== undefined && typeof spec.message !== 'string')
      throw new TypeError(`fault.message must be a string, got ${shown(spec.message)}`);
  }
  if (spec.kind === 'latency' && spec.latency === undefined) throw new TypeError('fault.latency is required');
  const latency = spec.kind === 'latency' || spec.kind === 'status' ? durationOf(spec.latency ?? 0) : 0;
  return {
    id,
    spec,
    hosts: hosts === undefined ? undefined : new Set(hosts as HostFamily[]),
    operations: operations === undefined ? undefined : new Set(operations as string[]),
    clusters: clusters === undefined ? undefined : new Set(clusters as string[]),
    latency,
    remaining: times,
    hits: 0,
  };
}

/** A scope field (a fault's, a journal filter's) as a list: one name or an array of them. */
export function namesOf(value: unknown, field: string): unknown[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value;
  throw new TypeError(`${field} must be a name or an array of names, got ${shown(value)}`);
}

/** A fault's latency in milliseconds: finite and not negative, or the answer would be held forever. */
function durationOf(latency: Duration): number {
  // A string says what is wrong with it itself ("Invalid duration ..."); an object may add up to NaN.
  const ms =
    latency !== null && ['number', 'string', 'object'].includes(typeof latency) ? toMilliseconds(latency) : NaN;
  if (!Number.isFinite(ms) || ms < 0)
    throw new RangeError(
      `fault.latency must be a duration of 0 or more ("250ms", 1500, { seconds: 2 }), got ${shown(latency)}`,
    );
  return ms;
}

const shown = (value: unknown) => (value instanceof RegExp ? String(value) : (JSON.stringify(value) ?? String(value)));

/** Reason phrases of the statuses a fault usually sends. */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  429: 'Too many requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
